import { formatUsd, fromCents } from '@brushline/shared/cards/pricing';
import { EXTENSION_DAYS_MAX } from '@brushline/shared/payments/constants';
import { paymentMessages as m } from '@brushline/shared/payments/messages';
import { planParts, planSummary } from '@brushline/shared/payments/plan';
import type { Extension, OrderMoney, PaymentPart } from '@brushline/shared/payments/schemas';
import { PAYMENT_STATE_LABELS, paymentStateOf } from '@brushline/shared/payments/state';
import type { Deps, TxCtx } from '../../platform/deps.ts';
import {
  autoApproveAt,
  creditNoteNumber,
  invoiceNumber,
  isClosed,
  isOverdue,
  nextStep,
  partStatusOf,
  partWords,
  reachedStage,
  type MoneyFacts,
} from './payments.rules.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { Actor } from '../../platform/session.ts';
import { createNotification } from '../notifications/notifications.service.ts';
import {
  chooseStartBeforePayment,
  moveDueDate,
  orderForMoney,
  type MoneyOrder,
} from '../orders/orders.service.ts';
import { toPerson } from '../users/users.dto.ts';
import { feeOf, figuresOf, paymentPostings, refundPostings } from './ledger.rules.ts';
import { feeBasisPoints, paymentProvider } from './payment-provider.rules.ts';
import {
  answerExtension as answerExtensionRow,
  findBalances,
  findCreditNotes,
  findLatestExtension,
  findMoneyEvents,
  findPaymentRows,
  insertCreditNote,
  insertExtension,
  insertLedgerTransaction,
  insertMoneyEvent,
  nextInvoiceSeq,
  savePayment,
} from './payments.repo.ts';

type Push = (deps: Pick<Deps, 'hub' | 'log'>) => void;

const DAY_MS = 86_400_000;

function planOf(order: MoneyOrder) {
  if (!order.paymentPlan) throw new AppError(400, 'no_payment_plan', m.noPlan);
  return order.paymentPlan;
}

/** Everything the money side knows of one order, read in the caller's transaction. */
async function loadMoney(ctx: TxCtx, order: MoneyOrder): Promise<MoneyFacts> {
  const plan = planOf(order);
  const parts = planParts(plan, order.totalPriceCents);
  const [rows, ledger] = await Promise.all([
    findPaymentRows(ctx.db, order.id),
    findBalances(ctx.db, order.id),
  ]);
  const reached = reachedStage(order);
  const byIndex = new Map(rows.map((r) => [r.partIndex, r]));
  const withStatus = parts.map((p) => ({
    ...p,
    row: byIndex.get(p.index),
    status: partStatusOf(p, byIndex.get(p.index), reached),
  }));
  return { plan, parts: withStatus, balances: ledger.balances, refundedCents: ledger.refundedCents };
}

/** The artist acts; the buyer and staff may not. */
function assertSide(order: MoneyOrder, side: 'artist' | 'buyer', what: string): void {
  if (order.side !== side)
    throw new AppError(403, 'forbidden', `Only the ${side === 'artist' ? 'artist' : 'buyer'} can ${what}.`);
}

function assertOpenForPayments(order: MoneyOrder): void {
  if (isClosed(order)) throw new AppError(400, 'order_closed', m.orderClosed);
  if (order.taskStatus === 'none') throw new AppError(400, 'part_not_due', m.orderNotAccepted);
}

function partAt<T extends { index: number }>(parts: readonly T[], index: number): T {
  const part = parts.find((p) => p.index === index);
  if (!part) throw notFound(m.partNotFound);
  return part;
}

/**
 * Runs one money action in a transaction: the order's task is locked first (so the action and any
 * move of the same order happen one after the other), `work` writes and names whom to tell, and
 * the answer is the order's money as the actor sees it afterwards.
 */
async function moneyAction(
  ctx: Pick<Deps, 'db' | 'hub' | 'log' | 'config'>,
  actor: Actor,
  formId: number,
  work: (tx: TxCtx, order: MoneyOrder, money: MoneyFacts) => Promise<Push[]>,
): Promise<OrderMoney> {
  const pushes = await ctx.db.transaction(async (tx) => {
    const order = await orderForMoney({ db: tx }, actor, formId, { lock: true });
    return work({ db: tx }, order, await loadMoney({ db: tx }, order));
  });
  for (const push of pushes) push(ctx);
  return readMoney(ctx, actor, formId);
}

async function tell(
  tx: TxCtx,
  actor: Pick<Actor, 'id'> | null,
  userId: string,
  formId: number,
  message: string,
) {
  const created = await createNotification(tx, actor, { userId, type: 'payment', message, formId });
  return created.push;
}

