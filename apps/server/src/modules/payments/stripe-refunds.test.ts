import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser } from '../../test/harness.ts';
import { call, deliveryBody, type TestUser } from '../../test/kit.ts';
import { grantRole } from '../users/users.repo.ts';
import {
  acceptedOrder,
  balancedLedger,
  checkout,
  ledgerKinds,
  money,
  moneyJobsDueNow,
  move,
  payPart,
  readyArtist,
  settle,
  stripeWorld,
  type StripeWorld,
  makeOverdue,
} from './stripe-fixtures.ts';

/**
 * Card money that goes back or comes late (decision 0031): refunds on a cancel (a reversal first
 * where the money was released, the release's own fee given back), a part paid after approval, a
 * checkout whose webhook is late, and a second charge for a part already paid.
 */
let w: StripeWorld;
let artist: TestUser;

beforeAll(async () => {
  w = await stripeWorld();
  artist = await readyArtist(w);
});
afterAll(() => w.close());

describe('refunds', () => {
  it('a canceled order is refunded automatically (refund owed, then refunded), with a credit note', async () => {
    const { form, buyer } = await acceptedOrder(w, artist, { kind: 'deposit', depositPercent: 50 });
    const { intent } = await payPart(w, buyer, form.id, 0);
    await makeOverdue(w.t, form.id);
    expect(
      (await call(w.t.app, 'PUT', `/api/comissionform/${form.id}/cancel-overdue`, buyer.cookie, {}))
        .statusCode,
    ).toBe(200);
    expect((await money(w.t, buyer, form.id)).state).toBe('refundOwed');
    const recorded = await call(
      w.t.app,
      'PUT',
      `/api/comissionform/${form.id}/payments/refund`,
      artist.cookie,
      {},
    );
    expect([recorded.statusCode, recorded.json().error.code]).toEqual([409, 'refund_automatic']);
    await settle(w.t);
    const refund = w.stripe.requestsTo('POST', '/v1/refunds').at(-1)!;
    expect(refund.params).toMatchObject({ payment_intent: intent.id, amount: '4000' });
    expect(refund.idempotencyKey).toBe(`refund:${form.id}:0`);
    const m = await money(w.t, buyer, form.id);
    expect(m.state).toBe('refunded');
    expect(m.parts[0]!.platform).toMatchObject({ state: 'refunded', stateLabel: 'Refunded' });
    expect(m.creditNotes).toHaveLength(1);
    expect(await ledgerKinds(w.t, form.id)).toEqual(['payment', 'refundOwed', 'refund']);
  });

  it('after a release at the hold limit, a cancel reverses the transfer first, then refunds', async () => {
    const { form, buyer } = await acceptedOrder(w, artist);
    const { charge } = await payPart(w, buyer, form.id, 0);
    expect((await move(w.t, artist, form, 'start')).statusCode).toBe(200);
    expect((await move(w.t, artist, form, 'deliver', await deliveryBody(w.t, artist))).statusCode).toBe(200);
    // Stripe's hold limit comes while the buyer has not answered: delivered, so released.
    await moneyJobsDueNow(w.t, form.id, 'holdLimit');
    await settle(w.t);
    expect((await money(w.t, buyer, form.id)).parts[0]!.platform!.state).toBe('released');
    const transfer = [...w.stripe.transfers.values()].find((x) => x.source_transaction === charge.id)!;
    expect(transfer.amount).toBe(7200);

    expect((await move(w.t, buyer, form, 'send-back', { comment: 'Not quite' })).statusCode).toBe(200);
    await makeOverdue(w.t, form.id);
    expect(
      (await call(w.t.app, 'PUT', `/api/comissionform/${form.id}/cancel-overdue`, buyer.cookie, {}))
        .statusCode,
    ).toBe(200);
    const before = w.stripe.requests.length;
    await settle(w.t);
    const calls = w.stripe.requests.slice(before).filter((r) => r.method === 'POST');
    expect(calls.map((r) => r.path)).toEqual([`/v1/transfers/${transfer.id}/reversals`, '/v1/refunds']);
    expect(calls[0]!.params.amount).toBe('7200');
    expect(calls[0]!.idempotencyKey).toBe(`refund:${form.id}:0:reversal`);
    expect(calls[1]!.params.amount).toBe('8000');
    expect(transfer.reversed).toBe(true);
    expect((await money(w.t, buyer, form.id)).state).toBe('refunded');
    expect(await ledgerKinds(w.t, form.id)).toEqual(['payment', 'release', 'refundOwed', 'refund']);
  });
});

