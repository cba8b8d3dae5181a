import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { arr, int, metadataOf, obj, parseStripeForm, str, type FormValue } from './stripe-form.ts';
import { servePage } from './stripe-stand-in-pages.ts';
import {
  emptyState,
  json,
  readBody,
  stripeError,
  makeReady,
  newAccount,
  newDispute,
  newId,
  nowSeconds,
  payCheckout,
  signedEvent,
  type Obj,
} from './stripe-stand-in-state.ts';

/**
 * A stand-in for Stripe's API on a local port (decision 0031: these machines cannot reach Stripe).
 * The app's real SDK talks to it through STRIPE_API_BASE. It answers the endpoints Brushline uses
 * with Stripe's documented JSON shapes, honours Idempotency-Key (the same key answers the stored
 * response), records every request, and signs the webhooks it sends with the SDK's test helper.
 * It also serves a hosted checkout page (/checkout/{id}) and an onboarding page (/onboarding/{id})
 * with one button each, for the Playwright journey.
 */

export interface RecordedRequest {
  method: string;
  path: string;
  params: Record<string, FormValue>;
  idempotencyKey: string | null;
}

export interface StandInOptions {
  /** The app's webhook signing secret (STRIPE_WEBHOOK_SECRET). */
  webhookSecret: string;
  /** Where events are POSTed (the app's /api/payments/stripe/webhook); or `deliver` (tests: inject). */
  webhookUrl?: string;
  deliver?: (payload: string, signature: string) => Promise<number>;
  /** Sees each API request before it is answered (a test kills a worker here). */
  onRequest?: (r: RecordedRequest) => void | Promise<void>;
  /** Sees each answer once it is stored (idempotency) and before it is sent: a crash test kills here. */
  onAnswered?: (r: RecordedRequest, body: unknown) => void;
  port?: number;
  host?: string;
}

export type StripeStandIn = Awaited<ReturnType<typeof startStripeStandIn>>;