/**
 * What each money action ends with: its event on the order's money timeline, and a notification
 * to `to` (the other side); answers the push to send once the transaction commits.
 */
async function recordAndTell(
  tx: TxCtx,
  actor: Actor,
  event: Omit<Parameters<typeof insertMoneyEvent>[1], 'actorId'>,
  to: string,
  message: string,
): Promise<Push[]> {
  await insertMoneyEvent(tx.db, { ...event, actorId: actor.id });
  return [await tell(tx, actor, to, event.formId, message)];
}

/** The artist asks for a part of the price, with their own instructions (a link, their details). */
export async function requestPayment(
  ctx: Pick<Deps, 'db' | 'hub' | 'log' | 'config'>,
  actor: Actor,
  input: { formId: number; part: number; instructions: string },
): Promise<OrderMoney> {
  return moneyAction(ctx, actor, input.formId, async (tx, order, money) => {
    assertSide(order, 'artist', 'ask for a payment');
    assertOpenForPayments(order);
    const part = partAt(money.parts, input.part);
    if (part.status === 'confirmed') throw new AppError(409, 'illegal_transition', m.partConfirmed);
    if (part.row?.requestedAt && part.row.instructions === input.instructions) return []; // a repeat
    const provider = paymentProvider(ctx.config);
    const asked = await provider.requestPayment(
      { formId: order.id, partIndex: part.index, amountCents: part.amountCents },
      { instructions: input.instructions },
    );
    await savePayment(tx.db, order.id, part.index, {
      instructions: asked.instructions,
      requestedAt: new Date(),
    });
    return recordAndTell(
      tx,
      actor,
      {
        formId: order.id,
        kind: 'requested',
        partIndex: part.index,
        amountCents: part.amountCents,
      },
      order.senderId,
      `${actor.login} asked for ${partWords(part, money.plan)} of “${order.cardTitle}”: ${formatUsd(fromCents(part.amountCents))}`,
    );
  });
}

/** The buyer says they paid a part, with a reference; the artist is asked to confirm. */
export async function markPaid(
  ctx: Pick<Deps, 'db' | 'hub' | 'log' | 'config'>,
  actor: Actor,
  input: { formId: number; part: number; reference: string },
): Promise<OrderMoney> {
  return moneyAction(ctx, actor, input.formId, async (tx, order, money) => {
    assertSide(order, 'buyer', 'mark a payment as paid');
    assertOpenForPayments(order);
    const part = partAt(money.parts, input.part);
    if (part.status === 'marked' || part.status === 'confirmed') return []; // a repeat, or the artist was quicker
    if (part.status === 'scheduled') throw new AppError(400, 'part_not_due', m.partNotDue);
    await savePayment(tx.db, order.id, part.index, {
      reference: input.reference || null,
      markedAt: new Date(),
    });
    return recordAndTell(
      tx,
      actor,
      {
        formId: order.id,
        kind: 'markedPaid',
        partIndex: part.index,
        amountCents: part.amountCents,
        note: input.reference,
      },
      order.artistId,
      `${actor.login} paid ${partWords(part, money.plan)} of “${order.cardTitle}” (${formatUsd(fromCents(part.amountCents))}). Confirm you received it`,
    );
  });
}

/**
 * The artist confirms receipt of a part (or records a payment directly, whatever its state): the
 * ledger records it in the same transaction, the artist's next invoice number is taken, and the
 * buyer is told. A second confirmation records nothing (the ledger's idempotency key).
 */
export async function confirmPayment(
  ctx: Pick<Deps, 'db' | 'hub' | 'log' | 'config'>,
  actor: Actor,
  input: { formId: number; part: number; reference: string },
): Promise<OrderMoney> {
  return moneyAction(ctx, actor, input.formId, async (tx, order, money) => {
    assertSide(order, 'artist', 'confirm a payment');
    assertOpenForPayments(order);
    const part = partAt(money.parts, input.part);
    if (part.status === 'confirmed') return [];
    const provider = paymentProvider(ctx.config);
    const payment = { formId: order.id, partIndex: part.index, amountCents: part.amountCents };
    const confirmed = await provider.confirmPayment(payment, {
      reference: input.reference || part.row?.reference || '',
    });
    const fee = feeOf(part.amountCents, feeBasisPoints(ctx.config));
    const recorded = await insertLedgerTransaction(
      tx.db,
      {
        formId: order.id,
        artistId: order.artistId,
        kind: 'payment',
        idempotencyKey: `payment:${order.id}:${part.index}`,
        partIndex: part.index,
        actorId: actor.id,
      },
      paymentPostings(part.amountCents, fee, provider.holdsFunds),
    );
    if (!recorded) return [];
    const seq = await nextInvoiceSeq(tx.db, order.artistId);
    await savePayment(tx.db, order.id, part.index, {
      confirmedAt: new Date(),
      reference: confirmed.reference || null,
      invoiceSeq: seq,
    });
    return recordAndTell(
      tx,
      actor,
      {
        formId: order.id,
        kind: 'confirmed',
        partIndex: part.index,
        amountCents: part.amountCents,
        note: confirmed.reference,
      },
      order.senderId,
      `${actor.login} confirmed your payment of ${formatUsd(fromCents(part.amountCents))} for “${order.cardTitle}”. Your invoice is on the order page`,
    );
  });
}

