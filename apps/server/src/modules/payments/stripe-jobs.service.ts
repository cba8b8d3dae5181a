import { planParts } from '@brushline/shared/payments/plan';
import type { Deps } from '../../platform/deps.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { QueueSpec } from '../../platform/jobs.ts';
import { createNotification } from '../notifications/notifications.service.ts';
import { orderForTimer } from '../orders/orders.service.ts';
import { refundPostings } from './ledger.rules.ts';
import {
  findLedgerEntriesByKey,
  insertCreditNote,
  insertLedgerTransaction,
  insertMoneyEvent,
  nextInvoiceSeq,
} from './payments.repo.ts';
import { usd } from './payments.rules.ts';
import { idOf, stripeClient } from './stripe-client.ts';
import { actAtHoldLimit, cardMoneyChanged, chargeUnderDispute } from './stripe-money.service.ts';
import { findAccount, findPart, savePart } from './stripe.repo.ts';
import {
  ledgerKeys,
  reversalKey,
  STRIPE_MONEY_QUEUE,
  transferGroup,
  type StripeMoneyJob,
} from './stripe.rules.ts';

/**
 * The jobs that call Stripe for a money move already in the ledger (decision 0031). Each request
 * carries the idempotency key of the ledger transaction it carries out, so a retry after a crash
 * between Stripe's answer and our write gets the same object back and nothing moves twice; the id
 * is then recorded, and the job completed, in one transaction.
 */

/** What the artist got from a release: the ledger's own entry (the part less the fee). */
async function releasedToArtist(db: DbOrTx, formId: number, partIndex: number): Promise<number> {
  const entries = await findLedgerEntriesByKey(db, ledgerKeys.release(formId, partIndex));
  return entries.filter((e) => e.account === 'artist').reduce((s, e) => s + e.amountCents, 0);
}

/** A released part's transfer to the artist's connected account, tied to its charge. */
export async function runTransfer(
  ctx: Pick<Deps, 'db' | 'jobs' | 'config' | 'hub' | 'log' | 'bus'>,
  _actor: null,
  job: StripeMoneyJob,
  completeIn?: (db: DbOrTx) => Promise<void>,
) {
  const row = await findPart(ctx.db, job.formId, job.partIndex);
  const order = await orderForTimer(ctx, null, job.formId);
  if (!row?.releasedAt || row.transferId || !row.chargeId || !order) return 'nothing';
  const account = await findAccount(ctx.db, order.artistId);
  // No account to pay (disconnected): the job fails and retries; staff see it in the dead letters.
  if (!account) throw new Error(`stripe: artist of order ${order.id} has no connected account`);
  const amount = await releasedToArtist(ctx.db, job.formId, job.partIndex);
  const key = ledgerKeys.release(job.formId, job.partIndex);
  let transferId: string | null = null;
  if (amount > 0) {
    const transfer = await stripeClient(ctx.config).transfers.create(
      {
        amount,
        currency: 'usd',
        destination: account.accountId,
        transfer_group: transferGroup(job.formId),
        source_transaction: row.chargeId,
        metadata: { formId: String(job.formId), partIndex: String(job.partIndex) },
      },
      { idempotencyKey: key },
    );
    transferId = transfer.id;
  }
  const push = await ctx.db.transaction(async (db) => {
    await savePart(db, job.formId, job.partIndex, { transferId: transferId ?? 'none' });
    await insertMoneyEvent(db, {
      formId: job.formId,
      kind: 'transferred',
      partIndex: job.partIndex,
      amountCents: amount,
      note: transferId ?? '',
      actorId: null,
    });
    const created = await createNotification({ db }, null, {
      userId: order.artistId,
      type: 'payment',
      message: `${usd(amount)} for “${order.cardTitle}” was transferred to your Stripe account`,
      formId: order.id,
    });
    await completeIn?.(db);
    return created.push;
  });
  push(ctx);
  return 'transferred';
}

/**
 * A part owed back: a released part's transfer is reversed first (its own key, under the refund's
 * transaction), then the charge is refunded in full (not while it is disputed); the ledger's
 * refund, a credit note and the timeline follow in one transaction.
 */
