import type Stripe from 'stripe';
import { planParts } from '@brushline/shared/payments/plan';
import type { Deps, TxCtx } from '../../platform/deps.ts';
import type { DbOrTx } from '../../db/client.ts';
import { createNotification } from '../notifications/notifications.service.ts';
import { fixPaymentProvider, orderForTimer } from '../orders/orders.service.ts';
import { feeOf, paymentPostings, refundPostings } from './ledger.rules.ts';
import { feeBasisPoints } from './payment-provider.rules.ts';
import {
  insertCreditNote,
  insertLedgerTransaction,
  insertMoneyEvent,
  nextInvoiceSeq,
  savePayment,
} from './payments.repo.ts';
import { usd } from './payments.rules.ts';
import { idOf, stripeClient } from './stripe-client.ts';
import { cardMoneyChanged, owePartRefund, releaseHeldPart, sendMoneyJob } from './stripe-money.service.ts';
import { findPart, findPartByStripeIds, findStaffIds, saveDispute, savePart } from './stripe.repo.ts';
import { actByOf, chargebackKey, ledgerKeys } from './stripe.rules.ts';

/**
 * What Stripe's events do to an order (decision 0031), each in one transaction that also marks
 * the event handled (`done`): a completed checkout confirms the part and holds its money, a
 * dispute marks the order. Amounts come from the order's plan; the event's amount is only compared.
 */

type Done = (db: DbOrTx) => Promise<void>;
type Push = (deps: Pick<Deps, 'hub' | 'log'>) => void;

async function tellAll(tx: TxCtx, userIds: string[], formId: number, message: string): Promise<Push[]> {
  const pushes: Push[] = [];
  for (const userId of new Set(userIds)) {
    pushes.push((await createNotification(tx, null, { userId, type: 'payment', message, formId })).push);
  }
  return pushes;
}

/**
 * Card money Stripe reported that no rule of the order posts (a wrong amount, a second charge, an
 * order paid off-platform): logged, and every staff member is told `note` on the order.
 */
async function forStaff(
  tx: TxCtx & Pick<Deps, 'log'>,
  order: { formId: number; cardTitle: string },
  note: string,
  logged: { fields: Record<string, unknown>; message: string },
): Promise<Push[]> {
  tx.log.warn(logged.fields, logged.message);
  const staff = await findStaffIds(tx.db);
  return tellAll(tx, staff, order.formId, `Order #${order.formId} “${order.cardTitle}”: ${note}`);
}

/**
 * checkout.session.completed: the buyer paid a part. Its ledger payment (held by the platform),
 * invoice number and timeline line are written once (the ledger's key); its hold-limit job is
 * sent. A paid amount that is not the part's is recorded for staff and nothing is posted. Paid on
 * an order canceled meanwhile: owed back at once.
 */
