import { planParts } from '@brushline/shared/payments/plan';
import { STRIPE_HOLD_DAYS_MAX } from '@brushline/shared/payments/stripe';
import type { Deps, TxCtx } from '../../platform/deps.ts';
import type { DbOrTx } from '../../db/client.ts';
import { createNotification } from '../notifications/notifications.service.ts';
import { orderForTimer } from '../orders/orders.service.ts';
import { releasePostings, feeOf, type Posting } from './ledger.rules.ts';
import { feeBasisPoints } from './payment-provider.rules.ts';
import {
  findLedgerEntriesByKey,
  findPaymentRows,
  insertLedgerTransaction,
  insertMoneyEvent,
} from './payments.repo.ts';
import { moneyOverviewsChanged } from './money-overview-cache.ts';
import { usd } from './payments.rules.ts';
import { findOpenDispute, findPart, findParts, savePart } from './stripe.repo.ts';
import {
  disputeOpen,
  ledgerKeys,
  moneyJobKey,
  STRIPE_MONEY_QUEUE,
  type StripeMoneyJob,
} from './stripe.rules.ts';

/**
 * The money moves of Stripe Connect inside Brushline's transactions (decision 0031). Nothing here
 * calls Stripe: each move writes its ledger transaction and sends a job in the same transaction
 * (the order move's, or the webhook's); the job (stripe-jobs.service.ts) makes the request with
 * the ledger transaction's key as its idempotency key and records Stripe's id afterwards.
 */

export const sendMoneyJob = (
  ctx: Pick<Deps, 'jobs'> & TxCtx,
  _actor: null,
  job: StripeMoneyJob,
  startAfter?: Date,
) =>
  ctx.jobs.send(ctx.db, STRIPE_MONEY_QUEUE, job, {
    singletonKey: moneyJobKey(job),
    ...(startAfter ? { startAfter } : {}),
  });

/** Whether the buyer's bank may still take this charge back (an open dispute or inquiry). */
export async function chargeUnderDispute(
  ctx: TxCtx,
  _actor: null,
  chargeId: string | null,
): Promise<boolean> {
  if (!chargeId) return false;
  const dispute = await findOpenDispute(ctx.db, chargeId);
  return dispute !== null && disputeOpen(dispute.status);
}

/**
 * Held money of one part goes to the artist: the ledger's release (held → artist less the fee,
 * and the fee) and the transfer's job. Only a part still held (paid, not released, not owed back)
 * and not under an open dispute: that part stays held until the dispute closes
 * (stripe-events.service' settleDisputedPart).
 */
export async function releaseHeldPart(
  ctx: TxCtx & Pick<Deps, 'jobs' | 'config'>,
  _actor: null,
  order: { id: number; artistId: string },
  part: { index: number; amountCents: number },
  actorId: string | null,
): Promise<boolean> {
  const row = await findPart(ctx.db, order.id, part.index, { lock: true });
  if (!row?.heldAt || row.releasedAt || row.refundOwedAt) return false;
  if (await chargeUnderDispute(ctx, null, row.chargeId)) return false;
  const fee = feeOf(part.amountCents, feeBasisPoints(ctx.config));
  const released = await insertLedgerTransaction(
    ctx.db,
    {
      formId: order.id,
      artistId: order.artistId,
      kind: 'release',
      idempotencyKey: ledgerKeys.release(order.id, part.index),
      partIndex: part.index,
      actorId,
    },
    releasePostings(part.amountCents, fee),
  );
  if (!released) return false;
  await savePart(ctx.db, order.id, part.index, { releasedAt: new Date() });
  await insertMoneyEvent(ctx.db, {
    formId: order.id,
    kind: 'released',
    partIndex: part.index,
    amountCents: part.amountCents,
    actorId,
  });
  await sendMoneyJob(ctx, null, { kind: 'transfer', formId: order.id, partIndex: part.index });
  return true;
}

/** Approval (the buyer's or the timer's): every part still held is released. */
export async function releaseHeldParts(
  ctx: TxCtx & Pick<Deps, 'jobs' | 'config'>,
  _actor: null,
  e: { formId: number; artistId: string; actorId: string | null },
): Promise<void> {
  const order = await orderForTimer(ctx, null, e.formId);
  if (!order?.paymentPlan) return;
  for (const part of planParts(order.paymentPlan, order.totalPriceCents)) {
    await releaseHeldPart(ctx, null, { id: e.formId, artistId: e.artistId }, part, e.actorId);
  }
}

/**
 * A cancel owed back everything paid (payments.events' owedOnCancel wrote the ledger): each part
 * paid by card and not yet owed back gets its refund's job (a reversal first if it was released).
 */
export async function refundCardParts(
  ctx: TxCtx & Pick<Deps, 'jobs' | 'config'>,
  _actor: null,
  formId: number,
): Promise<void> {
  for (const row of await findParts(ctx.db, formId)) {
    if (!row.heldAt || row.refundOwedAt) continue;
    await savePart(ctx.db, formId, row.partIndex, { refundOwedAt: new Date() });
    await sendMoneyJob(ctx, null, { kind: 'refund', formId, partIndex: row.partIndex });
  }
}

