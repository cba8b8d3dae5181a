import { paymentMessages as m } from '@brushline/shared/payments/messages';
import { toPath } from '@brushline/shared/paths';
import type { RedirectUrl } from '@brushline/shared/payments/stripe';
import type { Deps } from '../../platform/deps.ts';
import { AppError } from '../../platform/errors.ts';
import type { Actor } from '../../platform/session.ts';
import { fixPaymentProvider, orderForMoney } from '../orders/orders.service.ts';
import { loadMoney } from './order-money.service.ts';
import { assertOpenForPayments, assertSide, partAt, partWords } from './payments.rules.ts';
import { callStripe, stripeClient } from './stripe-client.ts';
import { assertCanReceive } from './stripe-connect.service.ts';
import { findPart, saveCheckout } from './stripe.repo.ts';
import { transferGroup } from './stripe.rules.ts';

/**
 * POST /comissionform/{id}/payments/{part}/checkout (decision 0031): the buyer pays a due part
 * through Stripe's hosted checkout. The amount is the server's (the order's total and plan), the
 * charge is made on the platform in the order's transfer group. A checkout still open is answered
 * again; a new one is attempt n+1, and its idempotency key names the order, the part and n, so two
 * clicks at once get the same session from Stripe.
 */
export async function openCheckout(
  ctx: Pick<Deps, 'db' | 'config' | 'log'>,
  actor: Actor,
  input: { formId: number; part: number; origin: string },
  now: Date = new Date(),
): Promise<RedirectUrl> {
  const stripe = stripeClient(ctx.config);
  const order = await orderForMoney(ctx, actor, input.formId);
  assertSide(order, 'buyer', 'pay for the order');
  assertOpenForPayments(order);
  const money = await loadMoney(ctx, null, order);
  const part = partAt(money.parts, input.part);
  if (part.status === 'confirmed') throw new AppError(409, 'part_paid', m.partPaidAlready);
  if (part.status === 'scheduled') throw new AppError(400, 'part_not_due', m.partNotDue);
  await assertCanReceive({ ...ctx }, null, { artistId: order.artistId, who: 'buyer' });

  // An order whose money moved off-platform (before card payments were turned on) stays there; the
  // first checkout fixes the others on Stripe (decision 0031, "One provider per order").
  if (!(await fixPaymentProvider(ctx, null, { formId: order.id, provider: 'stripe' })))
    throw new AppError(409, 'paid_off_platform', m.paidOffPlatform);
  const row = await findPart(ctx.db, order.id, part.index);
  if (row?.heldAt) throw new AppError(409, 'part_paid', m.partPaidAlready);
  // The last session is asked for even past its expiry: completed there while its webhook is late,
  // the part is paid, and a new session would charge the buyer twice.
  if (row?.checkoutSessionId) {
    const session = await callStripe(ctx.log, () =>
      stripe.checkout.sessions.retrieve(row.checkoutSessionId!),
    );
    if (session.status === 'complete') throw new AppError(409, 'part_paid', m.partPaidAlready);
    if (session.status === 'open' && row.checkoutUrl && row.checkoutExpiresAt && row.checkoutExpiresAt > now)
      return { url: row.checkoutUrl };
  }
  const attempt = (row?.checkoutSessionId ? row.checkoutAttempt : 0) + 1;
  const site = ctx.config.PUBLIC_URL ? ctx.config.publicUrl : input.origin;
  const orderPage = `${site}${toPath('order', { id: order.id })}`;
  const words = money.plan.kind === 'full' ? 'Payment' : partWords(part, money.plan).replace(/^the /, '');
  const metadata = { formId: String(order.id), partIndex: String(part.index) };
  const session = await callStripe(ctx.log, () =>
    stripe.checkout.sessions.create(
      {
        mode: 'payment',
        // Cards only: a payment that completes days later (bank debits) would leave a part "unpaid"
        // with its money on the way, and a new checkout could charge it again.
        allowed_payment_method_types: ['card'],
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: 'usd',
              unit_amount: part.amountCents,
              product_data: {
                name: `${order.cardTitle} — ${words.charAt(0).toUpperCase()}${words.slice(1)}`,
              },
            },
          },
        ],
        payment_intent_data: { transfer_group: transferGroup(order.id), metadata },
        metadata,
        client_reference_id: `${order.id}:${part.index}`,
        success_url: `${orderPage}?paid=${part.index}`,
        cancel_url: orderPage,
      },
      { idempotencyKey: `checkout:${order.id}:${part.index}:${attempt}` },
    ),
  );
  if (!session.url) throw new AppError(503, 'stripe_unavailable', m.stripeUnavailable);
  await saveCheckout(ctx.db, order.id, part.index, {
    attempt,
    sessionId: session.id,
    url: session.url,
    expiresAt: new Date(session.expires_at * 1000),
  });
  return { url: session.url };
}