export async function recordCardPayment(
  ctx: Pick<Deps, 'db' | 'jobs' | 'config' | 'hub' | 'log' | 'bus'>,
  _actor: null,
  session: Stripe.Checkout.Session,
  done: Done,
): Promise<void> {
  const formId = Number(session.metadata?.formId);
  const partIndex = Number(session.metadata?.partIndex);
  if (
    session.payment_status !== 'paid' ||
    !Number.isSafeInteger(formId) ||
    !Number.isSafeInteger(partIndex)
  ) {
    await ctx.db.transaction(done);
    return;
  }
  const paymentIntentId = idOf(session.payment_intent);
  const intent = paymentIntentId
    ? await stripeClient(ctx.config).paymentIntents.retrieve(paymentIntentId)
    : null;
  const chargeId = idOf(intent?.latest_charge);
  const pushes = await ctx.db.transaction(async (db) => {
    const tx = { ...ctx, db };
    const order = await orderForTimer(tx, null, formId, { lock: true });
    const part = order?.paymentPlan
      ? planParts(order.paymentPlan, order.totalPriceCents).find((p) => p.index === partIndex)
      : undefined;
    if (!order || !part) {
      ctx.log.warn(
        { sessionId: session.id, formId, partIndex },
        'stripe: a paid checkout names no known part',
      );
      await done(db);
      return [];
    }
    const paid = session.amount_total ?? 0;
    if (paid !== part.amountCents || session.currency !== 'usd') {
      const row = await findPart(db, formId, partIndex);
      await done(db);
      if (row?.mismatchNote) return [];
      const note = `Stripe reported ${usd(paid)} (${session.currency ?? '?'}) for a part of ${usd(part.amountCents)}, session ${session.id}: nothing recorded until staff check it`;
      await savePart(db, formId, partIndex, { mismatchNote: note, paymentIntentId, chargeId });
      await insertMoneyEvent(db, {
        formId,
        kind: 'amountMismatch',
        partIndex,
        amountCents: paid,
        note,
        actorId: null,
      });
      return forStaff(tx, { formId, cardTitle: order.cardTitle }, note, {
        fields: { sessionId: session.id, formId, partIndex, paid, expected: part.amountCents },
        message: 'stripe: amount mismatch held for staff',
      });
    }
    // A checkout an instance opened before the order was fixed off-platform (a rolling switch of
    // PAYMENT_PROVIDER): card money no rule of that order would release or refund, so it is not
    // posted; staff refund it (decision 0031, "One provider per order").
    if (!(await fixPaymentProvider(tx, null, { formId, provider: 'stripe' }))) {
      await done(db);
      const note = `Stripe reported a card payment of ${usd(paid)} (payment ${paymentIntentId ?? '?'}) for an order paid off-platform: nothing recorded; refund it from Stripe's dashboard`;
      return forStaff(tx, { formId, cardTitle: order.cardTitle }, note, {
        fields: { sessionId: session.id, formId, partIndex },
        message: 'stripe: a card payment for an off-platform order',
      });
    }
    const fee = feeOf(part.amountCents, feeBasisPoints(ctx.config));
    const recorded = await insertLedgerTransaction(
      db,
      {
        formId,
        artistId: order.artistId,
        kind: 'payment',
        idempotencyKey: ledgerKeys.payment(formId, partIndex),
        partIndex,
        actorId: null,
      },
      paymentPostings(part.amountCents, fee, true),
    );
    await done(db);
    if (!recorded) {
      // The part was paid already. A second charge (another checkout session completed for it) is
      // money Brushline holds that no order owes: staff refund it from Stripe's dashboard.
      const row = await findPart(db, formId, partIndex);
      if (!paymentIntentId || !row?.paymentIntentId || row.paymentIntentId === paymentIntentId) return [];
      const note = `Stripe reported a second payment of ${usd(paid)} (payment ${paymentIntentId}) for a part already paid by ${row.paymentIntentId}: refund it from Stripe's dashboard`;
      return forStaff(tx, { formId, cardTitle: order.cardTitle }, note, {
        fields: { sessionId: session.id, formId, partIndex, paymentIntentId },
        message: 'stripe: a part paid twice',
      });
    }
    const heldAt = new Date();
    const actBy = actByOf(heldAt);
    await savePayment(db, formId, partIndex, {
      confirmedAt: heldAt,
      reference: paymentIntentId,
      invoiceSeq: await nextInvoiceSeq(db, order.artistId),
    });
    await savePart(db, formId, partIndex, { paymentIntentId, chargeId, amountCents: paid, heldAt, actBy });
    await insertMoneyEvent(db, {
      formId,
      kind: 'paidByCard',
      partIndex,
      amountCents: paid,
      note: paymentIntentId ?? '',
      actorId: null,
    });
    await sendMoneyJob(tx, null, { kind: 'holdLimit', formId, partIndex }, actBy);
    if (order.taskStatus === 'canceled' || order.taskStatus === 'declined') {
      await owePartRefund(tx, null, { id: order.id, artistId: order.artistId }, part);
    }
    // Paid after the buyer approved (a part due on delivery, paid late): nothing is left to wait
    // for, so it is released now rather than at the hold limit.
    const released = order.taskStatus === 'done' && (await releaseHeldPart(tx, null, order, part, null));
    const [toArtist, toBuyer] = released
      ? [
          `${order.senderLogin} paid ${usd(paid)} by card for “${order.cardTitle}”, approved already: it is released to you`,
          `Your payment of ${usd(paid)} for “${order.cardTitle}” went to the artist, since you approved the work. Your invoice is on the order page`,
        ]
      : [
          `${order.senderLogin} paid ${usd(paid)} by card for “${order.cardTitle}”: Brushline holds it until the work is approved`,
          `Your payment of ${usd(paid)} for “${order.cardTitle}” is held by Brushline until you approve the work. Your invoice is on the order page`,
        ];
    return [
      ...(await tellAll(tx, [order.artistId], formId, toArtist)),
      ...(await tellAll(tx, [order.senderId], formId, toBuyer)),
    ];
  });
  await cardMoneyChanged(ctx, null, formId);
  for (const push of pushes) push(ctx);
}