/**
 * One part owed back on its own: paid by card after the order was canceled, or held at Stripe's
 * hold limit on an order not delivered. Its money (held, or the artist's and the fee if released)
 * moves to `refunds`, and its refund's job is sent.
 */
export async function owePartRefund(
  ctx: TxCtx & Pick<Deps, 'jobs' | 'config'>,
  _actor: null,
  order: { id: number; artistId: string },
  part: { index: number; amountCents: number },
): Promise<boolean> {
  const row = await findPart(ctx.db, order.id, part.index, { lock: true });
  if (!row?.heldAt || row.refundOwedAt) return false;
  // A released part gives back what its release wrote (the fee then, not today's setting).
  const from: Posting[] = row.releasedAt
    ? (await findLedgerEntriesByKey(ctx.db, ledgerKeys.release(order.id, part.index)))
        .filter((e) => e.account === 'artist' || e.account === 'platformFee')
        .map((e) => ({ account: e.account, amountCents: -e.amountCents }))
    : [{ account: 'held', amountCents: -part.amountCents }];
  const recorded = await insertLedgerTransaction(
    ctx.db,
    {
      formId: order.id,
      artistId: order.artistId,
      kind: 'refundOwed',
      idempotencyKey: ledgerKeys.refundOwed(order.id, part.index),
      partIndex: part.index,
      actorId: null,
    },
    [...from.filter((p) => p.amountCents !== 0), { account: 'refunds', amountCents: part.amountCents }],
  );
  if (!recorded) return false;
  await insertMoneyEvent(ctx.db, {
    formId: order.id,
    kind: 'refundOwed',
    partIndex: part.index,
    amountCents: part.amountCents,
    actorId: null,
  });
  await savePart(ctx.db, order.id, part.index, { refundOwedAt: new Date() });
  await sendMoneyJob(ctx, null, { kind: 'refund', formId: order.id, partIndex: part.index });
  return true;
}

/**
 * Stripe's hold limit (STRIPE_HOLD_DAYS_MAX less the margin) for one held part: released if the
 * work was delivered (or approved), otherwise refunded; both parties are told. Runs as a job at the
 * part's act_by, with the order locked; a part already released or owed back does nothing.
 */
export async function actAtHoldLimit(
  ctx: Pick<Deps, 'db' | 'jobs' | 'config' | 'hub' | 'log'>,
  _actor: null,
  job: StripeMoneyJob,
  completeIn?: (db: DbOrTx) => Promise<void>,
): Promise<'released' | 'refunded' | 'nothing'> {
  const outcome = await ctx.db.transaction(async (db) => {
    const tx = { ...ctx, db };
    const order = await orderForTimer(tx, null, job.formId, { lock: true });
    const row = await findPart(db, job.formId, job.partIndex);
    const confirmed = (await findPaymentRows(db, job.formId)).find((r) => r.partIndex === job.partIndex);
    if (!order?.paymentPlan || !row?.heldAt || row.releasedAt || row.refundOwedAt || !confirmed) {
      await completeIn?.(db);
      return null;
    }
    const part = planParts(order.paymentPlan, order.totalPriceCents).find((p) => p.index === job.partIndex)!;
    const release = order.taskStatus === 'finished' || order.taskStatus === 'done';
    const did = release
      ? await releaseHeldPart(tx, null, { id: order.id, artistId: order.artistId }, part, null)
      : await owePartRefund(tx, null, { id: order.id, artistId: order.artistId }, part);
    if (!did) {
      await completeIn?.(db);
      return null;
    }
    const what = release
      ? `released to ${order.artistLogin}`
      : `refunded to ${order.senderLogin}, since the work was not delivered in time`;
    const message = `Stripe holds a payment at most ${STRIPE_HOLD_DAYS_MAX} days: ${usd(part.amountCents)} of “${order.cardTitle}” was ${what}`;
    const pushes = [];
    for (const userId of [order.artistId, order.senderId]) {
      pushes.push(
        (await createNotification(tx, null, { userId, type: 'payment', message, formId: order.id })).push,
      );
    }
    await completeIn?.(db);
    return { did: release ? ('released' as const) : ('refunded' as const), pushes };
  });
  for (const push of outcome?.pushes ?? []) push(ctx);
  return outcome?.did ?? 'nothing';
}

/**
 * After a card movement commits (paid, released at the hold limit, refunded, disputed): both
 * parties' Money tab forgets its figures on every instance, as a money action's does.
 */
export async function cardMoneyChanged(
  ctx: Pick<Deps, 'db' | 'bus'>,
  _actor: null,
  formId: number,
): Promise<void> {
  const order = await orderForTimer(ctx, null, formId);
  if (order) await moneyOverviewsChanged(ctx.bus, [order.artistId, order.senderId]);
}
