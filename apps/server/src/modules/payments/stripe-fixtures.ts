import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { CardBodyInput } from '@brushline/shared/cards/schemas';
import type { SentForm } from '@brushline/shared/orders/schemas';
import type { OrderMoney } from '@brushline/shared/payments/schemas';
import type { App } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { createTestApp, registerUser, type TestApp } from '../../test/harness.ts';
import { call, createCard, registerArtist, sendForm, type TestUser } from '../../test/kit.ts';
import { startStripeStandIn, type StripeStandIn } from '../../test/stripe-stand-in.ts';
import { findLedger } from './payments.repo.ts';
import { STRIPE_EVENTS_QUEUE, STRIPE_MONEY_QUEUE } from './stripe.rules.ts';

/** Test helpers for Stripe Connect (stripe*.test.ts): the app on the stand-in, ready artists, paid orders. */

export const WEBHOOK_SECRET = 'whsec_brushline_test_secret';
export const stripeEnv = (standIn: StripeStandIn) => ({
  PAYMENT_PROVIDER: 'stripe',
  STRIPE_SECRET_KEY: 'sk_test_brushline',
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  STRIPE_API_BASE: standIn.url,
  PLATFORM_FEE_PERCENT: '10',
});

export interface StripeWorld {
  t: TestApp;
  stripe: StripeStandIn;
  close(): Promise<void>;
}

/** Posts a signed webhook body to the app as Stripe would. */
export const postWebhook = (app: App, payload: string, signature: string) =>
  app.inject({
    method: 'POST',
    url: '/api/payments/stripe/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload,
  });

/**
 * The app on a fresh database with PAYMENT_PROVIDER=stripe and the stand-in, whose webhooks it
 * receives through inject. Its queues are not polled (tests run them with `settle`).
 */
export async function stripeWorld(
  opts: { shared?: Database; onRequest?: Parameters<typeof startStripeStandIn>[0]['onRequest'] } = {},
): Promise<StripeWorld> {
  let app: App | null = null;
  const stripe = await startStripeStandIn({
    webhookSecret: WEBHOOK_SECRET,
    deliver: async (payload, signature) => (await postWebhook(app!, payload, signature)).statusCode,
    onRequest: opts.onRequest,
  });
  const t = await createTestApp(stripeEnv(stripe), opts.shared, { jobPollMs: 3_600_000 });
  app = t.app;
  return {
    t,
    stripe,
    async close() {
      await t.close();
      await stripe.close();
    },
  };
}

/** Runs what the webhooks and money moves left on the queues, until nothing is due. */
export async function settle(t: TestApp): Promise<void> {
  for (let round = 0; round < 10; round++) {
    const ran =
      (await t.app.deps.jobs.drain(STRIPE_EVENTS_QUEUE)) + (await t.app.deps.jobs.drain(STRIPE_MONEY_QUEUE));
    if (ran === 0) return;
  }
}

/** An artist whose Stripe account finished onboarding (through the API and the stand-in's webhook). */
export async function readyArtist(w: StripeWorld): Promise<TestUser> {
  const artist = await registerArtist(w.t);
  const link = await call(w.t.app, 'POST', '/api/payments/account/link', artist.cookie);
  expect(link.statusCode).toBe(200);
  const account = [...w.stripe.accounts.values()].find(
    (a) => (a.metadata as { userId: string }).userId === artist.id,
  )!;
  await w.stripe.markAccountReady(account.id);
  await settle(w.t);
  return artist;
}

export const money = async (t: TestApp, user: TestUser, formId: number) => {
  const res = await call(t.app, 'GET', `/api/comissionform/${formId}/payments`, user.cookie);
  expect(res.statusCode).toBe(200);
  return res.json<OrderMoney>();
};

export const checkout = (t: TestApp, user: TestUser, formId: number, part: number) =>
  call(t.app, 'POST', `/api/comissionform/${formId}/payments/${part}/checkout`, user.cookie);

export const move = (t: TestApp, user: TestUser, form: SentForm, path: string, body?: unknown) =>
  call(t.app, 'PUT', `/api/task/${form.task.id}/${path}`, user.cookie, body ?? {});

/** An accepted order on a ready artist's card ($80, the plan given; full up front by default). */
export async function acceptedOrder(
  w: StripeWorld,
  artist: TestUser,
  plan: CardBodyInput['paymentPlan'] = { kind: 'full' },
  buyer?: TestUser,
) {
  const card = await createCard(w.t, artist, { startingPrice: 80, paymentPlan: plan, deliveryDays: 7 });
  const who = buyer ?? (await registerUser(w.t.app, w.t.dataDir));
  const form = await sendForm(w.t, who, card);
  expect((await move(w.t, artist, form, 'accept')).statusCode).toBe(200);
  return { form, buyer: who };
}

/** The buyer pays part `part` through checkout and the stand-in's webhook; the queue settles. */
export async function payPart(
  w: StripeWorld,
  buyer: TestUser,
  formId: number,
  part: number,
  o: { amountCents?: number } = {},
) {
  const res = await checkout(w.t, buyer, formId, part);
  expect(res.statusCode).toBe(200);
  const sessionId = res.json<{ url: string }>().url.split('/').pop()!;
  const paid = await w.stripe.completeCheckout(sessionId, o);
  expect(paid.sent?.status).toBe(200);
  await settle(w.t);
  return paid;
}

/** Every ledger transaction of the order sums to zero; answers its entries. */
export async function balancedLedger(t: TestApp, formId: number) {
  const entries = await findLedger(t.app.deps.db, formId);
  const sums = new Map<number, number>();
  for (const e of entries) sums.set(e.transactionId, (sums.get(e.transactionId) ?? 0) + e.amountCents);
  for (const sum of sums.values()) expect(sum).toBe(0);
  return entries;
}

/** The kinds of ledger transactions of the order, in order, each once. */
export async function ledgerKinds(t: TestApp, formId: number) {
  const entries = await balancedLedger(t, formId);
  return [...new Map(entries.map((e) => [e.transactionId, e.kind])).values()];
}

/** The order's due date a minute ago: the buyer may cancel it as overdue. */
export const makeOverdue = (t: TestApp, formId: number) =>
  t.app.deps.db.execute(
    sql`update commission_forms set due_at = now() - interval '1 minute' where id = ${formId}`,
  );

/** Makes the order's waiting Stripe money jobs of `kind` due now (the hold limit is 85 days away). */
export async function moneyJobsDueNow(t: TestApp, formId: number, kind: string) {
  await t.app.deps.db.execute(
    sql`update pgboss.job set start_after = now() - interval '1 second'
         where name = ${STRIPE_MONEY_QUEUE} and state in ('created', 'retry')
           and (data->>'formId')::int = ${formId} and data->>'kind' = ${kind}`,
  );
}
