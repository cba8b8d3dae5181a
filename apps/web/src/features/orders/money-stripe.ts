import type { OrderMoney, PaymentPart } from '@brushline/shared/payments/schemas';
import type { Dispute, PlatformPart, PlatformPartState } from '@brushline/shared/payments/stripe';

/** Reading an order's money when Brushline holds it (Stripe Connect, decision 0031). */

/** Whether the buyer pays this order by card through Brushline (Stripe), rather than to the artist. */
export const paysByCard = (money: Pick<OrderMoney, 'provider'>): boolean => money.provider.id === 'stripe';

/** A part's money at Stripe, or null off-platform. */
export const platformOf = (part: PaymentPart): PlatformPart | null => part.platform;

/** The chargeback Stripe reported on the order, if any. */
export const disputeOf = (money: OrderMoney): Dispute | null => money.dispute;

export const PLATFORM_STATE_COLORS: Readonly<Record<PlatformPartState, string>> = {
  unpaid: 'orange',
  processing: 'blue',
  held: 'indigo',
  released: 'teal',
  refunded: 'gray',
};

/** Whether the buyer may pay this part by card now: it is due (or asked for) and not paid yet. */
export function payableByCard(part: PaymentPart): boolean {
  const platform = platformOf(part);
  const unpaid = !platform || platform.state === 'unpaid' || platform.state === 'processing';
  return unpaid && (part.status === 'due' || part.status === 'requested');
}

/** The money has reached Brushline (held) or gone on to the artist. */
export const paidOnPlatform = (part: PaymentPart | undefined): boolean => {
  const state = part ? platformOf(part)?.state : undefined;
  return state === 'held' || state === 'released';
};

/** Stripe's snake_case words ("product_not_received") as a person reads them. */
export const stripeWords = (value: string): string => value.replace(/_/g, ' ');
