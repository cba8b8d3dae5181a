import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import Stripe from 'stripe';

/**
 * What the Stripe stand-in holds (stripe-stand-in.ts): objects in Stripe's documented shapes
 * (the fields the app and its tests read), and signed events. Tests read these maps directly.
 */

export type Obj = Record<string, unknown> & { id: string };

export const newId = (prefix: string) => `${prefix}_test_${randomBytes(8).toString('hex')}`;
export const nowSeconds = () => Math.floor(Date.now() / 1000);

export interface StandInState {
  accounts: Map<string, Obj>;
  accountLinks: Map<string, { account: string; returnUrl: string; refreshUrl: string }>;
  sessions: Map<string, Obj>;
  paymentIntents: Map<string, Obj>;
  charges: Map<string, Obj>;
  transfers: Map<string, Obj>;
  reversals: Map<string, Obj>;
  refunds: Map<string, Obj>;
  disputes: Map<string, Obj>;
}

export const emptyState = (): StandInState => ({
  accounts: new Map(),
  accountLinks: new Map(),
  sessions: new Map(),
  paymentIntents: new Map(),
  charges: new Map(),
  transfers: new Map(),
  reversals: new Map(),
  refunds: new Map(),
  disputes: new Map(),
});

/** An Express account as Stripe answers it, not yet onboarded. */
export const newAccount = (metadata: Record<string, string>): Obj => ({
  id: newId('acct'),
  object: 'account',
  type: 'express',
  charges_enabled: false,
  payouts_enabled: false,
  details_submitted: false,
  capabilities: { transfers: 'inactive', card_payments: 'inactive' },
  requirements: {
    currently_due: ['external_account', 'individual.verification.document', 'tos_acceptance.date'],
    eventually_due: [],
    past_due: [],
    disabled_reason: 'requirements.past_due',
  },
  metadata,
  created: nowSeconds(),
});

/** The account after a finished onboarding: charges and payouts enabled, nothing due. */
export function makeReady(account: Obj): Obj {
  Object.assign(account, {
    charges_enabled: true,
    payouts_enabled: true,
    details_submitted: true,
    capabilities: { transfers: 'active', card_payments: 'active' },
    requirements: { currently_due: [], eventually_due: [], past_due: [], disabled_reason: null },
  });
  return account;
}

/** A completed checkout: its payment intent and charge (ch_…), the session marked paid. */
export function payCheckout(
  state: StandInState,
  session: Obj,
  amountCents?: number,
): { intent: Obj; charge: Obj } {
  const amount = amountCents ?? (session.amount_total as number);
  const intentData = (session.payment_intent_data ?? {}) as { transfer_group?: string; metadata?: unknown };
  const intent: Obj = {
    id: newId('pi'),
    object: 'payment_intent',
    amount,
    amount_received: amount,
    currency: session.currency,
    status: 'succeeded',
    latest_charge: null,
    transfer_group: intentData.transfer_group ?? null,
    metadata: intentData.metadata ?? {},
    created: nowSeconds(),
  };
  const charge: Obj = {
    id: newId('ch'),
    object: 'charge',
    amount,
    amount_refunded: 0,
    currency: session.currency,
    paid: true,
    refunded: false,
    status: 'succeeded',
    payment_intent: intent.id,
    transfer_group: intent.transfer_group,
    created: nowSeconds(),
  };
  intent.latest_charge = charge.id;
  state.paymentIntents.set(intent.id, intent);
  state.charges.set(charge.id, charge);
  Object.assign(session, {
    status: 'complete',
    payment_status: 'paid',
    payment_intent: intent.id,
    amount_total: amount,
  });
  return { intent, charge };
}

/** A dispute on a charge, as charge.dispute.* events carry it. */
export const newDispute = (charge: Obj, reason: string): Obj => ({
  id: newId('dp'),
  object: 'dispute',
  amount: charge.amount,
  currency: charge.currency,
  charge: charge.id,
  payment_intent: charge.payment_intent,
  reason,
  status: 'needs_response',
  created: nowSeconds(),
});

const signer = new Stripe('sk_test_stand_in_signer');

/** An event around `object`, its JSON body and a Stripe-Signature header from the SDK's own helper. */
export function signedEvent(
  secret: string,
  type: string,
  object: Obj,
  opts: { created?: number; id?: string; timestamp?: number } = {},
) {
  const event = {
    id: opts.id ?? newId('evt'),
    object: 'event',
    api_version: '2026-10-28.endive',
    created: opts.created ?? nowSeconds(),
    type,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object: structuredClone(object) },
  };
  const payload = JSON.stringify(event);
  const signature = signer.webhooks.generateTestHeaderString({
    payload,
    secret,
    ...(opts.timestamp === undefined ? {} : { timestamp: opts.timestamp }),
  });
  return { event, payload, signature };
}

export const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};
export const stripeError = (status: number, message: string, code = 'resource_missing') => ({
  status,
  body: { error: { type: 'invalid_request_error', code, message } },
});

export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