/**
 * charge.dispute.created / updated / closed: the order's dispute as of the event (an older event
 * than the one stored changes nothing); opening and closing are on the timeline, and staff and
 * both parties are told.
 */
export async function recordDispute(
  ctx: Pick<Deps, 'db' | 'jobs' | 'config' | 'hub' | 'log' | 'bus'>,
  _actor: null,
  e: { type: string; created: number; dispute: Stripe.Dispute },
  done: Done,
): Promise<void> {
  const { dispute } = e;
  const chargeId = idOf(dispute.charge);
  const row = await findPartByStripeIds(ctx.db, { chargeId, paymentIntentId: idOf(dispute.payment_intent) });
  const pushes = await ctx.db.transaction(async (db) => {
    await done(db);
    if (!row || !chargeId) {
      ctx.log.warn(
        { disputeId: dispute.id, chargeId },
        'stripe: a dispute on a charge Brushline does not know',
      );
      return [];
    }
    // The order, then the part, as approval and cancel lock them: a release that meets the
    // dispute either came first (the money had gone) or sees it and leaves the part held.
    await orderForTimer({ db }, null, row.formId, { lock: true });
    await findPart(db, row.formId, row.partIndex, { lock: true });
    const closed = e.type === 'charge.dispute.closed';
    const changed = await saveDispute(db, {
      id: dispute.id,
      formId: row.formId,
      chargeId,
      status: dispute.status,
      reason: dispute.reason,
      amountCents: dispute.amount,
      openedAt: new Date(dispute.created * 1000),
      closedAt: closed ? new Date(e.created * 1000) : null,
      seenAt: e.created,
    });
    if (!changed || (e.type !== 'charge.dispute.created' && !closed)) return [];
    const order = await orderForTimer({ db }, null, row.formId);
    if (!order) return [];
    await insertMoneyEvent(db, {
      formId: order.id,
      kind: closed ? 'disputeClosed' : 'disputed',
      partIndex: row.partIndex,
      amountCents: dispute.amount,
      note: closed ? dispute.status : dispute.reason,
      actorId: null,
    });
    const settled = closed
      ? await settleDisputedPart({ ...ctx, db }, null, order, row.partIndex, dispute)
      : 'held';
    const message = closed
      ? `The card dispute on “${order.cardTitle}” was closed (${dispute.status.replace(/_/g, ' ')})${DISPUTE_OUTCOME_WORDS[settled]}`
      : `The buyer’s bank disputed ${usd(dispute.amount)} paid for “${order.cardTitle}” (${dispute.reason.replace(/_/g, ' ')}): the order is marked disputed, and money still held stays held until the dispute ends`;
    return tellAll({ db }, [order.artistId, order.senderId, ...(await findStaffIds(db))], order.id, message);
  });
  if (row) await cardMoneyChanged(ctx, null, row.formId);
  for (const push of pushes) push(ctx);
}

