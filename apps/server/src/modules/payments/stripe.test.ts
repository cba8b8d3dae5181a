import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MoneyOverview } from '@brushline/shared/payments/overview';
import type { PayoutAccount } from '@brushline/shared/payments/stripe';
import { registerUser } from '../../test/harness.ts';
import { grantRole } from '../users/users.repo.ts';
import {
  call,
  createCard,
  deliveryBody,
  registerArtist,
  sampleCard,
  sendForm,
  type TestUser,
} from '../../test/kit.ts';
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
} from './stripe-fixtures.ts';

let w: StripeWorld;
let artist: TestUser;

beforeAll(async () => {
  w = await stripeWorld();
  artist = await readyArtist(w);
});
afterAll(() => w.close());

const accountOf = async (user: TestUser) =>
  (await call(w.t.app, 'GET', '/api/payments/account', user.cookie)).json<PayoutAccount>();
const overdue = (formId: number) =>
  w.t.app.deps.db.execute(
    sql`update commission_forms set due_at = now() - interval '1 minute' where id = ${formId}`,
  );

describe('payout accounts', () => {
  it('an artist without a ready account cannot open a card or take an order; onboarding makes it ready', async () => {
    const newcomer = await registerArtist(w.t);
    expect(await accountOf(newcomer)).toMatchObject({
      provider: 'stripe',
      connected: false,
      canReceive: false,
    });
    const refused = await call(w.t.app, 'POST', '/api/commissioncard/create', newcomer.cookie, {
      ...sampleCard(),
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('payout_account_required');
    expect(refused.json().error.message).toContain('Settings → Payouts');

    const link = await call(w.t.app, 'POST', '/api/payments/account/link', newcomer.cookie);
    expect(link.statusCode).toBe(200);
    const created = w.stripe.requestsTo('POST', '/v1/accounts').at(-1)!;
    expect(created.params).toMatchObject({
      type: 'express',
      capabilities: { transfers: { requested: 'true' } },
      metadata: { userId: newcomer.id },
    });
    expect(created.idempotencyKey).toBe(`account:${newcomer.id}`);
    const linkReq = w.stripe.requestsTo('POST', '/v1/account_links').at(-1)!;
    expect(linkReq.params.type).toBe('account_onboarding');
    expect(linkReq.params.return_url).toMatch(/\/settings\/payouts\?stripe=return$/);
    expect(linkReq.params.refresh_url).toMatch(/\/settings\/payouts\?stripe=refresh$/);
    const pending = await accountOf(newcomer);
    expect(pending).toMatchObject({ connected: true, chargesEnabled: false, canReceive: false });
    expect(pending.missing).toContain('a bank account or debit card for payouts');

    // A second click makes no second account.
    await call(w.t.app, 'POST', '/api/payments/account/link', newcomer.cookie);
    expect(w.stripe.accounts.size).toBe(2);

    // Onboarding finished; no webhook yet: the page's refresh asks Stripe.
    const accountId = created.params.metadata && [...w.stripe.accounts.values()].at(-1)!.id;
    await w.stripe.markAccountReady(accountId as string, { send: false });
    const refreshed = await call(w.t.app, 'POST', '/api/payments/account/refresh', newcomer.cookie);
    expect(refreshed.json<PayoutAccount>()).toMatchObject({ canReceive: true, missing: [] });
    expect((await createCard(w.t, newcomer)).isCommissionsOpen).toBe(true);
  });

  it('a card taking no orders may be made; opening it needs the account; ordering needs it too', async () => {
    const newcomer = await registerArtist(w.t);
    const closed = await createCard(w.t, newcomer, { isCommissionsOpen: false });
    const open = await call(w.t.app, 'PUT', '/api/comissioncard/update', newcomer.cookie, {
      ...closed,
      cardBanner: null,
      thumbnailPicture: null,
      galleryFolder: null,
      isCommissionsOpen: true,
    });
    expect(open.statusCode).toBe(409);
    expect(open.json().error.code).toBe('payout_account_required');
  });
});

describe('a card payment from checkout to release', () => {
  it('checkout → webhook → held; approval → a transfer of the part less the fee, tied to its charge', async () => {
    const { form, buyer } = await acceptedOrder(w, artist);
    const first = await checkout(w.t, buyer, form.id, 0);
    expect(first.statusCode).toBe(200);
    const session = w.stripe.requestsTo('POST', '/v1/checkout/sessions').at(-1)!;
    expect(session.idempotencyKey).toBe(`checkout:${form.id}:0:1`);
    expect(session.params).toMatchObject({
      mode: 'payment',
      line_items: [{ quantity: '1', price_data: { currency: 'usd', unit_amount: '8000' } }],
      payment_intent_data: { transfer_group: `order_${form.id}` },
      metadata: { formId: String(form.id), partIndex: '0' },
    });
    expect(session.params.success_url).toMatch(new RegExp(`/order/${form.id}\\?paid=0$`));
    expect(session.params.cancel_url).toMatch(new RegExp(`/order/${form.id}$`));
    // A second click while the checkout is open: the same page, no second session.
    const again = await checkout(w.t, buyer, form.id, 0);
    expect(again.json().url).toBe(first.json().url);
    expect(
      w.stripe
        .requestsTo('POST', '/v1/checkout/sessions')
        .filter((r) => r.idempotencyKey?.startsWith(`checkout:${form.id}:`)),
    ).toHaveLength(1);
    expect((await money(w.t, buyer, form.id)).parts[0]!.platform!.state).toBe('processing');
    // Hand steps are refused on a card order.
    const marked = await call(
      w.t.app,
      'PUT',
      `/api/comissionform/${form.id}/payments/0/paid`,
      buyer.cookie,
      {},
    );
    expect([marked.statusCode, marked.json().error.code]).toEqual([409, 'paid_by_card']);
    const confirmed = await call(
      w.t.app,
      'PUT',
      `/api/comissionform/${form.id}/payments/0/confirm`,
      artist.cookie,
      {},
    );
    expect([confirmed.statusCode, confirmed.json().error.code]).toEqual([409, 'paid_by_card']);

    const { charge } = await w.stripe.completeCheckout(first.json<{ url: string }>().url.split('/').pop()!);
    await settle(w.t);
    let m = await money(w.t, buyer, form.id);
    expect(m.parts[0]).toMatchObject({
      status: 'confirmed',
      platform: { state: 'held', actByNote: 'refunded to you if the work is not delivered before' },
    });
    expect(m.parts[0]!.invoiceNumber).toMatch(/^INV-/);
    const days = (new Date(m.parts[0]!.platform!.actBy!).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(84.9);
    expect(days).toBeLessThanOrEqual(85);
    expect(m.state).toBe('paid');
    expect(m.timeline.map((e) => e.kind)).toContain('paidByCard');
    expect((await balancedLedger(w.t, form.id)).map((e) => [e.account, e.amountCents])).toEqual([
      ['buyer', -8000],
      ['held', 8000],
    ]);
    expect(w.stripe.requestsTo('GET', '/v1/payment_intents')).not.toHaveLength(0);

    expect((await move(w.t, artist, form, 'start')).statusCode).toBe(200);
    expect((await move(w.t, artist, form, 'deliver', await deliveryBody(w.t, artist))).statusCode).toBe(200);
    expect((await money(w.t, buyer, form.id)).parts[0]!.platform!.actByNote).toBe(
      'released to the artist if not approved before',
    );
    const transfersBefore = w.stripe.requestsTo('POST', '/v1/transfers').length;
    expect((await move(w.t, buyer, form, 'approve')).statusCode).toBe(200);
    // The approval wrote the release and sent a job; Stripe is not called inside the move.
    expect(await ledgerKinds(w.t, form.id)).toEqual(['payment', 'release']);
    expect(w.stripe.requestsTo('POST', '/v1/transfers')).toHaveLength(transfersBefore);
    await settle(w.t);
    const transfer = w.stripe.requestsTo('POST', '/v1/transfers').at(-1)!;
    const account = [...w.stripe.accounts.values()].find(
      (a) => (a.metadata as { userId: string }).userId === artist.id,
    )!;
    expect(transfer.params).toMatchObject({
      amount: '7200',
      currency: 'usd',
      destination: account.id,
      transfer_group: `order_${form.id}`,
      source_transaction: charge.id,
    });
    expect(transfer.idempotencyKey).toBe(`release:${form.id}:0`);
    m = await money(w.t, artist, form.id);
    expect(m.parts[0]!.platform!.state).toBe('released');
    expect(m.timeline.map((e) => e.kind)).toEqual(expect.arrayContaining(['released', 'transferred']));
    expect(m.balances).toMatchObject({ paid: 80, fees: 8 });
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

describe('the Money tab', () => {
  it('shows what Brushline holds to both sides as soon as Stripe says it is paid, and the release as received', async () => {
    const seller = await readyArtist(w);
    const { form, buyer } = await acceptedOrder(w, seller);
    const overview = async (user: TestUser) => {
      const res = await call(w.t.app, 'GET', '/api/crm/money', user.cookie);
      expect(res.statusCode).toBe(200);
      return res.json<MoneyOverview>();
    };
    // Read first, so a cached overview would answer the next reads if the payment did not drop it.
    expect((await overview(seller)).artist!.held).toEqual({ count: 0, total: 0, orders: [] });
    expect((await overview(buyer)).buyer!.held).toEqual({ count: 0, total: 0, orders: [] });

    await payPart(w, buyer, form.id, 0);
    const a = (await overview(seller)).artist!;
    expect(a.held).toMatchObject({ count: 1, total: 80 });
    expect(a.held.orders).toEqual([
      expect.objectContaining({
        formId: form.id,
        amount: 80,
        party: expect.objectContaining({ id: buyer.id }),
      }),
    ]);
    // Held is not received: the artist has it only once it is released.
    expect(a.receivedThisMonth.net).toBe(0);
    const b = (await overview(buyer)).buyer!;
    expect(b.held).toMatchObject({ count: 1, total: 80 });
    expect(b.held.orders[0]).toMatchObject({ formId: form.id, party: { id: seller.id } });
    expect(b.paid).toEqual({ count: 1, total: 80 });

    expect((await move(w.t, seller, form, 'start')).statusCode).toBe(200);
    expect((await move(w.t, seller, form, 'deliver', await deliveryBody(w.t, seller))).statusCode).toBe(200);
    expect((await move(w.t, buyer, form, 'approve')).statusCode).toBe(200);
    const after = (await overview(seller)).artist!;
    expect(after.held).toEqual({ count: 0, total: 0, orders: [] });
    // $80 less the platform's 10%.
    expect(after.receivedThisMonth).toMatchObject({ count: 1, gross: 80, fees: 8, net: 72 });
    expect((await overview(buyer)).buyer!.held.count).toBe(0);
  });
});

describe('refunds', () => {
  it('a canceled order is refunded automatically (refund owed, then refunded), with a credit note', async () => {
    const { form, buyer } = await acceptedOrder(w, artist, { kind: 'deposit', depositPercent: 50 });
    const { intent } = await payPart(w, buyer, form.id, 0);
    await overdue(form.id);
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
    await overdue(form.id);
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

describe('a refund after a release', () => {
  it('a cancel gives back the fee the release took, even after the fee setting changed', async () => {
    const { form, buyer } = await acceptedOrder(w, artist);
    await payPart(w, buyer, form.id, 0);
    expect((await move(w.t, artist, form, 'start')).statusCode).toBe(200);
    expect((await move(w.t, artist, form, 'deliver', await deliveryBody(w.t, artist))).statusCode).toBe(200);
    await moneyJobsDueNow(w.t, form.id, 'holdLimit');
    await settle(w.t);
    expect((await move(w.t, buyer, form, 'send-back', { comment: 'Not quite' })).statusCode).toBe(200);
    await overdue(form.id);
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

describe('what the webhook says is checked', () => {
  it('an amount that disagrees with the order is held for staff: nothing posted, shown on the timeline', async () => {
    const { form, buyer } = await acceptedOrder(w, artist);
    await payPart(w, buyer, form.id, 0, { amountCents: 100 });
    const m = await money(w.t, buyer, form.id);
    expect(m.parts[0]!.status).toBe('due');
    expect(m.timeline.at(-1)).toMatchObject({ kind: 'amountMismatch', amount: 1 });
    expect(await balancedLedger(w.t, form.id)).toEqual([]);
  });

  it('a dispute marks the order for both parties and staff; others get 404', async () => {
    const { form, buyer } = await acceptedOrder(w, artist);
    const { charge } = await payPart(w, buyer, form.id, 0);
    const { dispute } = await w.stripe.openDispute(charge.id);
    await settle(w.t);
    const m = await money(w.t, artist, form.id);
    expect(m.dispute).toMatchObject({ status: 'needs_response', reason: 'fraudulent', amount: 80 });
    expect(m.timeline.at(-1)!.kind).toBe('disputed');
    const stranger = await registerUser(w.t.app, w.t.dataDir);
    expect(
      (await call(w.t.app, 'GET', `/api/comissionform/${form.id}/payments`, stranger.cookie)).statusCode,
    ).toBe(404);
    await w.stripe.closeDispute(dispute.id, 'won');
    await settle(w.t);
    expect((await money(w.t, buyer, form.id)).dispute!.status).toBe('won');
  });
});

describe('an order on a card of an artist whose account was disabled later', () => {
  it('cannot be placed', async () => {
    const other = await readyArtist(w);
    const card = await createCard(w.t, other);
    await w.t.app.deps.db.execute(
      sql`update stripe_accounts set payouts_enabled = false where user_id = ${other.id}`,
    );
    const buyer = await registerUser(w.t.app, w.t.dataDir);
    await expect(sendForm(w.t, buyer, card)).rejects.toThrow(/409/);
  });
});
