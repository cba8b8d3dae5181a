import { formatUsd } from '@brushline/shared/cards/pricing';
import type { MoneyEventKind, PartStatus } from '@brushline/shared/payments/constants';
import type { MoneyEvent, OrderMoney, PaymentPart } from '@brushline/shared/payments/schemas';
import type { PaymentState } from '@brushline/shared/payments/state';
import { formatDate } from '../../lib/format-date.ts';

/**
 * How a part's status reads on the order page, for the side that reads it. On a canceled or
 * declined order (`closed`) a part not paid is owed by nobody any more. `byCard`: the buyer pays
 * through Brushline (Stripe), so nobody asks or marks by hand.
 */
export function partStatusText(
  status: PartStatus,
  side: 'artist' | 'buyer',
  closed = false,
  byCard = false,
): string {
  if (closed && status !== 'confirmed') return 'Not owed: the order ended';
  if (byCard && (status === 'due' || status === 'requested'))
    return side === 'artist' ? 'Due: the buyer pays by card' : 'Due: pay by card';
  switch (status) {
    case 'scheduled':
      return 'Not due yet';
    case 'due':
      return side === 'artist' ? 'Due: ask for it' : 'Due: the artist will say how to pay';
    case 'requested':
      return side === 'artist' ? 'Asked for' : 'To pay';
    case 'marked':
      return side === 'artist' ? 'Marked paid: confirm it' : 'Marked paid';
    case 'confirmed':
      return 'Paid';
  }
}

export const PART_STATUS_COLORS: Readonly<Record<PartStatus, string>> = {
  scheduled: 'gray',
  due: 'orange',
  requested: 'yellow',
  marked: 'blue',
  confirmed: 'teal',
};

export const PAYMENT_STATE_COLORS: Readonly<Record<PaymentState, string>> = {
  unpaid: 'orange',
  partPaid: 'yellow',
  paid: 'teal',
  refundOwed: 'red',
  refunded: 'gray',
};

/** A money timeline event in words. */
export const MONEY_EVENT_WORDS: Readonly<Record<MoneyEventKind, string>> = {
  requested: 'Payment asked for',
  markedPaid: 'Marked as paid',
  confirmed: 'Payment confirmed',
  refundOwed: 'Refund owed',
  refunded: 'Refund recorded',
  released: 'Released to the artist',
  startBeforePayment: 'Chose to start before payment',
  extensionAsked: 'More time asked for',
  extensionAccepted: 'New due date accepted',
  extensionDeclined: 'New due date declined',
  autoApproved: 'Delivery approved automatically',
  paidByCard: 'Paid by card, held by Brushline',
  transferred: 'Transferred to the artist',
  refundedByStripe: 'Refunded to the card',
  disputed: 'Payment disputed',
  disputeClosed: 'Dispute closed',
  amountMismatch: 'Amount differs from the order: held for staff',
  chargedBack: 'Returned to the card by the bank (dispute lost)',
};

/** "Deposit: Payment confirmed · $40.00": what happened, to which part, how much. */
export function timelineText(event: MoneyEvent, parts: readonly PaymentPart[]): string {
  const part = event.partIndex === null ? undefined : parts.find((p) => p.index === event.partIndex);
  const what = MONEY_EVENT_WORDS[event.kind];
  const head =
    part && parts.length > 1 ? `${part.name}: ${what.charAt(0).toLowerCase()}${what.slice(1)}` : what;
  return event.amount === null ? head : `${head} · ${formatUsd(event.amount)}`;
}

const DAY = 24 * 60 * 60 * 1000;

/**
 * The due date with the time left: "Due 3 Dec 2026 · in 8 days", "Due today, 3 Dec 2026",
 * "Overdue since 3 Dec 2026" (the server says when it is overdue: past the date, nothing delivered).
 * Once the work is delivered only the date is said.
 */
export function dueText(
  money: Pick<OrderMoney, 'dueAt' | 'overdue'>,
  open: boolean,
  now: number,
): string | null {
  if (!money.dueAt) return null;
  if (money.overdue) return `Overdue since ${formatDate(money.dueAt)}`;
  if (!open) return `Due date ${formatDate(money.dueAt)}`;
  const days = Math.ceil((Date.parse(money.dueAt) - now) / DAY);
  if (days <= 0) return `Due today, ${formatDate(money.dueAt)}`;
  return `Due ${formatDate(money.dueAt)} · in ${days} day${days === 1 ? '' : 's'}`;
}

/** The instructions the artist wrote last on this order: a new request starts from them. */
export function lastInstructions(parts: readonly PaymentPart[]): string {
  const asked = parts
    .filter((p): p is PaymentPart & { instructions: string; requestedAt: string } =>
      Boolean(p.instructions && p.requestedAt),
    )
    .sort((a, b) => Date.parse(b.requestedAt) - Date.parse(a.requestedAt));
  return asked[0]?.instructions ?? '';
}

/** Where an invoice or credit note of an order is downloaded. */
export const invoiceHref = (formId: number, number: string) =>
  `/api/comissionform/${formId}/invoices/${encodeURIComponent(number)}.pdf`;

/** The stage of a part, on its own: "On acceptance". */
export const stageText = (label: string) => label.charAt(0).toUpperCase() + label.slice(1);
