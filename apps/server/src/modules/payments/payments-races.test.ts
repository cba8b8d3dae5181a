import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderMoney } from '@brushline/shared/payments/schemas';
import type { SentForm } from '@brushline/shared/orders/schemas';
import { createTestApp, registerUser, type TestApp } from '../../test/harness.ts';
import { call, createCard, registerArtist, sendForm, statusOf, type TestUser } from '../../test/kit.ts';
import { findLedger } from './payments.repo.ts';

/**
 * Every pair of money actions that can meet on one order, sent at the same moment (on PostgreSQL
 * they truly overlap; on PGlite they interleave at statement boundaries): exactly one outcome, a
 * ledger whose every transaction sums to zero, and nothing recorded twice.
 */
let t: TestApp;
let artist: TestUser;
let buyer: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  artist = await registerArtist(t);
  buyer = await registerUser(t.app, t.dataDir);
});
afterAll(() => t.close());

const act = (user: TestUser, formId: number, path: string, body: unknown = {}) =>
  call(t.app, 'PUT', `/api/comissionform/${formId}/${path}`, user.cookie, body);
const money = async (formId: number) =>
  (await call(t.app, 'GET', `/api/comissionform/${formId}/payments`, artist.cookie)).json<OrderMoney>();

async function acceptedOrder(): Promise<SentForm> {
  const card = await createCard(t, artist, {
    paymentPlan: { kind: 'deposit', depositPercent: 25 },
    deliveryDays: 3,
  });
  const form = await sendForm(t, buyer, card);
  expect((await call(t.app, 'PUT', `/api/task/${form.task.id}/accept`, artist.cookie)).statusCode).toBe(200);
  return form;
}

async function ledgerOf(formId: number) {
  const entries = await findLedger(t.app.deps.db, formId);
  const sums = new Map<number, number>();
  for (const e of entries) sums.set(e.transactionId, (sums.get(e.transactionId) ?? 0) + e.amountCents);
  for (const sum of sums.values()) expect(sum).toBe(0);
  return { transactions: [...new Set(entries.map((e) => e.kind + ':' + e.transactionId))], entries };
}

const overdue = (formId: number) =>
  t.app.deps.db.execute(
    sql`update commission_forms set due_at = now() - interval '1 minute' where id = ${formId}`,
  );

describe('money actions that meet', () => {
  it('confirm ‖ overdue cancel: either the payment lands first and is owed back, or the confirm finds the order canceled', async () => {
    const form = await acceptedOrder();
    await overdue(form.id);
    const [confirm, cancel] = await Promise.all([
      act(artist, form.id, 'payments/0/confirm'),
      act(buyer, form.id, 'cancel-overdue'),
    ]);
    expect(cancel.statusCode).toBe(200);
    const m = await money(form.id);
    const { entries } = await ledgerOf(form.id);
    if (confirm.statusCode === 200) {
      expect(m.state).toBe('refundOwed');
      expect(m.balances.refundOwed).toBe(m.parts[0]!.amount);
    } else {
      expect(confirm.statusCode).toBe(400);
      expect(m.state).toBe('unpaid');
      expect(entries).toEqual([]);
    }
  });

  it('mark paid ‖ confirm: one payment recorded, whichever lands first', async () => {
    const form = await acceptedOrder();
    await act(artist, form.id, 'payments/0/request', { instructions: 'paypal.me/x' });
    const answers = await Promise.all([
      act(buyer, form.id, 'payments/0/paid', { reference: 'R1' }),
      act(artist, form.id, 'payments/0/confirm'),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    const m = await money(form.id);
    expect(m.parts[0]!.status).toBe('confirmed');
    expect(m.timeline.filter((e) => e.kind === 'confirmed')).toHaveLength(1);
    expect((await ledgerOf(form.id)).transactions).toHaveLength(1);
  });

  it('refund ‖ refund: the refund is recorded once', async () => {
    const form = await acceptedOrder();
    await act(artist, form.id, 'payments/0/confirm');
    await overdue(form.id);
    expect((await act(buyer, form.id, 'cancel-overdue')).statusCode).toBe(200);
    const answers = await Promise.all([
      act(artist, form.id, 'payments/refund'),
      act(artist, form.id, 'payments/refund'),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    const m = await money(form.id);
    expect(m.state).toBe('refunded');
    expect(m.creditNotes).toHaveLength(1);
    expect((await ledgerOf(form.id)).transactions).toHaveLength(3); // payment, refund owed, refund
  });

  it('extension accept ‖ decline: one answer wins, the other is told there is nothing to answer', async () => {
    const form = await acceptedOrder();
    const dueAt = new Date((await money(form.id)).dueAt!);
    const later = new Date(dueAt.getTime() + 86_400_000).toISOString();
    expect(
      (
        await call(t.app, 'POST', `/api/comissionform/${form.id}/extension`, artist.cookie, {
          dueAt: later,
          reason: 'x',
        })
      ).statusCode,
    ).toBe(200);
    const [accept, decline] = await Promise.all([
      act(buyer, form.id, 'extension/accept'),
      act(buyer, form.id, 'extension/decline'),
    ]);
    expect([accept.statusCode, decline.statusCode].sort()).toEqual([200, 409]);
    const m = await money(form.id);
    expect(m.dueAt).toBe(accept.statusCode === 200 ? later : dueAt.toISOString());
    expect(m.extension!.status).toBe(accept.statusCode === 200 ? 'accepted' : 'declined');
  });

  it('start ‖ turning "start before payment" off: the start happens only if it saw the choice', async () => {
    const form = await acceptedOrder();
    await act(artist, form.id, 'payments/start-before-payment', { enabled: true });
    const [start, off] = await Promise.all([
      call(t.app, 'PUT', `/api/task/${form.task.id}/start`, artist.cookie),
      act(artist, form.id, 'payments/start-before-payment', { enabled: false }),
    ]);
    expect(off.statusCode).toBe(200);
    expect([200, 409]).toContain(start.statusCode);
    expect(await statusOf(t, artist, form.id)).toBe(start.statusCode === 200 ? 'processing' : 'waiting');
  });

  it('confirm ‖ confirm of two parts: each takes its own invoice number, without gaps', async () => {
    const form = await acceptedOrder();
    const answers = await Promise.all([
      act(artist, form.id, 'payments/0/confirm'),
      act(artist, form.id, 'payments/1/confirm'),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    const numbers = (await money(form.id)).parts.map((p) => Number(p.invoiceNumber!.split('-').at(-1)));
    expect(numbers.sort((a, b) => a - b)[1]! - numbers[0]!).toBe(1);
  });
});
