import { fromCents } from '@brushline/shared/cards/pricing';
import { planParts, planSummary } from '@brushline/shared/payments/plan';
import type { Extension, OrderMoney, PaymentPart } from '@brushline/shared/payments/schemas';
import { PAYMENT_STATE_LABELS, paymentStateOf } from '@brushline/shared/payments/state';
import type { Deps, TxCtx } from '../../platform/deps.ts';
import type { Actor } from '../../platform/session.ts';
import { createNotification } from '../notifications/notifications.service.ts';
import { orderForMoney, type MoneyOrder } from '../orders/orders.service.ts';
import { toPerson } from '../users/users.dto.ts';
import { figuresOf } from './ledger.rules.ts';
import { moneyOverviewsChanged } from './money-overview-cache.ts';
import { orderProvider, paysByCard } from './payment-provider.rules.ts';
import { findLatestDispute, findParts } from './stripe.repo.ts';
import { disputeOpen, platformPartOf, stripeNextStep } from './stripe.rules.ts';
import {
  assertOpenForPayments,
  assertSide,
  autoApproveAt,
  creditNoteNumber,
  invoiceNumber,
  isOverdue,
  nextStep,
  partAt,
  partStatusOf,
  planOf,
  reachedStage,
  type MoneyFacts,
} from './payments.rules.ts';
import {
  findBalances,
  findCreditNotes,
  findLatestExtension,
  findMoneyEvents,
  findPaymentRows,
  insertMoneyEvent,
} from './payments.repo.ts';

/**
 * An order's money: what every read and action starts from (loadMoney), the order's money as its
 * parties read it (GET comissionform/{id}/payments), and the shape every money action shares
 * (payments.service.ts, extensions.service.ts): one transaction with the order locked, the side
 * that may act, the part acted on, the event on the order's timeline and the other side told
 * after the commit.
 */

export type Push = (deps: Pick<Deps, 'hub' | 'log'>) => void;

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
  const money = await loadMoney(ctx, null, order);
  const provider = orderProvider(ctx.config, order);
  const stripe = paysByCard(ctx.config, order);
  const [events, extensionRow, notes, stripeParts, dispute] = await Promise.all([
    findMoneyEvents(ctx.db, order.id),
    findLatestExtension(ctx.db, order.id),
    findCreditNotes(ctx.db, order.id),
    stripe ? findParts(ctx.db, order.id) : [],
    stripe ? findLatestDispute(ctx.db, order.id) : null,
  ]);
  const atStripe = new Map(stripeParts.map((r) => [r.partIndex, r]));
  const openDisputeCharge =
    dispute && !dispute.closedAt && disputeOpen(dispute.status) ? dispute.chargeId : null;
  const figures = figuresOf(money.balances, money.refundedCents);
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
    platform: stripe ? platformPartOf(atStripe.get(p.index), order, now, openDisputeCharge) : null,
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
    nextStep:
      stripe && extension?.status !== 'pending'
        ? stripeNextStep(order, money)
        : nextStep(order, money, extension, now),
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
    dispute: dispute
      ? {
          status: dispute.status,
          reason: dispute.reason,
          amount: fromCents(dispute.amountCents),
          openedAt: dispute.openedAt.toISOString(),
        }
      : null,
  };
}

/** Everything the money side knows of one order, read in the caller's transaction. */
export async function loadMoney(ctx: TxCtx, _actor: null, order: MoneyOrder): Promise<MoneyFacts> {
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

/**
 * Runs one money action in a transaction: the order's task is locked first (so the action and any
 * move of the same order happen one after the other), `work` writes and names whom to tell, and
 * the answer is the order's money as the actor sees it afterwards.
 */
export async function moneyAction(
  ctx: Pick<Deps, 'db' | 'hub' | 'log' | 'config' | 'bus'>,
  actor: Actor,
  formId: number,
  work: (tx: TxCtx, order: MoneyOrder, money: MoneyFacts) => Promise<Push[]>,
): Promise<OrderMoney> {
  const { pushes, parties } = await ctx.db.transaction(async (tx) => {
    const order = await orderForMoney({ db: tx }, actor, formId, { lock: true });
    const parties = [order.artistId, order.senderId];
    return { pushes: await work({ db: tx }, order, await loadMoney({ db: tx }, null, order)), parties };
  });
  // Both parties' /crm/money on every instance (a repeat that wrote nothing drops them too).
  await moneyOverviewsChanged(ctx.bus, parties);
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
export async function recordAndTell(
  ctx: TxCtx,
  actor: Actor,
  event: Omit<Parameters<typeof insertMoneyEvent>[1], 'actorId'>,
  to: string,
  message: string,
): Promise<Push[]> {
  await insertMoneyEvent(ctx.db, { ...event, actorId: actor.id });
  return [await tell(ctx, actor, to, event.formId, message)];
}

type Part = MoneyFacts['parts'][number];

/**
 * A money action on one part of an open order by one side (`what` it does, for the refusal):
 * moneyAction with the side checked, the order open for payments and the part found.
 */
export function partAction(
  ctx: Pick<Deps, 'db' | 'hub' | 'log' | 'config' | 'bus'>,
  actor: Actor,
  input: { formId: number; part: number },
  side: 'artist' | 'buyer',
  what: string,
  work: (tx: TxCtx, order: MoneyOrder, money: MoneyFacts, part: Part) => Promise<Push[]>,
): Promise<OrderMoney> {
  return moneyAction(ctx, actor, input.formId, async (tx, order, money) => {
    assertSide(order, side, what);
    assertOpenForPayments(order);
    return work(tx, order, money, partAt(money.parts, input.part));
  });
}
