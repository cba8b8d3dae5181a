import { formatUsd, fromCents } from '@brushline/shared/cards/pricing';
import type { PartStatus, PaymentStage } from '@brushline/shared/payments/constants';
import { stageReached, upFrontParts, type PaymentPlan, type PlanPart } from '@brushline/shared/payments/plan';
import { paymentMessages as m } from '@brushline/shared/payments/messages';
import { AppError, notFound } from '../../platform/errors.ts';
import type { MoneyOrder } from '../orders/orders.service.ts';
import type { Balances } from './ledger.rules.ts';
import type { PaymentRow } from './payments.repo.ts';

/**
 * The money side's decisions over what was read (no SQL, no context): how far an order got, each
 * part's status, invoice numbers, when timers fall due, and the viewer's next step.
 */

const DAY_MS = 86_400_000;

/** What the money side knows of one order: its plan's parts with their status, and the ledger's balances. */
export interface MoneyFacts {
  plan: PaymentPlan;
  parts: (PlanPart & { row: PaymentRow | undefined; status: PartStatus })[];
  balances: Balances;
  refundedCents: number;
}

/** The furthest stage an order has reached: what of its plan is due now. */
export function reachedStage(order: Pick<MoneyOrder, 'taskStatus' | 'hasWip'>): PaymentStage | null {
  switch (order.taskStatus) {
    case 'waiting':
    case 'processing':
      return order.hasWip ? 'wip' : 'acceptance';
    case 'finished':
    case 'done':
      return 'delivery';
    default:
      return null;
  }
}

/** A part's status from what was recorded on it and how far the order got. */
export function partStatusOf(
  part: PlanPart,
  row: PaymentRow | undefined,
  reached: PaymentStage | null,
): PartStatus {
  if (row?.confirmedAt) return 'confirmed';
  if (row?.markedAt) return 'marked';
  if (row?.requestedAt) return 'requested';
  return stageReached(part.stage, reached) ? 'due' : 'scheduled';
}

/** Invoice and credit-note numbers: per artist, without gaps ("INV-ann-0003", "CN-ann-0004"). */
export const invoiceNumber = (login: string, seq: number) => `INV-${login}-${String(seq).padStart(4, '0')}`;

export const creditNoteNumber = (login: string, seq: number) => `CN-${login}-${String(seq).padStart(4, '0')}`;

/** How a part is named in a sentence: "the deposit", "“Sketch”", or nothing for a single payment. */
export function partWords(part: Pick<PlanPart, 'name'>, plan: MoneyOrder['paymentPlan']): string {
  if (plan?.kind === 'full') return 'the payment';
  if (plan?.kind === 'deposit') return `the ${part.name.toLowerCase()}`;
  return `“${part.name}”`;
}

export const isClosed = (order: MoneyOrder) =>
  order.taskStatus === 'canceled' || order.taskStatus === 'declined';

/** When an unanswered delivery is approved automatically (finished orders only). */
export function autoApproveAt(
  order: Pick<MoneyOrder, 'taskStatus' | 'deliveredAt'>,
  days: number,
): Date | null {
  if (order.taskStatus !== 'finished' || !order.deliveredAt) return null;
  return new Date(order.deliveredAt.getTime() + days * DAY_MS);
}

/** Past its due date with nothing delivered: the buyer may cancel. */
export function isOverdue(order: Pick<MoneyOrder, 'taskStatus' | 'dueAt'>, now: Date): boolean {
  return (
    (order.taskStatus === 'waiting' || order.taskStatus === 'processing') &&
    !!order.dueAt &&
    order.dueAt < now
  );
}

export const usd = (cents: number) => formatUsd(fromCents(cents));

/** The viewer's next step in one line ("Pay the deposit: $40", "Confirm you received $40"). */
export function nextStep(
  order: MoneyOrder,
  money: MoneyFacts,
  extension: { status: string } | null,
  now: Date,
): string | null {
  const owed = money.balances.refunds;
  const byStatus = (s: PartStatus) => money.parts.find((p) => p.status === s);
  if (order.side === 'artist') {
    if (owed > 0) return `Refund ${usd(owed)} to ${order.senderLogin}, then record it`;
    if (isClosed(order)) return null;
    const marked = byStatus('marked');
    if (marked) return `Confirm you received ${usd(marked.amountCents)}`;
    const due = byStatus('due');
    if (due) return `Ask for ${partWords(due, money.plan)}: ${usd(due.amountCents)}`;
    const upFront = upFrontParts(money.parts);
    if (
      order.taskStatus === 'waiting' &&
      !order.startBeforePayment &&
      upFront.some((p) => p.status !== 'confirmed')
    ) {
      return 'Start when the up-front payment is confirmed, or choose “Start before payment”';
    }
    return null;
  }
  if (order.side === 'buyer') {
    if (owed > 0) return `${order.artistLogin} owes you a refund of ${usd(owed)}`;
    if (isClosed(order)) return null;
    if (extension?.status === 'pending') return 'Accept or decline the new due date';
    const requested = byStatus('requested');
    if (requested) {
      const words = money.plan.kind === 'full' ? '' : ` ${partWords(requested, money.plan)}`;
      return `Pay${words}: ${usd(requested.amountCents)}`;
    }
    if (isOverdue(order, now)) return 'The due date has passed: you may cancel and get back what you paid';
    const marked = byStatus('marked');
    if (marked) return `Waiting for ${order.artistLogin} to confirm ${usd(marked.amountCents)}`;
    return null;
  }
  return null;
}

/** The order's payment plan; an order without one takes no payment actions. */
export function planOf(order: MoneyOrder) {
  if (!order.paymentPlan) throw new AppError(400, 'no_payment_plan', m.noPlan);
  return order.paymentPlan;
}

/** The artist acts; the buyer and staff may not. */
export function assertSide(order: MoneyOrder, side: 'artist' | 'buyer', what: string): void {
  if (order.side !== side)
    throw new AppError(403, 'forbidden', `Only the ${side === 'artist' ? 'artist' : 'buyer'} can ${what}.`);
}

export function assertOpenForPayments(order: MoneyOrder): void {
  if (isClosed(order)) throw new AppError(400, 'order_closed', m.orderClosed);
  if (order.taskStatus === 'none') throw new AppError(400, 'part_not_due', m.orderNotAccepted);
}

export function partAt<T extends { index: number }>(parts: readonly T[], index: number): T {
  const part = parts.find((p) => p.index === index);
  if (!part) throw notFound(m.partNotFound);
  return part;
}
