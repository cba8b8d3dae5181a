import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PayoutAccount } from '@brushline/shared/payments/stripe';
import { call, deliveryBody, type TestUser } from '../../test/kit.ts';
import { signedEvent } from '../../test/stripe-stand-in-state.ts';
import { runStripeMoneyJob } from './stripe-jobs.service.ts';
import {
  acceptedOrder,
  checkout,
  ledgerKinds,
  money,
  move,
  payPart,
  postWebhook,
  readyArtist,
  settle,
  stripeWorld,
  type StripeWorld,
  makeOverdue,
} from './stripe-fixtures.ts';

/**
 * Webhooks that are forged, stale, repeated or late, and the pairs of moves that can meet on a
 * card order (in the style of payments-races.test.ts): exactly one outcome, a balanced ledger,
 * nothing sent to Stripe twice.
 */
let w: StripeWorld;
let artist: TestUser;

beforeAll(async () => {
  w = await stripeWorld();
  artist = await readyArtist(w);
});
afterAll(() => w.close());

const storedEvents = async () =>
  Number(
    (await w.t.app.deps.db.execute<{ n: number }>(sql`select count(*)::int as n from stripe_webhook_events`))
      .rows[0]!.n,
  );

async function openSession(formId: number, buyer: TestUser) {
  const res = await checkout(w.t, buyer, formId, 0);
  return w.stripe.sessions.get(res.json<{ url: string }>().url.split('/').pop()!)!;
}

describe('webhook signatures', () => {
  it('a forged or stale event answers 400 and stores nothing', async () => {
    const { form, buyer } = await acceptedOrder(w, artist);
    const session = await openSession(form.id, buyer);
    const before = await storedEvents();
    const forged = w.stripe.signedEvent('checkout.session.completed', { ...session, amount_total: 1 });
    const tampered = forged.payload.replace('"amount_total":1', '"amount_total":8000');
    expect((await postWebhook(w.t.app, tampered, forged.signature)).statusCode).toBe(400);
    const stale = w.stripe.signedEvent('checkout.session.completed', session, {
      timestamp: Math.floor(Date.now() / 1000) - 600,
    });
    const res = await postWebhook(w.t.app, stale.payload, stale.signature);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('invalid_signature');
    expect((await postWebhook(w.t.app, stale.payload, '')).statusCode).toBe(400);
    expect(await storedEvents()).toBe(before);
    expect(await ledgerKinds(w.t, form.id)).toEqual([]);
  });

  it('an event signed with the Connect endpoint’s secret is taken only when STRIPE_CONNECT_WEBHOOK_SECRET names it', async () => {
    const newcomer = await readyArtist(w);
    const account = [...w.stripe.accounts.values()].find(
      (a) => (a.metadata as { userId: string }).userId === newcomer.id,
    )!;
    const disabled = { ...account, payouts_enabled: false };
    const connect = signedEvent('whsec_connect_endpoint', 'account.updated', disabled);
    const settings = w.t.app.deps.config.stripe!;
    const before = await storedEvents();
    expect((await postWebhook(w.t.app, connect.payload, connect.signature)).statusCode).toBe(400);
    expect(await storedEvents()).toBe(before);
    settings.connectWebhookSecret = 'whsec_connect_endpoint';
    try {
      expect((await postWebhook(w.t.app, connect.payload, connect.signature)).statusCode).toBe(200);
      // The platform's own secret still signs the platform's events; any other is refused.
      const other = signedEvent('whsec_someone_else', 'account.updated', disabled);
      expect((await postWebhook(w.t.app, other.payload, other.signature)).statusCode).toBe(400);
    } finally {
      settings.connectWebhookSecret = null;
    }
    await settle(w.t);
    const read = await call(w.t.app, 'GET', '/api/payments/account', newcomer.cookie);
    expect(read.json<PayoutAccount>()).toMatchObject({ payoutsEnabled: false, canReceive: false });
  });
});

