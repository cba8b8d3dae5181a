import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TASK_STATUSES, type TaskStatus } from './constants.ts';
import {
  allowedActions,
  COMMISSIONER_COLUMN_STATUSES,
  COMMISSIONER_COLUMNS,
  commissionerColumnOf,
  FINAL_TASK_STATUSES,
  isFinalStatus,
  nextStatus,
  TASK_ACTIONS,
  TASK_SIDES,
  TASK_WAITS_FOR,
  waitsFor,
  type TaskAction,
  type TaskSide,
} from './status-machine.ts';

/**
 * The SPEC §4 rules written out a second way (status → side → action → next), so the table in
 * status-machine.ts is checked against an independent reading, not against itself.
 */
const model: Record<TaskStatus, Partial<Record<TaskSide, Partial<Record<TaskAction, TaskStatus>>>>> = {
  none: { artist: { accept: 'waiting', decline: 'declined' }, buyer: { cancel: 'canceled' } },
  waiting: { artist: { start: 'processing' } },
  processing: { artist: { deliver: 'finished' } },
  finished: { buyer: { approve: 'done', sendBack: 'processing' } },
  done: {},
  canceled: {},
  declined: {},
};
const modelNext = (s: TaskStatus, a: TaskAction, side: TaskSide) => model[s][side]?.[a] ?? null;

const command = fc.record({ action: fc.constantFrom(...TASK_ACTIONS), side: fc.constantFrom(...TASK_SIDES) });

describe('status machine', () => {
  it('agrees with the model on every (status, action, side)', () => {
    for (const s of TASK_STATUSES)
      for (const a of TASK_ACTIONS)
        for (const side of TASK_SIDES)
          expect(nextStatus(s, a, side), `${s} ${a} ${side}`).toBe(modelNext(s, a, side));
  });

  it('random command sequences never leave the model or reach an unknown status', () => {
    fc.assert(
      fc.property(fc.array(command, { maxLength: 30 }), (commands) => {
        let status: TaskStatus = 'none';
        let modelStatus: TaskStatus = 'none';
        for (const { action, side } of commands) {
          const next = nextStatus(status, action, side);
          const expected = modelNext(modelStatus, action, side);
          if (next !== expected) return false;
          if (next !== null) status = next;
          if (expected !== null) modelStatus = expected;
          if (!TASK_STATUSES.includes(status) || status !== modelStatus) return false;
        }
        return true;
      }),
      { numRuns: 5000 },
    );
  });

  it('final statuses allow no move; the buyer may cancel only while none (SPEC §4)', () => {
    for (const s of FINAL_TASK_STATUSES) {
      expect(isFinalStatus(s)).toBe(true);
      for (const side of TASK_SIDES) expect(allowedActions(s, side)).toEqual([]);
    }
    for (const s of TASK_STATUSES) expect(nextStatus(s, 'cancel', 'buyer') !== null).toBe(s === 'none');
  });

  it('lists the buttons each side may press now', () => {
    expect(allowedActions('none', 'artist')).toEqual(['accept', 'decline']);
    expect(allowedActions('none', 'buyer')).toEqual(['cancel']);
    expect(allowedActions('finished', 'buyer')).toEqual(['approve', 'sendBack']);
    expect(allowedActions('finished', 'artist')).toEqual([]);
  });

  it('puts every status in exactly one commissioner column (SPEC §4)', () => {
    for (const s of TASK_STATUSES) {
      const columns = COMMISSIONER_COLUMNS.filter((c) => COMMISSIONER_COLUMN_STATUSES[c].includes(s));
      expect(columns, s).toHaveLength(1);
      expect(commissionerColumnOf(s)).toBe(columns[0]);
    }
    expect(commissionerColumnOf('waiting')).toBe('pending');
    expect(commissionerColumnOf('declined')).toBe('canceled');
  });

  it('waits for the side whose move comes next, and for no one once final', () => {
    for (const s of TASK_STATUSES) {
      const side = TASK_WAITS_FOR[s];
      if (isFinalStatus(s)) expect(side, s).toBeNull();
      else expect(allowedActions(s, side!).length, s).toBeGreaterThan(0);
    }
    // The buyer's cancel does not make a new request the buyer's turn: the artist owes an answer.
    expect(waitsFor('none', 'artist')).toBe(true);
    expect(waitsFor('none', 'buyer')).toBe(false);
    expect(['waiting', 'processing'].every((s) => waitsFor(s as TaskStatus, 'artist'))).toBe(true);
    expect(waitsFor('finished', 'buyer')).toBe(true);
    expect(waitsFor('finished', 'artist')).toBe(false);
  });
});