type DisputeOutcome = 'held' | 'chargedBack' | 'released' | 'refunding' | 'forStaff' | 'nothing';

const DISPUTE_OUTCOME_WORDS: Readonly<Record<DisputeOutcome, string>> = {
  held: '',
  chargedBack: ': the bank returned the payment to the buyer’s card',
  released: ': the held payment was released to the artist',
  refunding: ': the refund owed to the buyer goes ahead',
  forStaff: ': the payment had already been released to the artist, so staff will look at it',
  nothing: '',
};

/**
 * A part's money when its dispute closes (the order and the part locked by the caller). Lost: the
 * bank already gave the buyer their money back, so the ledger records it (held or owed → back to
 * the buyer, the chargeback's key) with a credit note, and no refund is asked of Stripe. Won (or
 * an inquiry closed): what waited goes on — an owed refund is sent again, an approved order's
 * held part is released, a part past its hold limit gets the limit's decision. Lost after the
 * money went to the artist: nothing is posted, staff decide (the platform paid the bank).
 */
async function settleDisputedPart(
  ctx: Pick<Deps, 'jobs' | 'config' | 'hub' | 'log'> & TxCtx,
  _actor: null,
  order: NonNullable<Awaited<ReturnType<typeof orderForTimer>>>,
  partIndex: number,
  dispute: Stripe.Dispute,
): Promise<DisputeOutcome> {
  const { db } = ctx;
  const row = await findPart(db, order.id, partIndex);
  const part = order.paymentPlan
    ? planParts(order.paymentPlan, order.totalPriceCents).find((p) => p.index === partIndex)
    : undefined;
  if (!row?.heldAt || row.refundedAt || !part) return 'nothing';
  if (dispute.status !== 'lost') {
    if (row.refundOwedAt) {
      await sendMoneyJob(ctx, null, { kind: 'refund', formId: order.id, partIndex });
      return 'refunding';
    }
    if (row.releasedAt) return 'nothing';
    if (order.taskStatus === 'done') {
      const released = await releaseHeldPart(ctx, null, order, part, null);
      return released ? 'released' : 'nothing';
    }
    if (row.actBy && row.actBy <= new Date())
      await sendMoneyJob(ctx, null, { kind: 'holdLimit', formId: order.id, partIndex });
    return 'nothing';
  }
  if (row.releasedAt && !row.refundOwedAt) {
    ctx.log.warn(
      { formId: order.id, partIndex, disputeId: dispute.id },
      'stripe: a dispute was lost on money already transferred to the artist; left to staff',
    );
    return 'forStaff';
  }
  const key = chargebackKey(order.id, partIndex);
  const postings = row.refundOwedAt
    ? refundPostings(part.amountCents)
    : [
        { account: 'held' as const, amountCents: -part.amountCents },
        { account: 'buyer' as const, amountCents: part.amountCents },
      ];
  const recorded = await insertLedgerTransaction(
    db,
    {
      formId: order.id,
      artistId: order.artistId,
      kind: 'chargeback',
      idempotencyKey: key,
      partIndex,
      actorId: null,
    },
    postings,
  );
  if (!recorded) return 'nothing';
  const now = new Date();
  await savePart(db, order.id, partIndex, {
    refundOwedAt: row.refundOwedAt ?? now,
    refundedAt: now,
    refundId: dispute.id,
  });
  await insertCreditNote(db, {
    formId: order.id,
    artistId: order.artistId,
    seq: await nextInvoiceSeq(db, order.artistId),
    amountCents: part.amountCents,
  });
  await insertMoneyEvent(db, {
    formId: order.id,
    kind: 'chargedBack',
    partIndex,
    amountCents: part.amountCents,
    note: dispute.id,
    actorId: null,
  });
  return 'chargedBack';
}
