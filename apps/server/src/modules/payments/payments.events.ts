import { paymentMessages as m } from '@brushline/shared/payments/messages';
import { planParts, upFrontParts } from '@brushline/shared/payments/plan';
import type { DomainEventMap } from '../../platform/events.ts';
import type { Deps, TxCtx } from '../../platform/deps.ts';
import { AppError } from '../../platform/errors.ts';
import { createNotification } from '../notifications/notifications.service.ts';
import { orderForTimer } from '../orders/orders.service.ts';
import { feeOf, refundOwedPostings, releasePostings } from './ledger.rules.ts';
import { feeBasisPoints, orderProvider, paymentProvider, paysByCard } from './payment-provider.rules.ts';
import { findBalances, findPaymentRows, insertLedgerTransaction, insertMoneyEvent } from './payments.repo.ts';
import { moneyOverviewsChanged } from './money-overview-cache.ts';
import { usd } from './payments.rules.ts';
import { refundCardParts, releaseHeldParts } from './stripe-money.service.ts';

/**
 * How payments react to the orders module's moves (wired in reactions.ts), inside the mover's
 * transaction: the start waits for the up-front payment, a cancel owes back what was paid, an
 * approval releases what a provider holds.
 */

/**
 * Starting work waits for the up-front payment: a start whose up-front parts are not all
 * confirmed is refused (409), unless the artist chose "start before payment" on this order.
 */
export async function gateStart(
  ctx: Omit<Deps, 'db'> & TxCtx,
  _actor: null,
  e: DomainEventMap['orderMoved'],
): Promise<void> {
  if (e.action !== 'start') return;
  const order = await orderForTimer(ctx, null, e.formId);
  if (!order?.paymentPlan || order.startBeforePayment) return;
  const parts = planParts(order.paymentPlan, order.totalPriceCents);
  const rows = new Map((await findPaymentRows(ctx.db, e.formId)).map((r) => [r.partIndex, r]));
  if (upFrontParts(parts).some((p) => !rows.get(p.index)?.confirmedAt)) {
    throw new AppError(409, 'payment_required', m.paymentRequired);
  }
}

/**
 * A canceled order owes back everything paid (off-platform: "refund owed" until the artist
 * records the refund; both are told). Recorded once, whichever cancel it was.
 */
export async function owedOnCancel(
  ctx: Omit<Deps, 'db'> & TxCtx,
  _actor: null,
  e: DomainEventMap['orderMoved'],
): Promise<void> {
  if (e.to !== 'canceled') return;
  const { balances } = await findBalances(ctx.db, e.formId);
  const postings = refundOwedPostings(balances);
  if (postings.length < 2) return;
  const owed = balances.artist + balances.platformFee + balances.held;
  const recorded = await insertLedgerTransaction(
    ctx.db,
    {
      formId: e.formId,
      artistId: e.artistId,
      kind: 'refundOwed',
      idempotencyKey: `refundOwed:${e.formId}`,
      actorId: e.actorId,
    },
    postings,
  );
  if (!recorded) return;
  const order = await orderForTimer(ctx, null, e.formId);
  const stripe = order ? paysByCard(ctx.config, order) : paymentProvider(ctx.config).id === 'stripe';
  // Stripe: the refunds are made by jobs sent here (a reversal first where money was transferred).
  if (stripe) await refundCardParts(ctx, null, e.formId);
  await insertMoneyEvent(ctx.db, {
    formId: e.formId,
    kind: 'refundOwed',
    amountCents: owed,
    actorId: e.actorId,
  });
  const title = order?.cardTitle ?? 'the order';
  const actor = e.actorId ? { id: e.actorId } : null;
  // Stored in the cancel's transaction; the cancel's own notification push makes both clients
  // fetch their notifications, so nothing is pushed before the commit.
  const buyer = order?.senderLogin ?? 'the buyer';
  await createNotification(ctx, actor, {
    userId: e.artistId,
    type: 'payment',
    message: stripe
      ? `“${title}” was canceled: ${usd(owed)} is refunded to ${buyer}’s card automatically`
      : `“${title}” was canceled: refund ${usd(owed)} to ${buyer}, then record it on the order page`,
    formId: e.formId,
  });
  await createNotification(ctx, actor, {
    userId: e.buyerId,
    type: 'payment',
    message: stripe
      ? `“${title}” was canceled: ${usd(owed)} is refunded to your card automatically`
      : `“${title}” was canceled: ${order?.artistLogin ?? 'the artist'} owes you a refund of ${usd(owed)}`,
    formId: e.formId,
  });
}

/** Approval releases what a provider holds to the artist (a provider that holds no money: nothing). */
export async function releaseOnApproval(
  ctx: Omit<Deps, 'db'> & TxCtx,
  _actor: null,
  e: DomainEventMap['orderMoved'],
): Promise<void> {
  if (e.to !== 'done') return;
  const order = await orderForTimer(ctx, null, e.formId);
  if (!order) return;
  const provider = orderProvider(ctx.config, order);
  if (!provider.holdsFunds) return;
  // Stripe: each held part's release and its transfer's job, in this transaction (no call to Stripe here).
  if (paysByCard(ctx.config, order)) return releaseHeldParts(ctx, null, e);
  if (!order.paymentPlan) return;
  const parts = planParts(order.paymentPlan, order.totalPriceCents);
  const rows = new Map((await findPaymentRows(ctx.db, e.formId)).map((r) => [r.partIndex, r]));
  for (const part of parts) {
    if (!rows.get(part.index)?.confirmedAt) continue;
    const payment = { formId: e.formId, partIndex: part.index, amountCents: part.amountCents };
    await provider.release(payment);
    const fee = feeOf(part.amountCents, feeBasisPoints(ctx.config));
    const released = await insertLedgerTransaction(
      ctx.db,
      {
        formId: e.formId,
        artistId: e.artistId,
        kind: 'release',
        idempotencyKey: `release:${e.formId}:${part.index}`,
        partIndex: part.index,
        actorId: e.actorId,
      },
      releasePostings(part.amountCents, fee),
    );
    if (released) {
      await insertMoneyEvent(ctx.db, {
        formId: e.formId,
        kind: 'released',
        partIndex: part.index,
        amountCents: part.amountCents,
        actorId: e.actorId,
      });
    }
  }
}

/** Reaction to orderMoved, after the commit: both parties' /crm/money on every instance is read afresh. */
export async function followOrderMoneyMoved(
  ctx: Pick<Deps, 'bus'>,
  _actor: null,
  e: DomainEventMap['orderMoved'],
): Promise<void> {
  await moneyOverviewsChanged(ctx.bus, [e.artistId, e.buyerId]);
}
