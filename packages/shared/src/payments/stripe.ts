import { z } from 'zod';

/**
 * Protected payments through Stripe Connect (docs/decisions/0031-stripe-connect.md): the buyer
 * pays the platform through Stripe's hosted checkout, the money is held until the buyer approves
 * (or the order is auto-approved), then transferred to the artist's connected account. This file
 * is the contract between the server and the web app.
 */

/**
 * A part's money at the provider. unpaid: no payment yet; processing: a checkout was opened and
 * not completed; held: paid, held by the platform; released: transferred to the artist;
 * refunded: given back to the buyer (before release a refund, after it a reversal then a refund).
 */
export const PLATFORM_PART_STATES = ['unpaid', 'processing', 'held', 'released', 'refunded'] as const;
export type PlatformPartState = (typeof PLATFORM_PART_STATES)[number];

export const PLATFORM_PART_STATE_LABELS: Readonly<Record<PlatformPartState, string>> = {
  unpaid: 'Not paid',
  processing: 'Checkout open',
  held: 'Held by Brushline',
  released: 'Released to the artist',
  refunded: 'Refunded',
};

/** Stripe keeps a charge's funds for a transfer at most this long; held money is released or refunded before. */
export const STRIPE_HOLD_DAYS_MAX = 90;
/** Brushline acts this many days before Stripe's limit (releases if delivered, otherwise refunds). */
export const STRIPE_HOLD_MARGIN_DAYS = 5;

/** A part's money at the provider, on GET /comissionform/{id}/payments (null off-platform). */
export const platformPartSchema = z.object({
  state: z.enum(PLATFORM_PART_STATES),
  stateLabel: z.string(),
  /** When the held money is released or refunded at the latest (Stripe's hold limit, less a margin). */
  actBy: z.string().nullable(),
  /** What happens at actBy unless the order moves first, in one line ending before the date ("released to the artist if not approved before"). */
  actByNote: z.string().nullable(),
});
export type PlatformPart = z.infer<typeof platformPartSchema>;

/** A chargeback Stripe reported on one of the order's charges: staff and both parties see it. */
export const disputeSchema = z.object({
  status: z.string(),
  reason: z.string(),
  amount: z.number(),
  openedAt: z.string(),
});
export type Dispute = z.infer<typeof disputeSchema>;

/** GET /payments/account: the artist's connected Stripe account as Brushline last heard of it. */
export const payoutAccountSchema = z.object({
  /** The instance's provider; only 'stripe' has accounts (else everything below is empty). */
  provider: z.string(),
  connected: z.boolean(),
  chargesEnabled: z.boolean(),
  payoutsEnabled: z.boolean(),
  detailsSubmitted: z.boolean(),
  /** What Stripe still needs before the account can receive money, in words. */
  missing: z.array(z.string()),
  /** Charges and payouts both enabled: the artist's cards can take platform payments. */
  canReceive: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type PayoutAccount = z.infer<typeof payoutAccountSchema>;

/** A Stripe-hosted page to send the browser to (account onboarding, checkout). */
export const redirectUrlSchema = z.object({ url: z.string() });
export type RedirectUrl = z.infer<typeof redirectUrlSchema>;