export async function runRefund(
  ctx: Pick<Deps, 'db' | 'jobs' | 'config' | 'hub' | 'log' | 'bus'>,
  _actor: null,
  job: StripeMoneyJob,
  completeIn?: (db: DbOrTx) => Promise<void>,
) {
  let row = await findPart(ctx.db, job.formId, job.partIndex);
  const order = await orderForTimer(ctx, null, job.formId);
  if (!row?.refundOwedAt || row.refundedAt || !row.paymentIntentId || !order?.paymentPlan) return 'nothing';
  const part = planParts(order.paymentPlan, order.totalPriceCents).find((p) => p.index === job.partIndex)!;
  const stripe = stripeClient(ctx.config);
  if (row.releasedAt && !row.transferId) throw new Error('stripe: the transfer is not recorded yet; retry');
  if (row.transferId && row.transferId !== 'none' && !row.reversalId) {
    const amount = await releasedToArtist(ctx.db, job.formId, job.partIndex);
    const reversal = await stripe.transfers.createReversal(
      row.transferId,
      { amount, metadata: { formId: String(job.formId), partIndex: String(job.partIndex) } },
      { idempotencyKey: reversalKey(job.formId, job.partIndex) },
    );
    await savePart(ctx.db, job.formId, job.partIndex, { reversalId: reversal.id });
    row = { ...row, reversalId: reversal.id };
  }
  // Stripe refuses to refund a disputed charge: the dispute's end refunds it (won: this job again)
  // or shows the bank already did (lost), in stripe-events.service' settleDisputedPart.
  if (await chargeUnderDispute(ctx, null, row.chargeId)) return 'waiting for the dispute';
  const refund = await stripe.refunds.create(
    {
      payment_intent: row.paymentIntentId!,
      amount: part.amountCents,
      metadata: { formId: String(job.formId), partIndex: String(job.partIndex) },
    },
    { idempotencyKey: ledgerKeys.refund(job.formId, job.partIndex) },
  );
  const pushes = await ctx.db.transaction(async (db) => {
    const recorded = await insertLedgerTransaction(
      db,
      {
        formId: order.id,
        artistId: order.artistId,
        kind: 'refund',
        idempotencyKey: ledgerKeys.refund(job.formId, job.partIndex),
        partIndex: job.partIndex,
        actorId: null,
      },
      refundPostings(part.amountCents),
    );
    await savePart(db, job.formId, job.partIndex, { refundId: idOf(refund.id), refundedAt: new Date() });
    if (!recorded) {
      await completeIn?.(db);
      return [];
    }
    await insertCreditNote(db, {
      formId: order.id,
      artistId: order.artistId,
      seq: await nextInvoiceSeq(db, order.artistId),
      amountCents: part.amountCents,
    });
    await insertMoneyEvent(db, {
      formId: order.id,
      kind: 'refundedByStripe',
      partIndex: job.partIndex,
      amountCents: part.amountCents,
      note: refund.id,
      actorId: null,
    });
    const message = `${usd(part.amountCents)} for “${order.cardTitle}” was refunded to ${order.senderLogin}’s card`;
    const out = [];
    for (const userId of [order.artistId, order.senderId]) {
      out.push(
        (await createNotification({ db }, null, { userId, type: 'payment', message, formId: order.id })).push,
      );
    }
    await completeIn?.(db);
    return out;
  });
  for (const push of pushes) push(ctx);
  return 'refunded';
}

export async function runStripeMoneyJob(
  ctx: Pick<Deps, 'db' | 'jobs' | 'config' | 'hub' | 'log' | 'bus'>,
  _actor: null,
  job: StripeMoneyJob,
  completeIn?: (db: DbOrTx) => Promise<void>,
): Promise<string> {
  if (job.kind === 'transfer') return runTransfer(ctx, null, job, completeIn);
  const done =
    job.kind === 'refund'
      ? await runRefund(ctx, null, job, completeIn)
      : await actAtHoldLimit(ctx, null, job, completeIn);
  // A refund or a release at the hold limit moved money: the Money tab's figures change.
  await cardMoneyChanged(ctx, null, job.formId);
  return done;
}

/** The queue of Stripe money moves, for the app to define when PAYMENT_PROVIDER is stripe. */
export function stripeMoneyQueue(
  ctx: Pick<Deps, 'db' | 'jobs' | 'config' | 'hub' | 'log' | 'bus'>,
  _actor: null,
): QueueSpec<StripeMoneyJob> {
  return {
    name: STRIPE_MONEY_QUEUE,
    policy: 'short',
    // Stripe down for a while: retried for about 17 hours (30 s doubled 11 times) before staff see
    // it among the dead letters. Stripe keeps an idempotency key 24 hours: every retry stays inside
    // that window, so a transfer or refund that reached Stripe before a crash is never made twice.
    retryLimit: 11,
    retryDelaySeconds: 30,
    handler: async (job) => {
      await runStripeMoneyJob(ctx, null, job.data, job.completeIn);
    },
  };
}
