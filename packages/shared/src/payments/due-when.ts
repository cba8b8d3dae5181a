import { formatUsd, fromCents, toCents } from '../cards/pricing.ts';
import { PAYMENT_STAGE_LABELS } from './constants.ts';
import { planParts, type PaymentPlan, type PlanPart } from './plan.ts';

/** One part of a price as the order form and the card show it: name, when, how much (USD). */
export interface DueWhenLine extends Omit<PlanPart, 'amountCents'> {
  /** USD, the part's share of `total` (the last part takes what rounding left). */
  amount: number;
  /** "Deposit on acceptance $40.00". */
  text: string;
}

/**
 * What is due when for a total in USD under `plan`, in the parts the server will ask for
 * (planParts: the same rounding, so the buyer sees the amounts they will be asked for).
 */
export function dueWhenLines(plan: PaymentPlan, total: number): DueWhenLine[] {
  return planParts(plan, toCents(total)).map(({ amountCents, ...part }) => {
    const amount = fromCents(amountCents);
    const name = plan.kind === 'full' ? 'In full' : part.name;
    return { ...part, amount, text: `${name} ${PAYMENT_STAGE_LABELS[part.stage]} ${formatUsd(amount)}` };
  });
}

/** The lines in one sentence: "Deposit on acceptance $40.00 · Remainder on delivery $40.00". */
export function dueWhenText(plan: PaymentPlan, total: number): string {
  return dueWhenLines(plan, total)
    .map((l) => l.text)
    .join(' · ');
}

/** "Delivered within 7 days of acceptance", or null when the card promises no delivery time. */
export function deliveryTimeText(days: number | null | undefined): string | null {
  if (days === null || days === undefined) return null;
  return `Delivered within ${days} ${days === 1 ? 'day' : 'days'} of acceptance`;
}