describe('a part paid after approval', () => {
  it('is released at once, not held until the hold limit', async () => {
    const { form, buyer } = await acceptedOrder(w, artist, { kind: 'deposit', depositPercent: 50 });
    await payPart(w, buyer, form.id, 0);
    expect((await move(w.t, artist, form, 'start')).statusCode).toBe(200);
    expect((await move(w.t, artist, form, 'deliver', await deliveryBody(w.t, artist))).statusCode).toBe(200);
    expect((await move(w.t, buyer, form, 'approve')).statusCode).toBe(200);
    await settle(w.t);
    expect((await money(w.t, buyer, form.id)).parts[1]!.status).toBe('due');

    const { charge } = await payPart(w, buyer, form.id, 1);
    const m = await money(w.t, artist, form.id);
    expect(m.parts[1]!.platform!.state).toBe('released');
    expect(await ledgerKinds(w.t, form.id)).toEqual(['payment', 'release', 'payment', 'release']);
    const transfer = w.stripe.requestsTo('POST', '/v1/transfers').at(-1)!;
    expect(transfer.idempotencyKey).toBe(`release:${form.id}:1`);
    expect(transfer.params).toMatchObject({ amount: '3600', source_transaction: charge.id });
  });
});

describe('one part, one charge', () => {
  const sessionIdOf = (res: { json: () => unknown }) => (res.json() as { url: string }).url.split('/').pop()!;

  it('a checkout Stripe completed while its webhook is late answers "paid", even past its expiry here', async () => {
    const { form, buyer } = await acceptedOrder(w, artist);
    const first = await checkout(w.t, buyer, form.id, 0);
    await w.stripe.completeCheckout(sessionIdOf(first), { send: false });
    await w.t.app.deps.db.execute(
      sql`update stripe_part_payments set checkout_expires_at = now() - interval '1 minute'
           where form_id = ${form.id}`,
    );
    const again = await checkout(w.t, buyer, form.id, 0);
    expect([again.statusCode, again.json().error.code]).toEqual([409, 'part_paid']);
    expect(
      w.stripe
        .requestsTo('POST', '/v1/checkout/sessions')
        .filter((r) => r.idempotencyKey?.startsWith(`checkout:${form.id}:`)),
    ).toHaveLength(1);
    expect(w.stripe.requestsTo('POST', '/v1/checkout/sessions').at(-1)!.params).toMatchObject({
      allowed_payment_method_types: ['card'],
    });
  });

  it('a second charge for a part already paid posts nothing and is sent to staff', async () => {
    const staff = await registerUser(w.t.app, w.t.dataDir);
    await grantRole(w.t.app.deps.db, staff.id, 'moderator');
    const { form, buyer } = await acceptedOrder(w, artist);
    const first = await checkout(w.t, buyer, form.id, 0);
    // The first session expired at Stripe unpaid; the buyer opens a second and pays it.
    w.stripe.sessions.get(sessionIdOf(first))!.status = 'expired';
    await w.t.app.deps.db.execute(
      sql`update stripe_part_payments set checkout_expires_at = now() - interval '1 minute'
           where form_id = ${form.id}`,
    );
    const second = await checkout(w.t, buyer, form.id, 0);
    expect(sessionIdOf(second)).not.toBe(sessionIdOf(first));
    await w.stripe.completeCheckout(sessionIdOf(second));
    await settle(w.t);
    // Stripe still completes the first (as a late payment would): the part is paid already.
    const late = await w.stripe.completeCheckout(sessionIdOf(first));
    await settle(w.t);
    expect(await ledgerKinds(w.t, form.id)).toEqual(['payment']);
    const told = await w.t.app.deps.db.execute<{ message: string }>(
      sql`select message from notifications where form_id = ${form.id} and user_id = ${staff.id}`,
    );
    expect(told.rows.map((r) => r.message)).toEqual([
      expect.stringContaining(`second payment of $80.00 (payment ${String(late.intent.id)})`),
    ]);
  });
});

describe('a refund after a release', () => {
  it('a cancel gives back the fee the release took, even after the fee setting changed', async () => {
    const { form, buyer } = await acceptedOrder(w, artist);
    await payPart(w, buyer, form.id, 0);
    expect((await move(w.t, artist, form, 'start')).statusCode).toBe(200);
    expect((await move(w.t, artist, form, 'deliver', await deliveryBody(w.t, artist))).statusCode).toBe(200);
    await moneyJobsDueNow(w.t, form.id, 'holdLimit');
    await settle(w.t);
    expect((await move(w.t, buyer, form, 'send-back', { comment: 'Not quite' })).statusCode).toBe(200);
    await makeOverdue(w.t, form.id);
    const config = w.t.app.deps.config as { PLATFORM_FEE_PERCENT: number };
    const fee = config.PLATFORM_FEE_PERCENT;
    config.PLATFORM_FEE_PERCENT = 25;
    try {
      expect(
        (await call(w.t.app, 'PUT', `/api/comissionform/${form.id}/cancel-overdue`, buyer.cookie, {}))
          .statusCode,
      ).toBe(200);
      await settle(w.t);
    } finally {
      config.PLATFORM_FEE_PERCENT = fee;
    }
    const totals = new Map<string, number>();
    for (const e of await balancedLedger(w.t, form.id))
      totals.set(e.account, (totals.get(e.account) ?? 0) + e.amountCents);
    expect(Object.fromEntries(totals)).toMatchObject({ artist: 0, platformFee: 0, held: 0, buyer: 0 });
  });
});
