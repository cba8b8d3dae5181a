import { describe, expect, it } from 'vitest';
import { deliveryTimeText, dueWhenLines, dueWhenText } from './due-when.ts';

describe('what is due when', () => {
  it('says a deposit plan in dollars from the total', () => {
    expect(dueWhenText({ kind: 'deposit', depositPercent: 50 }, 80)).toBe(
      'Deposit on acceptance $40.00 · Remainder on delivery $40.00',
    );
  });

  it('pays in full on acceptance', () => {
    expect(dueWhenText({ kind: 'full' }, 25.5)).toBe('In full on acceptance $25.50');
  });

  it('gives the rounding to the last part, so the parts add up to the total exactly', () => {
    const lines = dueWhenLines(
      {
        kind: 'milestones',
        milestones: [
          { name: 'Sketch', percent: 33, stage: 'acceptance' },
          { name: 'Colours', percent: 33, stage: 'wip' },
          { name: 'Final', percent: 34, stage: 'delivery' },
        ],
      },
      10.01,
    );
    expect(lines.map((l) => l.amount)).toEqual([3.3, 3.3, 3.41]);
    expect(lines.reduce((s, l) => s + Math.round(l.amount * 100), 0)).toBe(1001);
    expect(lines[1]!.text).toBe('Colours when a work in progress is shared $3.30');
  });

  it('says the delivery time, or nothing when the card promises none', () => {
    expect(deliveryTimeText(7)).toBe('Delivered within 7 days of acceptance');
    expect(deliveryTimeText(1)).toBe('Delivered within 1 day of acceptance');
    expect(deliveryTimeText(null)).toBeNull();
  });
});