/** The artist records the refund of what is owed (off-platform: made outside, recorded here). */
export async function recordRefund(
  ctx: Pick<Deps, 'db' | 'hub' | 'log' | 'config'>,
  actor: Actor,
  input: { formId: number; reference: string },
): Promise<OrderMoney> {
  return moneyAction(ctx, actor, input.formId, async (tx, order, money) => {
    assertSide(order, 'artist', 'record a refund');
    const owed = money.balances.refunds;
    if (owed <= 0) {
      if (money.refundedCents > 0) return []; // a repeat
      throw new AppError(400, 'no_refund_owed', m.noRefundOwed);
    }
    const provider = paymentProvider(ctx.config);
    const refunded = await provider.refund({
      formId: order.id,
      amountCents: owed,
      reference: input.reference,
    });
    const recorded = await insertLedgerTransaction(
      tx.db,
      {
        formId: order.id,
        artistId: order.artistId,
        kind: 'refund',
        idempotencyKey: `refund:${order.id}`,
        actorId: actor.id,
      },
      refundPostings(owed),
    );
    if (!recorded) return [];
    await insertCreditNote(tx.db, {
      formId: order.id,
      artistId: order.artistId,
      seq: await nextInvoiceSeq(tx.db, order.artistId),
      amountCents: owed,
    });
    return recordAndTell(
      tx,
      actor,
      {
        formId: order.id,
        kind: 'refunded',
        amountCents: owed,
        note: refunded.reference,
      },
      order.senderId,
      `${actor.login} refunded ${formatUsd(fromCents(owed))} for “${order.cardTitle}”`,
    );
  });
}

/** The artist chooses to start this order before the up-front payment is confirmed (or not). */
export async function setStartBeforePayment(
  ctx: Pick<Deps, 'db' | 'hub' | 'log' | 'config'>,
  actor: Actor,
  input: { formId: number; enabled: boolean },
): Promise<OrderMoney> {
  return moneyAction(ctx, actor, input.formId, async (tx, order) => {
    assertSide(order, 'artist', 'choose to start before payment');
    planOf(order);
    if (order.startBeforePayment === input.enabled) return [];
    await chooseStartBeforePayment(tx, actor, order.id, input.enabled);
    if (input.enabled) {
      await insertMoneyEvent(tx.db, { formId: order.id, kind: 'startBeforePayment', actorId: actor.id });
    }
    return [];
  });
}

/** The artist asks for more time: a new due date (after the current one) and a reason. */
export async function askExtension(
  ctx: Pick<Deps, 'db' | 'hub' | 'log' | 'config'>,
  actor: Actor,
  input: { formId: number; dueAt: Date; reason: string },
): Promise<OrderMoney> {
  return moneyAction(ctx, actor, input.formId, async (tx, order) => {
    assertSide(order, 'artist', 'ask for more time');
    if (!order.dueAt) throw new AppError(400, 'no_due_date', m.noDueDate);
    if (order.taskStatus !== 'waiting' && order.taskStatus !== 'processing') {
      throw new AppError(409, 'illegal_transition', m.noDueDate);
    }
    const latest = await findLatestExtension(tx.db, order.id);
    if (latest?.status === 'pending') throw new AppError(409, 'extension_pending', m.extensionPending);
    const limit = order.dueAt.getTime() + EXTENSION_DAYS_MAX * DAY_MS;
    if (input.dueAt <= order.dueAt || input.dueAt.getTime() > limit) {
      throw new AppError(400, 'invalid_input', m.extensionDate);
    }
    await insertExtension(tx.db, { formId: order.id, dueAt: input.dueAt, reason: input.reason });
    return recordAndTell(
      tx,
      actor,
      {
        formId: order.id,
        kind: 'extensionAsked',
        note: input.reason,
      },
      order.senderId,
      `${actor.login} asks for more time on “${order.cardTitle}”: until ${input.dueAt.toISOString().slice(0, 10)}. Accept or decline it on the order page`,
    );
  });
}

