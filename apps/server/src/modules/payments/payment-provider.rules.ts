import type { PaymentProviderId } from '@brushline/shared/payments/constants';
import { paymentMessages } from '@brushline/shared/payments/messages';
import type { Config } from '../../config.ts';
import { AppError } from '../../platform/errors.ts';

/** A payment as a provider sees it. */
export interface ProviderPayment {
  formId: number;
  partIndex: number;
  amountCents: number;
}

/** What a provider callback (a webhook) says happened. */
export type ProviderEvent =
  | { kind: 'paid'; formId: number; partIndex: number; reference: string }
  | { kind: 'refunded'; formId: number; reference: string };

/**
 * One interface for payment providers (decision 0020), chosen by PAYMENT_PROVIDER. The service
 * keeps the rules (who may act, when, what the ledger records); a provider says how money moves
 * and whether the platform holds it between payment and release.
 */
export interface PaymentProvider {
  id: PaymentProviderId;
  /** The platform holds payments until the release (approval); false: they reach the artist at once. */
  holdsFunds: boolean;
  /** What the order page says about where the money goes. */
  note: string;
  /** Asks the buyer for a payment; answers what the buyer is shown (instructions or a pay link). */
  requestPayment(
    payment: ProviderPayment,
    input: { instructions: string },
  ): Promise<{ instructions: string }>;
  /** Confirms a payment; answers its reference. */
  confirmPayment(payment: ProviderPayment, input: { reference: string }): Promise<{ reference: string }>;
  /** Refunds what is owed; answers its reference. */
  refund(input: { formId: number; amountCents: number; reference: string }): Promise<{ reference: string }>;
  /** Releases held money to the artist (a provider that holds funds). */
  release(payment: ProviderPayment): Promise<void>;
  /** Reads a provider callback; null when the provider sends none or the body is not its own. */
  parseCallback(body: unknown, headers: Record<string, string | undefined>): Promise<ProviderEvent | null>;
}

/**
 * Off-platform: the artist's own link or details, the buyer marks a part paid, the artist
 * confirms receipt (or records it directly). Brushline records it all and holds no money, so the
 * provider's steps only carry what people typed.
 */
export const offPlatformProvider: PaymentProvider = {
  id: 'offPlatform',
  holdsFunds: false,
  note: paymentMessages.offPlatformNote,
  requestPayment: (_payment, input) => Promise.resolve({ instructions: input.instructions }),
  confirmPayment: (_payment, input) => Promise.resolve({ reference: input.reference }),
  refund: (input) => Promise.resolve({ reference: input.reference }),
  release: () => Promise.resolve(),
  parseCallback: () => Promise.resolve(null),
};

const byCardOnly = () => Promise.reject(new AppError(409, 'paid_by_card', paymentMessages.paidByCardOnly));

/**
 * Stripe Connect (decision 0031): the buyer pays the platform by card (POST .../checkout), the
 * webhook confirms the payment and the money is held; approval releases it through a transfer job
 * and a cancel refunds it through a refund job (stripe-money.service.ts, stripe-jobs.service.ts).
 * Nothing is confirmed or refunded by hand, so those steps refuse.
 */
export const stripeProvider: PaymentProvider = {
  id: 'stripe',
  holdsFunds: true,
  note: paymentMessages.stripeNote,
  requestPayment: (_payment, input) => Promise.resolve({ instructions: input.instructions }),
  confirmPayment: byCardOnly,
  refund: () => Promise.reject(new AppError(409, 'refund_automatic', paymentMessages.refundAutomatic)),
  // The transfer is a job sent with the ledger's release (never a call inside the move's transaction).
  release: () => Promise.resolve(),
  // Webhooks have their own route (stripe.routes.ts), checked with the SDK.
  parseCallback: () => Promise.resolve(null),
};

const providers: Record<PaymentProviderId, PaymentProvider> = {
  offPlatform: offPlatformProvider,
  stripe: stripeProvider,
};

/** The configured provider: the site's, for orders whose money has not moved yet. */
export function paymentProvider(config: Pick<Config, 'PAYMENT_PROVIDER'>): PaymentProvider {
  return providers[config.PAYMENT_PROVIDER];
}

/**
 * An order's provider (decision 0031, "One provider per order"): the one its first payment step
 * fixed, which a later change of PAYMENT_PROVIDER does not move; else the site's.
 */
export function orderProvider(
  config: Pick<Config, 'PAYMENT_PROVIDER'>,
  order: { paymentProvider: PaymentProviderId | null },
): PaymentProvider {
  return providers[order.paymentProvider ?? config.PAYMENT_PROVIDER];
}

/**
 * Whether Brushline moves this order's money itself, by card (Stripe: checkout, hold, release,
 * refunds), rather than the two sides off-platform with Brushline keeping the record.
 */
export const paysByCard = (
  config: Pick<Config, 'PAYMENT_PROVIDER'>,
  order: { paymentProvider: PaymentProviderId | null },
): boolean => orderProvider(config, order).id === 'stripe';

/** PLATFORM_FEE_PERCENT in basis points (1/100 of a percent). */
export const feeBasisPoints = (config: Pick<Config, 'PLATFORM_FEE_PERCENT'>) =>
  Math.round(config.PLATFORM_FEE_PERCENT * 100);
