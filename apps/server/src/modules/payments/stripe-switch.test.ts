import { readFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerUser, type TestApp } from '../../test/harness.ts';
import { call, createCard, sendForm, type TestUser } from '../../test/kit.ts';
import {
  balancedLedger,
  checkout,
  ledgerKinds,
  makeOverdue,
  money,
  move,
  payPart,
  readyArtist,
  stripeWorld,
  type StripeWorld,
} from './stripe-fixtures.ts';

/**
 * One provider per order (decision 0031): a site that turns card payments on keeps the orders whose
 * money already moved off-platform there (marked, confirmed and refunded by hand), while orders
 * whose money has not moved follow the site's provider until their first payment step fixes it.
 * Two instances on one database stand for the site before and after the switch (a rolling change
 * of PAYMENT_PROVIDER meets both at once).
 */
let off: TestApp;
let w: StripeWorld;
let artist: TestUser;

beforeAll(async () => {
  off = await createTestApp({ PLATFORM_FEE_PERCENT: '10' }, undefined, { jobPollMs: 3_600_000 });
  w = await stripeWorld({ shared: off.app.database });
  artist = await readyArtist(w);
});
afterAll(async () => {
  await w.close();
  await off.close();
});

/** An order accepted on the off-platform instance ($80, half up front). */
async function offPlatformOrder() {
  const card = await createCard(off, artist, {
    startingPrice: 80,
    paymentPlan: { kind: 'deposit', depositPercent: 50 },
    deliveryDays: 7,
  });
  const buyer = await registerUser(off.app, off.dataDir);
  const form = await sendForm(off, buyer, card);
  expect((await move(off, artist, form, 'accept')).statusCode).toBe(200);
  return { form, buyer };
}

const act = (t: TestApp, user: TestUser, formId: number, path: string, body: object = {}) =>
  call(t.app, 'PUT', `/api/comissionform/${formId}/payments/${path}`, user.cookie, body);

const providerColumn = async (formId: number) =>
  (
    await off.app.deps.db.execute<{ p: string | null }>(
      sql`select payment_provider as p from commission_forms where id = ${formId}`,
    )
  ).rows[0]!.p;

describe('switching the site to Stripe', () => {
  it('keeps an order whose money moved off-platform there: marked, confirmed and refunded by hand', async () => {
    const { form, buyer } = await offPlatformOrder();
    expect((await act(off, buyer, form.id, '0/paid', { reference: 'bank 77' })).statusCode).toBe(200);
    expect(await providerColumn(form.id)).toBe('offPlatform');

    // After the switch: still off-platform, and no checkout charges the buyer a second time.
    expect((await money(w.t, buyer, form.id)).provider.id).toBe('offPlatform');
    const card = await checkout(w.t, buyer, form.id, 0);
    expect([card.statusCode, card.json().error.code]).toEqual([409, 'paid_off_platform']);
    expect(w.stripe.requestsTo('POST', '/v1/checkout/sessions')).toHaveLength(0);
    expect((await act(w.t, artist, form.id, '0/confirm', { reference: 'bank 77' })).statusCode).toBe(200);

    await makeOverdue(w.t, form.id);
    const canceled = await call(
      w.t.app,
      'PUT',
      `/api/comissionform/${form.id}/cancel-overdue`,
      buyer.cookie,
      {},
    );
    expect(canceled.statusCode).toBe(200);
    expect((await money(w.t, artist, form.id)).state).toBe('refundOwed');
    // The refund owed is the artist's to make and record, as before the switch (was 409 refund_automatic).
    const refunded = await act(w.t, artist, form.id, 'refund', { reference: 'bank back' });
    expect(refunded.statusCode).toBe(200);
    expect(refunded.json().state).toBe('refunded');
    expect(w.stripe.requestsTo('POST', '/v1/refunds')).toHaveLength(0);
    expect(await ledgerKinds(w.t, form.id)).toEqual(['payment', 'refundOwed', 'refund']);
    await balancedLedger(w.t, form.id);
  });

  it("lets an order whose money has not moved follow the site's provider until its first checkout fixes it", async () => {
    const { form, buyer } = await offPlatformOrder();
    expect(await providerColumn(form.id)).toBeNull();
    expect((await money(off, buyer, form.id)).provider.id).toBe('offPlatform');
    expect((await money(w.t, buyer, form.id)).provider.id).toBe('stripe');
    const byHand = await act(w.t, buyer, form.id, '0/paid', { reference: 'x' });
    expect([byHand.statusCode, byHand.json().error.code]).toEqual([409, 'paid_by_card']);
    expect(await providerColumn(form.id)).toBeNull();

    await payPart(w, buyer, form.id, 0);
    expect(await providerColumn(form.id)).toBe('stripe');
    // An instance still off-platform sees a card order now, and takes nothing by hand for it.
    expect((await money(off, buyer, form.id)).provider.id).toBe('stripe');
    for (const [user, path] of [
      [buyer, '1/paid'],
      [artist, '1/confirm'],
    ] as const) {
      const res = await act(off, user, form.id, path, { reference: 'x' });
      expect([res.statusCode, res.json().error.code]).toEqual([409, 'paid_by_card']);
    }
    expect(await ledgerKinds(w.t, form.id)).toEqual(['payment']);
  });

  it('a checkout and a "mark paid" that meet on two instances fix one provider, and only one of them goes through', async () => {
    for (let i = 0; i < 4; i++) {
      const { form, buyer } = await offPlatformOrder();
      const [card, hand] = await Promise.all([
        checkout(w.t, buyer, form.id, 0),
        act(off, buyer, form.id, '0/paid', { reference: 'r' }),
      ]);
      const provider = await providerColumn(form.id);
      if (provider === 'stripe') {
        expect(card.statusCode).toBe(200);
        expect([hand.statusCode, hand.json().error.code]).toEqual([409, 'paid_by_card']);
        expect((await money(off, buyer, form.id)).parts[0]!.status).not.toBe('marked');
      } else {
        expect(provider).toBe('offPlatform');
        expect(hand.statusCode).toBe(200);
        expect([card.statusCode, card.json().error.code]).toEqual([409, 'paid_off_platform']);
      }
    }
  });

  it("the upgrade's backfill fixes orders whose money moved (a checkout: Stripe; marked or confirmed: off-platform) and leaves the rest", async () => {
    const [card, hand, none] = [await offPlatformOrder(), await offPlatformOrder(), await offPlatformOrder()];
    await payPart(w, card.buyer, card.form.id, 0);
    expect((await act(off, hand.buyer, hand.form.id, '0/paid', { reference: 'r' })).statusCode).toBe(200);
    const ids = [card.form.id, hand.form.id, none.form.id];
    const db = off.app.deps.db;
    await db.execute(sql`update commission_forms set payment_provider = null where id in ${ids}`);
    const migration = await readFile(
      new URL('../../../drizzle/0030_order_payment_provider.sql', import.meta.url),
      'utf8',
    );
    const updates = migration
      .split('--> statement-breakpoint')
      .map((s) => s.replace(/^\s*--.*$/gm, '').trim())
      .filter((s) => s.startsWith('UPDATE'));
    expect(updates).toHaveLength(2);
    for (const statement of updates) await db.execute(sql.raw(statement));
    expect(await Promise.all(ids.map(providerColumn))).toEqual(['stripe', 'offPlatform', null]);
  });
});
