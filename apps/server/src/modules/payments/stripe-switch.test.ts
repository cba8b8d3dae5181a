import { readFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import type { MoneyOverview } from '@brushline/shared/payments/overview';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerUser, type TestApp } from '../../test/harness.ts';
import { call, createCard, sendForm, type TestUser } from '../../test/kit.ts';
import { grantRole } from '../users/users.repo.ts';
import {
  balancedLedger,
  checkout,
  ledgerKinds,
  makeOverdue,
  money,
  move,
  payPart,
  readyArtist,
  settle,
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
    // /crm/money on the card site words it as paid by hand: the artist is asked to confirm it.
    const awaiting = (await call(w.t.app, 'GET', '/api/crm/money', artist.cookie)).json<MoneyOverview>()
      .artist!.awaiting.parts;
    expect(awaiting.find((p) => p.formId === form.id)).toMatchObject({ status: 'marked', byCard: false });
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
    // /crm/money on the card site: the artist's to refund by hand, the buyer's owed by the artist.
    const overview = async (user: TestUser) =>
      (await call(w.t.app, 'GET', '/api/crm/money', user.cookie)).json<MoneyOverview>();
    const mine = (await overview(artist)).artist!;
    expect(mine.refundsOwed.orders.map((o) => o.formId)).toContain(form.id);
    expect(mine.refundsByCard.orders.map((o) => o.formId)).not.toContain(form.id);
    const theirs = (await overview(buyer)).buyer!;
    expect([theirs.refundsOwed.count, theirs.refundsByCard.count]).toEqual([1, 0]);
    // The refund owed is the artist's to make and record, as before the switch (was 409 refund_automatic).
    const refunded = await act(w.t, artist, form.id, 'refund', { reference: 'bank back' });
    expect(refunded.statusCode).toBe(200);
    expect(refunded.json().state).toBe('refunded');
    expect(w.stripe.requestsTo('POST', '/v1/refunds')).toHaveLength(0);
    expect(await ledgerKinds(w.t, form.id)).toEqual(['payment', 'refundOwed', 'refund']);
    await balancedLedger(w.t, form.id);
  });

  it('fixes an order off-platform when the artist asks for a part there: the buyer who paid those details marks it after the switch', async () => {
    const { form, buyer } = await offPlatformOrder();
    const asked = await act(off, artist, form.id, '0/request', {
      instructions: 'PayPal me at ann@example.test',
    });
    expect(asked.statusCode).toBe(200);
    expect(await providerColumn(form.id)).toBe('offPlatform');
    expect((await money(w.t, buyer, form.id)).provider.id).toBe('offPlatform');
    expect((await act(w.t, buyer, form.id, '0/paid', { reference: 'PayPal 9' })).statusCode).toBe(200);
  });

  it('posts nothing for a card payment whose order was fixed off-platform meanwhile, and tells staff to refund it', async () => {
    const staff = await registerUser(w.t.app, w.t.dataDir);
    await grantRole(w.t.app.deps.db, staff.id, 'moderator');
    const { form, buyer } = await offPlatformOrder();
    const opened = await checkout(w.t, buyer, form.id, 0);
    expect(opened.statusCode).toBe(200);
    // An instance of the old version (one site-wide provider) took a payment by hand meanwhile.
    await off.app.deps.db.execute(
      sql`update commission_forms set payment_provider = 'offPlatform' where id = ${form.id}`,
    );
    const paid = await w.stripe.completeCheckout(opened.json<{ url: string }>().url.split('/').pop()!);
    expect(paid.sent?.status).toBe(200);
    await settle(w.t);
    expect(await ledgerKinds(w.t, form.id)).toEqual([]);
    expect(await providerColumn(form.id)).toBe('offPlatform');
    const told = await w.t.app.deps.db.execute<{ message: string }>(
      sql`select message from notifications where form_id = ${form.id} and user_id = ${staff.id}`,
    );
    expect(told.rows.map((r) => r.message)).toEqual([
      expect.stringContaining(
        `card payment of $40.00 (payment ${String(paid.intent.id)}) for an order paid off-platform`,
      ),
    ]);
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

    // Canceled, it is Brushline's to refund to the card, whichever instance is asked.
    await makeOverdue(w.t, form.id);
    const canceled = await call(
      off.app,
      'PUT',
      `/api/comissionform/${form.id}/cancel-overdue`,
      buyer.cookie,
      {},
    );
    expect(canceled.statusCode).toBe(200);
    const mine = (await call(off.app, 'GET', '/api/crm/money', artist.cookie)).json<MoneyOverview>().artist!;
    expect(mine.refundsByCard.orders.map((o) => o.formId)).toContain(form.id);
    expect(mine.refundsOwed.orders.map((o) => o.formId)).not.toContain(form.id);
    const recorded = await act(off, artist, form.id, 'refund', { reference: 'x' });
    expect([recorded.statusCode, recorded.json().error.code]).toEqual([409, 'refund_automatic']);
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

  it("the upgrade's backfill fixes orders whose money moved (a card payment: Stripe; marked or confirmed: off-platform) and leaves the rest", async () => {
    const [card, hand, opened, none] = [
      await offPlatformOrder(),
      await offPlatformOrder(),
      await offPlatformOrder(),
      await offPlatformOrder(),
    ];
    await payPart(w, card.buyer, card.form.id, 0);
    expect((await act(off, hand.buyer, hand.form.id, '0/paid', { reference: 'r' })).statusCode).toBe(200);
    // A checkout opened and never paid, and a reminder on a site with Stripe accounts, fix nothing.
    expect((await checkout(w.t, opened.buyer, opened.form.id, 0)).statusCode).toBe(200);
    expect(
      (await act(w.t, artist, opened.form.id, '0/request', { instructions: 'Pay by card, please' }))
        .statusCode,
    ).toBe(200);
    const ids = [card.form.id, hand.form.id, opened.form.id, none.form.id];
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
    expect(await Promise.all(ids.map(providerColumn))).toEqual(['stripe', 'offPlatform', null, null]);
  });
});