/** The buyer accepts (the due date moves) or declines the pending extension. */
export async function answerExtension(
  ctx: Pick<Deps, 'db' | 'hub' | 'log' | 'config'>,
  actor: Actor,
  input: { formId: number; accept: boolean },
): Promise<OrderMoney> {
  return moneyAction(ctx, actor, input.formId, async (tx, order) => {
    assertSide(order, 'buyer', 'answer an extension request');
    const latest = await findLatestExtension(tx.db, order.id);
    if (latest?.status !== 'pending') throw new AppError(409, 'no_extension', m.noExtension);
    const answered = await answerExtensionRow(tx.db, latest.id, input.accept ? 'accepted' : 'declined');
    if (!answered) throw new AppError(409, 'no_extension', m.noExtension);
    if (input.accept) await moveDueDate(tx, actor, order.id, answered.dueAt);
    return recordAndTell(
      tx,
      actor,
      {
        formId: order.id,
        kind: input.accept ? 'extensionAccepted' : 'extensionDeclined',
      },
      order.artistId,
      `${actor.login} ${input.accept ? 'accepted' : 'declined'} your extension request for “${order.cardTitle}”`,
    );
  });
}

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

function toExtension(row: Awaited<ReturnType<typeof findLatestExtension>>): Extension | null {
  if (!row) return null;
  return {
    id: row.id,
    dueAt: row.dueAt.toISOString(),
    reason: row.reason,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    answeredAt: iso(row.answeredAt),
  };
}

/** GET an order's money as the actor sees it (the two parties; staff read). */
export async function readMoney(
  ctx: Pick<Deps, 'db' | 'config'>,
  actor: Actor,
  formId: number,
  now: Date = new Date(),
): Promise<OrderMoney> {
  const order = await orderForMoney(ctx, actor, formId);
  const money = await loadMoney(ctx, order);
  const [events, extensionRow, notes] = await Promise.all([
    findMoneyEvents(ctx.db, order.id),
    findLatestExtension(ctx.db, order.id),
    findCreditNotes(ctx.db, order.id),
  ]);
  const figures = figuresOf(money.balances, money.refundedCents);
  const provider = paymentProvider(ctx.config);
  const parts: PaymentPart[] = money.parts.map((p) => ({
    index: p.index,
    name: p.name,
    stage: p.stage,
    percent: p.percent,
    amount: fromCents(p.amountCents),
    status: p.status,
    instructions: p.row?.instructions ?? null,
    reference: p.row?.reference ?? null,
    requestedAt: iso(p.row?.requestedAt),
    markedAt: iso(p.row?.markedAt),
    confirmedAt: iso(p.row?.confirmedAt),
    invoiceNumber: p.row?.invoiceSeq ? invoiceNumber(order.artistLogin, p.row.invoiceSeq) : null,
  }));
  const extension = toExtension(extensionRow);
  const state = paymentStateOf({ totalCents: order.totalPriceCents, ...figures });
  return {
    formId: order.id,
    provider: { id: provider.id, holdsFunds: provider.holdsFunds, note: provider.note },
    plan: money.plan,
    planSummary: planSummary(money.plan),
    state,
    stateLabel: PAYMENT_STATE_LABELS[state],
    total: fromCents(order.totalPriceCents),
    parts,
    balances: {
      paid: fromCents(figures.paidCents),
      fees: fromCents(figures.feesCents),
      refundOwed: fromCents(figures.refundOwedCents),
      refunded: fromCents(figures.refundedCents),
      outstanding: fromCents(Math.max(0, order.totalPriceCents - figures.paidCents - figures.refundedCents)),
    },
    startBeforePayment: order.startBeforePayment,
    deliveryDays: order.deliveryDays,
    dueAt: iso(order.dueAt),
    autoApproveAt: iso(autoApproveAt(order, ctx.config.AUTO_APPROVE_DAYS)),
    overdue: isOverdue(order, now),
    extension,
    nextStep: nextStep(order, money, extension, now),
    timeline: events.map((e) => ({
      id: e.id,
      kind: e.kind,
      partIndex: e.partIndex,
      amount: e.amountCents === null ? null : fromCents(e.amountCents),
      note: e.note,
      by: e.actorId
        ? toPerson({
            id: e.actorId,
            login: e.actorLogin!,
            displayName: e.actorDisplayName!,
            avatarId: e.actorAvatarId,
          })
        : null,
      createdAt: e.createdAt.toISOString(),
    })),
    creditNotes: notes.map((n) => ({
      number: creditNoteNumber(order.artistLogin, n.seq),
      amount: fromCents(n.amountCents),
      createdAt: n.createdAt.toISOString(),
    })),
  };
}