export async function startStripeStandIn(opts: StandInOptions) {
  const state = emptyState();
  const requests: RecordedRequest[] = [];
  const idempotent = new Map<string, { status: number; body: unknown }>();
  let base = '';

  async function sendEvent(type: string, object: Obj, o: { created?: number } = {}) {
    const signed = signedEvent(opts.webhookSecret, type, object, o);
    let status = 0;
    if (opts.deliver) status = await opts.deliver(signed.payload, signed.signature);
    else if (opts.webhookUrl) {
      const res = await fetch(opts.webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': signed.signature },
        body: signed.payload,
      });
      status = res.status;
    }
    return { ...signed, status };
  }

  const found = (map: Map<string, Obj>, id: string, what: string) =>
    map.has(id) ? { status: 200, body: map.get(id) } : stripeError(404, `No such ${what}: '${id}'`);

  /** One API call: [status, body]. */
  function answer(method: string, path: string, p: Record<string, FormValue>) {
    const seg = path.split('/').filter(Boolean); // ['v1', 'accounts', id?, ...]
    const [, kind, id, sub] = seg;
    if (method === 'POST' && path === '/v1/accounts') {
      const a = newAccount(metadataOf(p.metadata));
      state.accounts.set(a.id, a);
      return { status: 200, body: a };
    }
    if (method === 'GET' && kind === 'accounts' && id) return found(state.accounts, id, 'account');
    if (method === 'POST' && path === '/v1/account_links') {
      if (!state.accounts.has(str(p.account))) return stripeError(400, 'No such account');
      const linkId = newId('al');
      state.accountLinks.set(linkId, {
        account: str(p.account),
        returnUrl: str(p.return_url),
        refreshUrl: str(p.refresh_url),
      });
      return {
        status: 200,
        body: {
          object: 'account_link',
          url: `${base}/onboarding/${linkId}`,
          created: nowSeconds(),
          expires_at: nowSeconds() + 300,
        },
      };
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const item = obj(arr(p.line_items)[0]);
      const price = obj(item.price_data);
      const amount = int(price.unit_amount) * (int(item.quantity) || 1);
      if (!Number.isSafeInteger(amount) || amount <= 0)
        return stripeError(400, 'Invalid amount', 'parameter_invalid_integer');
      const sid = newId('cs');
      const intentData = obj(p.payment_intent_data);
      const session: Obj = {
        id: sid,
        object: 'checkout.session',
        mode: str(p.mode),
        status: 'open',
        payment_status: 'unpaid',
        amount_subtotal: amount,
        amount_total: amount,
        currency: str(price.currency),
        client_reference_id: str(p.client_reference_id) || null,
        metadata: metadataOf(p.metadata),
        payment_intent: null,
        payment_intent_data: {
          transfer_group: str(intentData.transfer_group),
          metadata: metadataOf(intentData.metadata),
        },
        line_items_name: str(obj(price.product_data).name),
        success_url: str(p.success_url),
        cancel_url: str(p.cancel_url),
        url: `${base}/checkout/${sid}`,
        created: nowSeconds(),
        expires_at: nowSeconds() + 86_400,
      };
      state.sessions.set(sid, session);
      return { status: 200, body: session };
    }
    if (method === 'GET' && kind === 'checkout' && id === 'sessions' && sub)
      return found(state.sessions, sub, 'checkout.session');
    if (method === 'GET' && kind === 'payment_intents' && id)
      return found(state.paymentIntents, id, 'payment_intent');
    if (method === 'POST' && path === '/v1/transfers') {
      const charge = state.charges.get(str(p.source_transaction));
      if (!state.accounts.has(str(p.destination))) return stripeError(400, 'No such destination');
      if (!charge) return stripeError(400, 'No such source_transaction');
      const amount = int(p.amount);
      if (!(amount > 0) || amount > (charge.amount as number))
        return stripeError(400, 'Invalid transfer amount', 'amount_too_large');
      const transfer: Obj = {
        id: newId('tr'),
        object: 'transfer',
        amount,
        amount_reversed: 0,
        currency: str(p.currency),
        destination: str(p.destination),
        transfer_group: str(p.transfer_group) || null,
        source_transaction: charge.id,
        reversed: false,
        reversals: { object: 'list', data: [], has_more: false },
        metadata: metadataOf(p.metadata),
        created: nowSeconds(),
      };
      state.transfers.set(transfer.id, transfer);
      return { status: 200, body: transfer };
    }
    if (method === 'POST' && kind === 'transfers' && id && sub === 'reversals') {
      const transfer = state.transfers.get(id);
      if (!transfer) return stripeError(404, `No such transfer: '${id}'`);
      const left = (transfer.amount as number) - (transfer.amount_reversed as number);
      const amount = Number.isNaN(int(p.amount)) ? left : int(p.amount);
      if (!(amount > 0) || amount > left)
        return stripeError(400, 'Invalid reversal amount', 'amount_too_large');
      const reversal: Obj = {
        id: newId('trr'),
        object: 'transfer_reversal',
        amount,
        currency: transfer.currency,
        transfer: id,
        metadata: metadataOf(p.metadata),
        created: nowSeconds(),
      };
      transfer.amount_reversed = (transfer.amount_reversed as number) + amount;
      transfer.reversed = transfer.amount_reversed === transfer.amount;
      state.reversals.set(reversal.id, reversal);
      return { status: 200, body: reversal };
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const intent = state.paymentIntents.get(str(p.payment_intent));
      const charge = intent ? state.charges.get(intent.latest_charge as string) : undefined;
      if (!intent || !charge) return stripeError(400, 'No such payment_intent');
      // As Stripe: a charge under dispute (or charged back) cannot be refunded.
      const disputed = [...state.disputes.values()].some(
        (d) => d.charge === charge.id && d.status !== 'won' && d.status !== 'warning_closed',
      );
      if (disputed)
        return stripeError(400, `Charge ${String(charge.id)} has been charged back`, 'charge_disputed');
      const left = (charge.amount as number) - (charge.amount_refunded as number);
      const amount = Number.isNaN(int(p.amount)) ? left : int(p.amount);
      if (!(amount > 0) || amount > left)
        return stripeError(400, 'Refund exceeds the charge', 'charge_already_refunded');
      const refund: Obj = {
        id: newId('re'),
        object: 'refund',
        amount,
        currency: charge.currency,
        charge: charge.id,
        payment_intent: intent.id,
        status: 'succeeded',
        metadata: metadataOf(p.metadata),
        created: nowSeconds(),
      };
      charge.amount_refunded = (charge.amount_refunded as number) + amount;
      charge.refunded = charge.amount_refunded === charge.amount;
      state.refunds.set(refund.id, refund);
      return { status: 200, body: refund };
    }
    return stripeError(404, `Unrecognized request URL (${method}: ${path})`);
  }

  const helpers = {
    /** Onboarding finished: charges and payouts enabled; account.updated is sent unless told not to. */
    async markAccountReady(accountId: string, o: { send?: boolean } = {}) {
      const account = makeReady(state.accounts.get(accountId)!);
      return o.send === false ? null : sendEvent('account.updated', account);
    },
    /** The buyer paid: payment intent and charge made, checkout.session.completed sent (amount overridable). */
    async completeCheckout(sessionId: string, o: { amountCents?: number; send?: boolean } = {}) {
      const session = state.sessions.get(sessionId);
      if (!session) throw new Error(`stand-in: no session ${sessionId}`);
      const paid = payCheckout(state, session, o.amountCents);
      const sent = o.send === false ? null : await sendEvent('checkout.session.completed', session);
      return { session, ...paid, sent };
    },
    /** The buyer's bank disputes a charge: charge.dispute.created (then closeDispute: closed). */
    async openDispute(chargeId: string, reason = 'fraudulent') {
      const dispute = newDispute(state.charges.get(chargeId)!, reason);
      state.disputes.set(dispute.id, dispute);
      return { dispute, sent: await sendEvent('charge.dispute.created', dispute) };
    },
    async closeDispute(disputeId: string, status: 'won' | 'lost' = 'lost') {
      const dispute = state.disputes.get(disputeId)!;
      dispute.status = status;
      return sendEvent('charge.dispute.closed', dispute);
    },
    sendEvent,
    /** A signed event not sent (tests deliver it themselves: twice, late, altered). */
    signedEvent: (type: string, object: Obj, o: { created?: number; timestamp?: number } = {}) =>
      signedEvent(opts.webhookSecret, type, object, o),
  };

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const body = await readBody(req);
      if (!url.pathname.startsWith('/v1/')) {
        if (await servePage({ state, helpers }, req.method ?? 'GET', url.pathname, res)) return;
        return json(res, 404, { error: { message: 'not found' } });
      }
      if (!(req.headers.authorization ?? '').startsWith('Bearer sk_')) {
        return json(res, 401, {
          error: { type: 'invalid_request_error', message: 'Invalid API Key provided' },
        });
      }
      const params = req.method === 'GET' ? parseStripeForm(url.search.slice(1)) : parseStripeForm(body);
      const key = (req.headers['idempotency-key'] as string | undefined) ?? null;
      const recorded = { method: req.method ?? 'GET', path: url.pathname, params, idempotencyKey: key };
      requests.push(recorded);
      await opts.onRequest?.(recorded);
      const scope = key && req.method === 'POST' ? `${url.pathname} ${key}` : null;
      const stored = scope ? idempotent.get(scope) : undefined;
      const out = stored ?? answer(recorded.method, url.pathname, params);
      if (scope && !stored) idempotent.set(scope, out);
      opts.onAnswered?.(recorded, out.body);
      res.setHeader('request-id', newId('req'));
      if (key) res.setHeader('idempotency-key', key);
      if (stored) res.setHeader('idempotent-replayed', 'true');
      json(res, out.status, out.body);
    })().catch((err: unknown) => json(res, 500, { error: { message: String(err) } }));
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  base = `http://${opts.host ?? '127.0.0.1'}:${port}`;
  return {
    ...state,
    ...helpers,
    url: base,
    port,
    requests,
    requestsTo: (method: string, path: string) =>
      requests.filter((r) => r.method === method && r.path.startsWith(path)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// Standalone, for the e2e journey: `tsx apps/server/src/test/stripe-stand-in.ts` (README "Stripe").
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const standIn = await startStripeStandIn({
    webhookSecret: process.env.STRIPE_WEBHOOK_SECRET ?? 'whsec_stand_in',
    webhookUrl: process.env.STRIPE_WEBHOOK_URL ?? 'http://localhost:3000/api/payments/stripe/webhook',
    port: Number(process.env.STRIPE_STAND_IN_PORT ?? 12111),
    host: process.env.STRIPE_STAND_IN_HOST ?? '127.0.0.1',
  });
  console.log(`Stripe stand-in on ${standIn.url} (STRIPE_API_BASE=${standIn.url})`);
}
