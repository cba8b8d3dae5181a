import { describe, expect, it } from 'vitest';
import { makeMoney } from './test/order-fixtures.ts';
import { dueText, invoiceHref, lastInstructions, partStatusText, timelineText } from './money-text.ts';

const DAY = 86_400_000;

describe('money text', () => {
  it('says the due date with the days left, today, overdue, or only the date once delivered', () => {
    const now = Date.parse('2026-01-01T12:00:00.000Z');
    const money = (dueAt: string, overdue = false) => ({ dueAt, overdue });
    expect(dueText(money(new Date(now + 8 * DAY).toISOString()), true, now)).toMatch(/^Due .* · in 8 days$/);
    expect(dueText(money(new Date(now + DAY).toISOString()), true, now)).toMatch(/· in 1 day$/);
    expect(dueText(money(new Date(now + 3600_000).toISOString()), true, now)).toMatch(/^Due .* · in 1 day$/);
    expect(dueText(money(new Date(now - 3600_000).toISOString()), true, now)).toMatch(/^Due today, /);
    expect(dueText(money(new Date(now - DAY).toISOString(), true), true, now)).toMatch(/^Overdue since /);
    expect(dueText(money(new Date(now - DAY).toISOString()), false, now)).toMatch(/^Due date /);
    expect(dueText({ dueAt: null, overdue: false }, true, now)).toBeNull();
  });

  it('names a timeline event with its part and amount', () => {
    const { parts } = makeMoney(4);
    const event = { id: 1, partIndex: 1, amount: 40, note: '', by: null, createdAt: '2026-01-01T00:00:00Z' };
    expect(timelineText({ ...event, kind: 'requested' }, parts)).toBe(
      'Remainder: payment asked for · $40.00',
    );
    expect(timelineText({ ...event, kind: 'extensionAsked', partIndex: null, amount: null }, parts)).toBe(
      'More time asked for',
    );
  });

  it('starts a request from the latest instructions the artist wrote on the order', () => {
    const [a, b] = makeMoney(4).parts;
    expect(lastInstructions([a!, b!])).toBe('');
    expect(
      lastInstructions([
        { ...a!, instructions: 'old', requestedAt: '2026-01-01T00:00:00Z' },
        { ...b!, instructions: 'new', requestedAt: '2026-01-02T00:00:00Z' },
      ]),
    ).toBe('new');
  });

  it('says a part’s status for each side, and where an invoice is', () => {
    expect(partStatusText('marked', 'artist')).toBe('Marked paid: confirm it');
    expect(partStatusText('requested', 'buyer')).toBe('To pay');
    expect(partStatusText('scheduled', 'buyer', true)).toBe('Not owed: the order ended');
    expect(partStatusText('requested', 'artist', true)).toBe('Not owed: the order ended');
    expect(partStatusText('confirmed', 'artist', true)).toBe('Paid');
    expect(invoiceHref(4, 'INV-ann-0001')).toBe('/api/comissionform/4/invoices/INV-ann-0001.pdf');
  });
});
