import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { partParamsSchema } from '@brushline/shared/payments/schemas';
import { payoutAccountSchema, redirectUrlSchema } from '@brushline/shared/payments/stripe';
import type { Deps } from '../../platform/deps.ts';
import { errorResponses } from '../../platform/openapi.ts';
import { requireActor } from '../../platform/session.ts';
import { openCheckout } from './stripe-checkout.service.ts';
import { readPayoutAccount, refreshPayoutAccount, startOnboarding } from './stripe-connect.service.ts';
import { receiveWebhook } from './stripe-webhooks.service.ts';

const tags = ['payments'];
const security = [{ session: [] }];
const note =
  'Stripe Connect (docs/decisions/0031-stripe-connect.md), with PAYMENT_PROVIDER=stripe: the buyer pays the platform ' +
  'by card through Stripe Checkout, the money is held until approval, then transferred to the artist’s Express account. ' +
  'Off-platform these routes answer 400 not_stripe (GET /payments/account answers provider offPlatform, not connected). ' +
  'Stripe not answering: 503 stripe_unavailable.';

/** Where the browser came from, for Stripe's return links when PUBLIC_URL is not set. */
const originOf = (req: FastifyRequest) => req.headers.origin ?? `${req.protocol}://${req.host}`;

export const stripeRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/payments/account',
      {
        schema: {
          tags,
          security,
          summary: "The caller's own Stripe payout account as Brushline last heard of it",
          description: `${note} What is enabled (charges, payouts), whether details were submitted, and what Stripe still needs, in words. canReceive (charges and payouts enabled) is what lets the artist's cards take orders.`,
          response: { 200: payoutAccountSchema, ...errorResponses(401) },
        },
      },
      async (req) => readPayoutAccount(deps, requireActor(req)),
    );

    app.post(
      '/payments/account/link',
      {
        schema: {
          tags,
          security,
          summary: 'Start or continue Stripe onboarding: a one-time Stripe link to send the browser to',
          description: `${note} Creates the artist's Express account the first time (one per user: the idempotency key names the user), then an account link (account_onboarding) that returns to Settings → Payouts with ?stripe=return (or ?stripe=refresh when the link expired). Links are single-use: ask again for a new one.`,
          response: { 200: redirectUrlSchema, ...errorResponses(400, 401, 503) },
        },
      },
      async (req) => startOnboarding(deps, requireActor(req), { origin: originOf(req) }),
    );

    app.post(
      '/payments/account/refresh',
      {
        schema: {
          tags,
          security,
          summary: "Ask Stripe again for the caller's account status and store it",
          description: `${note} For the return from onboarding, since the account.updated webhook may come later. Not connected yet: answers the empty account.`,
          response: { 200: payoutAccountSchema, ...errorResponses(400, 401, 503) },
        },
      },
      async (req) => refreshPayoutAccount(deps, requireActor(req)),
    );

    app.post(
      '/comissionform/:id/payments/:part/checkout',
      {
        schema: {
          tags,
          security,
          summary: 'Buyer pays a due part by card: a Stripe Checkout page to send the browser to',
          description: `${note} Buyer only (artist 403, anyone else 404). The amount is the part's, from the order's total and plan; nothing in the request names one. A part not due yet: 400 part_not_due; already paid (or Stripe is confirming it): 409 part_paid; a canceled or declined order: 400 order_closed; the artist's account cannot receive money: 409 payout_account_required; an order whose money moved off-platform before card payments were turned on: 409 paid_off_platform (it stays off-platform). A checkout still open is answered again (same URL). Stripe returns the browser to /order/{id}?paid={part} (or the order page when canceled); the webhook confirms the payment.`,
          params: partParamsSchema,
          response: { 200: redirectUrlSchema, ...errorResponses(400, 401, 403, 404, 409, 503) },
        },
      },
      async (req) =>
        openCheckout(deps, requireActor(req), {
          formId: req.params.id,
          part: req.params.part,
          origin: originOf(req),
        }),
    );

    // Stripe signs the exact bytes it sent: this route alone keeps JSON bodies as a Buffer.
    await app.register(async (hook) => {
      hook.removeContentTypeParser(['application/json']);
      hook.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) =>
        done(null, body),
      );
      hook.post(
        '/payments/stripe/webhook',
        {
          schema: {
            tags,
            summary: "Stripe's webhook endpoint (signed events)",
            description: `${note} The Stripe-Signature header is checked over the raw body with the webhook signing secret (STRIPE_WEBHOOK_SECRET, or STRIPE_CONNECT_WEBHOOK_SECRET for the Connect endpoint's events; tolerance 5 minutes): a missing, forged or stale signature answers 400 invalid_signature and stores nothing. Each event is stored once by its id and handled on the job queue with retries: checkout.session.completed (the part paid, held), account.updated, charge.dispute.created/updated/closed; others are stored only. A duplicate answers 200 with duplicate true.`,
            response: {
              200: z.object({ received: z.literal(true), duplicate: z.boolean() }),
              ...errorResponses(400),
            },
          },
        },
        async (req) =>
          receiveWebhook(deps, null, {
            rawBody: Buffer.isBuffer(req.body) ? req.body : Buffer.from(''),
            signature: req.headers['stripe-signature'] as string | undefined,
          }),
      );
    });
  };
