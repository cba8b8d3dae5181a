import {
  PLATFORM_PART_STATE_LABELS,
  STRIPE_HOLD_DAYS_MAX,
  STRIPE_HOLD_MARGIN_DAYS,
  type PlatformPart,
  type PlatformPartState,
} from '@brushline/shared/payments/stripe';
import type { MoneyOrder } from '../orders/orders.service.ts';
import type { MoneyFacts } from './payments.rules.ts';
import { partWords, usd } from './payments.rules.ts';
import type { StripePartRow } from './stripe.repo.ts';

/**
 * Stripe Connect's decisions over what was read (decision 0031): queue names and job keys, each
 * Stripe request's idempotency key (derived from the ledger transaction it carries out), a part's
 * state at Stripe, and when the hold limit makes Brushline act.
 */

const DAY_MS = 86_400_000;

/** Webhook events, one job per event id. */
export const STRIPE_EVENTS_QUEUE = 'stripe-events';
/** Transfers, refunds and hold limits: one job per part and kind. */
export const STRIPE_MONEY_QUEUE = 'stripe-money';

export interface StripeMoneyJob {
  kind: 'transfer' | 'refund' | 'holdLimit';
  formId: number;
  partIndex: number;
}

export const moneyJobKey = (j: StripeMoneyJob) => `${j.kind}:${j.formId}:${j.partIndex}`;

/** Ledger idempotency keys of a part's movements; each Stripe request carries its transaction's key. */
export const ledgerKeys = {
  payment: (formId: number, part: number) => `payment:${formId}:${part}`,
  release: (formId: number, part: number) => `release:${formId}:${part}`,
  /** A part owed back on its own (paid after the cancel, or refunded at the hold limit). */
  refundOwed: (formId: number, part: number) => `refundOwed:${formId}:${part}`,
  refund: (formId: number, part: number) => `refund:${formId}:${part}`,
};

/** The reversal before a refund belongs to the refund's ledger transaction. */
export const reversalKey = (formId: number, part: number) => `${ledgerKeys.refund(formId, part)}:reversal`;

export const transferGroup = (formId: number) => `order_${formId}`;

/**
 * Stripe's dispute states while the bank may still take the charge back (inquiries included):
 * held money is neither released nor refunded then (Stripe refuses a refund on a disputed charge).
 */
const DISPUTE_OPEN_STATES: ReadonlySet<string> = new Set([
  'needs_response',
  'under_review',
  'warning_needs_response',
  'warning_under_review',
]);
export const disputeOpen = (status: string) => DISPUTE_OPEN_STATES.has(status);

/** A ledger key for what a lost dispute took back from a part (the bank's refund, not ours). */
export const chargebackKey = (formId: number, part: number) => `chargeback:${formId}:${part}`;

/** When held money is released or refunded at the latest: Stripe's limit less Brushline's margin. */
export const actByOf = (heldAt: Date) =>
  new Date(heldAt.getTime() + (STRIPE_HOLD_DAYS_MAX - STRIPE_HOLD_MARGIN_DAYS) * DAY_MS);

/** A delivered (or approved) order's held money goes to the artist at the hold limit; else back. */
export const releasesAtLimit = (taskStatus: string) => taskStatus === 'finished' || taskStatus === 'done';

export function platformStateOf(row: StripePartRow | undefined, now: Date): PlatformPartState {
  if (!row) return 'unpaid';
  if (row.refundOwedAt) return 'refunded';
  if (row.releasedAt) return 'released';
  if (row.heldAt) return 'held';
  if (row.checkoutSessionId && row.checkoutExpiresAt && row.checkoutExpiresAt > now) return 'processing';
  return 'unpaid';
}

/** A part's money at Stripe as the order page shows it (`side` words the hold-limit note). */
export function platformPartOf(
  row: StripePartRow | undefined,
  order: Pick<MoneyOrder, 'taskStatus' | 'side'>,
  now: Date,
  disputedChargeId: string | null = null,
): PlatformPart {
  const state = platformStateOf(row, now);
  const refunding = state === 'refunded' && !row?.refundedAt;
  // Under an open dispute the money waits for its end, whatever the hold limit says.
  const disputed = disputedChargeId !== null && row?.chargeId === disputedChargeId;
  if (disputed && (state === 'held' || refunding))
    return { state, stateLabel: 'Held until the card dispute ends', actBy: null, actByNote: null };
  const held = state === 'held' && row?.actBy;
  const toArtist = releasesAtLimit(order.taskStatus);
  return {
    state,
    stateLabel: refunding ? 'Refund on its way' : PLATFORM_PART_STATE_LABELS[state],
    actBy: held ? row.actBy!.toISOString() : null,
    // What happens at Stripe's hold limit, and on what condition: it is not a promise.
    actByNote: held
      ? toArtist
        ? 'released to the artist if not approved before'
        : order.side === 'buyer'
          ? 'refunded to you if the work is not delivered before'
          : 'refunded to the buyer if the work is not delivered before'
      : null,
  };
}

/** The viewer's next step on a Stripe order (payments.rules' nextStep covers off-platform). */
export function stripeNextStep(order: MoneyOrder, money: MoneyFacts): string | null {
  const owed = money.balances.refunds;
  if (owed > 0)
    return `A refund of ${usd(owed)} is on its way to ${order.side === 'buyer' ? 'your card' : order.senderLogin}`;
  if (order.taskStatus === 'canceled' || order.taskStatus === 'declined') return null;
  const due = money.parts.find((p) => p.status === 'due' || p.status === 'requested');
  if (!due) return null;
  if (order.side === 'buyer') {
    const words = money.plan.kind === 'full' ? '' : ` ${partWords(due, money.plan)}`;
    return `Pay${words} by card: ${usd(due.amountCents)}`;
  }
  if (order.side === 'artist')
    return `Waiting for ${order.senderLogin} to pay ${usd(due.amountCents)} by card`;
  return null;
}

/** Stripe's requirement codes in words (anything else: its code, made readable). */
const REQUIREMENT_WORDS: Readonly<Record<string, string>> = {
  external_account: 'a bank account or debit card for payouts',
  'tos_acceptance.date': 'acceptance of Stripe’s terms',
  'tos_acceptance.ip': 'acceptance of Stripe’s terms',
  'business_profile.url': 'your website or profile link',
  'business_profile.mcc': 'what your business does',
  business_type: 'the kind of business',
  'individual.verification.document': 'an identity document',
  'individual.id_number': 'your ID number',
  'individual.ssn_last_4': 'the end of your SSN',
  'individual.dob.day': 'your date of birth',
  'individual.address.line1': 'your address',
  'individual.email': 'your e-mail address',
  'individual.phone': 'your phone number',
  'individual.first_name': 'your name',
  'individual.last_name': 'your name',
};

export function requirementWords(codes: readonly string[]): string[] {
  const words = codes.map(
    (c) => REQUIREMENT_WORDS[c] ?? c.replace(/^individual\./, 'your ').replace(/[._]/g, ' '),
  );
  return [...new Set(words)];
}