describe('repeated and late events', () => {
  it('the same event delivered three times at once is stored and handled once', async () => {
    const { form, buyer } = await acceptedOrder(w, artist);
    const session = await openSession(form.id, buyer);
    const { sent } = await w.stripe.completeCheckout(session.id, { send: false }).then(async (r) => ({
      ...r,
      sent: w.stripe.signedEvent('checkout.session.completed', r.session),
    }));
    const answers = await Promise.all(
      [1, 2, 3].map(() => postWebhook(w.t.app, sent.payload, sent.signature)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(answers.filter((a) => a.json<{ duplicate: boolean }>().duplicate === false)).toHaveLength(1);
    await settle(w.t);
    // Stripe's own retry a minute later: a duplicate, nothing new.
    expect((await postWebhook(w.t.app, sent.payload, sent.signature)).json().duplicate).toBe(true);
    await settle(w.t);
    expect(await ledgerKinds(w.t, form.id)).toEqual(['payment']);
    const m = await money(w.t, buyer, form.id);
    expect(m.timeline.filter((e) => e.kind === 'paidByCard')).toHaveLength(1);
  });

  it('an older account.updated delivered after a newer one changes nothing', async () => {
    const other = await readyArtist(w);
    const account = [...w.stripe.accounts.values()].find(
      (a) => (a.metadata as { userId: string }).userId === other.id,
    )!;
    const older = w.stripe.signedEvent(
      'account.updated',
      { ...account, charges_enabled: false, payouts_enabled: false },
      { created: Math.floor(Date.now() / 1000) - 3600 },
    );
    expect((await postWebhook(w.t.app, older.payload, older.signature)).statusCode).toBe(200);
    await settle(w.t);
    const now = await call(w.t.app, 'GET', '/api/payments/account', other.cookie);
    expect(now.json<PayoutAccount>().canReceive).toBe(true);
  });

  it('a dispute closed before its opening arrives stays closed', async () => {
    const { form, buyer } = await acceptedOrder(w, artist);
    const { charge } = await payPart(w, buyer, form.id, 0);
    const dispute = {
      id: 'dp_test_late',
      object: 'dispute',
      amount: 8000,
      currency: 'usd',
      charge: charge.id,
      payment_intent: charge.payment_intent,
      reason: 'fraudulent',
      status: 'lost',
      created: Math.floor(Date.now() / 1000) - 60,
    };
    const closed = w.stripe.signedEvent('charge.dispute.closed', dispute);
    const opened = w.stripe.signedEvent(
      'charge.dispute.created',
      { ...dispute, status: 'needs_response' },
      { created: dispute.created },
    );
    await postWebhook(w.t.app, closed.payload, closed.signature);
    await settle(w.t);
    await postWebhook(w.t.app, opened.payload, opened.signature);
    await settle(w.t);
    expect((await money(w.t, buyer, form.id)).dispute!.status).toBe('lost');
  });
});

describe('moves that meet on a card order', () => {
  it('webhook paid ‖ overdue cancel: the payment is held then refunded, or lands on the canceled order and is refunded', async () => {
    const { form, buyer } = await acceptedOrder(w, artist, { kind: 'deposit', depositPercent: 25 });
    const session = await openSession(form.id, buyer);
    await makeOverdue(w.t, form.id);
    const { sent } = await w.stripe.completeCheckout(session.id, { send: false }).then((r) => ({
      sent: w.stripe.signedEvent('checkout.session.completed', r.session),
    }));
    const [, cancel] = await Promise.all([
      postWebhook(w.t.app, sent.payload, sent.signature).then(() => settle(w.t)),
      call(w.t.app, 'PUT', `/api/comissionform/${form.id}/cancel-overdue`, buyer.cookie, {}),
    ]);
    expect(cancel.statusCode).toBe(200);
    await settle(w.t);
    const m = await money(w.t, buyer, form.id);
    expect(m.state).toBe('refunded');
    expect(m.balances.refunded).toBe(20);
    expect((await ledgerKinds(w.t, form.id)).sort()).toEqual(['payment', 'refund', 'refundOwed']);
    expect(
      w.stripe.requestsTo('POST', '/v1/refunds').filter((r) => r.idempotencyKey === `refund:${form.id}:0`),
    ).toHaveLength(1);
  });

  it('approval ‖ the hold-limit timer: one release, one transfer', async () => {
    const { form, buyer } = await acceptedOrder(w, artist);
    await payPart(w, buyer, form.id, 0);
    expect((await move(w.t, artist, form, 'start')).statusCode).toBe(200);
    expect((await move(w.t, artist, form, 'deliver', await deliveryBody(w.t, artist))).statusCode).toBe(200);
    const [approved, timer] = await Promise.all([
      move(w.t, buyer, form, 'approve'),
      runStripeMoneyJob(w.t.app.deps, null, { kind: 'holdLimit', formId: form.id, partIndex: 0 }),
    ]);
    expect(approved.statusCode).toBe(200);
    expect(['released', 'nothing']).toContain(timer);
    await settle(w.t);
    expect(await ledgerKinds(w.t, form.id)).toEqual(['payment', 'release']);
    expect(
      w.stripe.requestsTo('POST', '/v1/transfers').filter((r) => r.idempotencyKey === `release:${form.id}:0`),
    ).toHaveLength(1);
    expect(
      await runStripeMoneyJob(w.t.app.deps, null, { kind: 'transfer', formId: form.id, partIndex: 0 }),
    ).toBe('nothing');
  });
});
