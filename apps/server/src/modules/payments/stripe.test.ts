import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MoneyOverview } from '@brushline/shared/payments/overview';
import type { PayoutAccount } from '@brushline/shared/payments/stripe';
import { registerUser } from '../../test/harness.ts';
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
