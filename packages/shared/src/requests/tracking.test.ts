import { describe, expect, it } from 'vitest';
import { TASK_STATUSES } from '../orders/constants.ts';
import { answeredStatus, trackingStateOf } from './tracking.ts';

describe('tracking states (decision 0018)', () => {
  it('maps every application status and task status', () => {
    const approved = Object.fromEntries(TASK_STATUSES.map((s) => [s, trackingStateOf('approved', s)]));
    expect(approved).toEqual({
      none: 'approved',
      waiting: 'approved',
      processing: 'processing',
      finished: 'processing',
      done: 'done',
      canceled: 'declined',
      declined: 'declined',
    });
    expect(trackingStateOf('approved', null)).toBe('approved');
    expect(trackingStateOf('declined', null)).toBe('declined');
    expect(trackingStateOf('pending', null)).toBeNull();
  });

  it('answers only a pending application', () => {
    expect(answeredStatus('pending', 'confirm')).toBe('approved');
    expect(answeredStatus('pending', 'reject')).toBe('declined');
    expect(answeredStatus('approved', 'reject')).toBeNull();
    expect(answeredStatus('declined', 'confirm')).toBeNull();
  });
});
