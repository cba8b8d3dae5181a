import Stripe from 'stripe';
import { paymentMessages as m } from '@brushline/shared/payments/messages';
import type { Config, StripeSettings } from '../../config.ts';
import { AppError } from '../../platform/errors.ts';

/**
 * The official Stripe SDK, configured from the environment (decision 0031): STRIPE_API_BASE gives
 * its host, port and protocol, so an operator's proxy or the tests' stand-in answers instead of
 * api.stripe.com. One client per settings object (a config is built once per app).
 */
const clients = new WeakMap<StripeSettings, Stripe>();

export function stripeClient(config: Pick<Config, 'stripe'>): Stripe {
  const settings = config.stripe;
  if (!settings) throw new AppError(400, 'not_stripe', m.notStripe);
  let client = clients.get(settings);
  if (!client) {
    client = new Stripe(settings.secretKey, {
      host: settings.host,
      port: settings.port,
      protocol: settings.protocol,
      // A lost answer is retried with the same idempotency key (ours, on every money request).
      maxNetworkRetries: 2,
      timeout: 20_000,
      telemetry: false,
    });
    clients.set(settings, client);
  }
  return client;
}

/**
 * A Stripe call from a request: Stripe's refusals and outages answer 503 with a plain message (the
 * details go to the log), never the SDK's text.
 */
export async function callStripe<T>(log: { warn: (o: object, msg: string) => void }, work: () => Promise<T>) {
  try {
    return await work();
  } catch (err) {
    if (err instanceof AppError) throw err;
    log.warn({ err }, 'stripe: request failed');
    throw new AppError(503, 'stripe_unavailable', m.stripeUnavailable);
  }
}

/** Stripe's id of an expandable field (a string, or the object when expanded). */
export const idOf = (v: string | { id: string } | null | undefined): string | null =>
  v == null ? null : typeof v === 'string' ? v : v.id;
