import type Stripe from 'stripe';
import { paymentMessages as m } from '@brushline/shared/payments/messages';
import type { Deps } from '../../platform/deps.ts';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import type { QueueSpec } from '../../platform/jobs.ts';
import { stripeClient } from './stripe-client.ts';
import { applyAccountUpdate } from './stripe-connect.service.ts';
import { recordCardPayment, recordDispute } from './stripe-events.service.ts';
import { findWebhookEvent, insertWebhookEvent, markEventProcessed } from './stripe.repo.ts';
import { STRIPE_EVENTS_QUEUE } from './stripe.rules.ts';

/**
 * Stripe's webhooks (decision 0031): POST /payments/stripe/webhook checks the signature over the
 * raw body with the SDK (a forged or stale one answers 400 and stores nothing), stores the event
 * once by its id and sends its job in the same transaction; the job handles it with retries. A
 * duplicate delivery finds its id stored and does nothing; each handler compares the event's time
 * with what it stored (account, dispute) or writes under the ledger's key (payment), so an event
 * that arrives late changes nothing it should not.
 */

export async function receiveWebhook(
  ctx: Pick<Deps, 'db' | 'jobs' | 'config' | 'log'>,
  _actor: null,
  input: { rawBody: Buffer; signature: string | undefined },
): Promise<{ received: true; duplicate: boolean }> {
  const stripe = stripeClient(ctx.config);
  const { webhookSecret, connectWebhookSecret } = ctx.config.stripe!;
  // One URL may serve both of Stripe's endpoints (the platform's, and Connect's with its own secret).
  let event: Stripe.Event | null = null;
  let refusal: unknown;
  for (const secret of connectWebhookSecret ? [webhookSecret, connectWebhookSecret] : [webhookSecret]) {
    try {
      event = stripe.webhooks.constructEvent(input.rawBody, input.signature ?? '', secret);
      break;
    } catch (err) {
      refusal = err;
    }
  }
  if (!event) {
    ctx.log.warn({ err: refusal }, 'stripe: webhook refused (signature)');
    throw new AppError(400, 'invalid_signature', m.webhookSignature);
  }
  const stored = await ctx.db.transaction(async (db) => {
    const fresh = await insertWebhookEvent(db, { id: event.id, type: event.type, payload: event });
    if (fresh)
      await ctx.jobs.send(db, STRIPE_EVENTS_QUEUE, { eventId: event.id }, { singletonKey: event.id });
    return fresh;
  });
  return { received: true, duplicate: !stored };
}

/** Handles one stored event (the job's handler); an event handled already does nothing. */
export async function processStripeEvent(
  ctx: Pick<Deps, 'db' | 'jobs' | 'config' | 'hub' | 'log' | 'bus'>,
  _actor: null,
  eventId: string,
  completeIn?: (db: DbOrTx) => Promise<void>,
): Promise<string> {
  const row = await findWebhookEvent(ctx.db, eventId);
  if (!row || row.processedAt) return 'nothing';
  const event = row.payload as Stripe.Event;
  const done = async (db: DbOrTx) => {
    await markEventProcessed(db, eventId);
    await completeIn?.(db);
  };
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
      await recordCardPayment(ctx, null, event.data.object, done);
      break;
    case 'account.updated':
      await ctx.db.transaction(async (db) => {
        await applyAccountUpdate({ db }, null, { account: event.data.object, created: event.created });
        await done(db);
      });
      break;
    case 'charge.dispute.created':
    case 'charge.dispute.updated':
    case 'charge.dispute.closed':
      await recordDispute(
        ctx,
        null,
        { type: event.type, created: event.created, dispute: event.data.object },
        done,
      );
      break;
    default:
      // charge.refunded and the rest: stored for the record; the refund job already wrote the ledger.
      await ctx.db.transaction(done);
  }
  return event.type;
}

/** The queue of webhook events, for the app to define when PAYMENT_PROVIDER is stripe. */
export function stripeEventsQueue(
  ctx: Pick<Deps, 'db' | 'jobs' | 'config' | 'hub' | 'log' | 'bus'>,
  _actor: null,
): QueueSpec<{ eventId: string }> {
  return {
    name: STRIPE_EVENTS_QUEUE,
    policy: 'short',
    retryLimit: 8,
    retryDelaySeconds: 15,
    handler: async (job) => {
      await processStripeEvent(ctx, null, job.data.eventId, job.completeIn);
    },
  };
}
