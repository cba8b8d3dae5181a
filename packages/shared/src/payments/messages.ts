import {
  DELIVERY_DAYS_MAX,
  DELIVERY_DAYS_MIN,
  DEPOSIT_PERCENT_MAX,
  DEPOSIT_PERCENT_MIN,
  EXTENSION_REASON_MAX,
  MILESTONE_NAME_MAX,
  MILESTONE_PERCENT_MIN,
  PLAN_PERCENT_TOTAL,
  MILESTONES_MAX,
  MILESTONES_MIN,
  PAYMENT_INSTRUCTIONS_MAX,
  PAYMENT_REFERENCE_MAX,
} from './constants.ts';

/** What the money rules say, on the server's 4xx and beside the web's fields. */
export const paymentMessages = {
  depositRange: `The deposit must be a whole percentage from ${DEPOSIT_PERCENT_MIN} to ${DEPOSIT_PERCENT_MAX}.`,
  milestoneCount: `A plan has ${MILESTONES_MIN} to ${MILESTONES_MAX} milestones.`,
  milestoneNameRequired: 'Name each milestone.',
  milestoneNameTooLong: `A milestone name is at most ${MILESTONE_NAME_MAX} characters.`,
  milestonePercent: `Each milestone is a whole percentage from ${MILESTONE_PERCENT_MIN} to ${PLAN_PERCENT_TOTAL}.`,
  milestonesSum: `The milestones’ percentages must add up to ${PLAN_PERCENT_TOTAL}.`,
  deliveryDaysRange: `The delivery time must be a whole number of days from ${DELIVERY_DAYS_MIN} to ${DELIVERY_DAYS_MAX}.`,
  instructionsRequired: 'Say how the buyer can pay you (a payment link or your details).',
  instructionsTooLong: `Payment instructions are at most ${PAYMENT_INSTRUCTIONS_MAX} characters.`,
  referenceTooLong: `A payment reference is at most ${PAYMENT_REFERENCE_MAX} characters.`,
  noPlan: 'This order was placed before payments were tracked; it has no payment plan.',
  orderClosed: 'This order is canceled or declined: no payment can be recorded on it.',
  orderNotAccepted: 'Payments start once the artist accepts the order.',
  partNotFound: 'This order has no such payment.',
  partConfirmed: 'This payment is already confirmed.',
  partNotDue: 'This payment is not due yet.',
  noRefundOwed: 'No refund is owed on this order.',
  paymentRequired:
    'The up-front payment is not confirmed yet. Confirm it, or choose “Start before payment” on this order.',
  notOverdue: 'The order is not past its due date yet, or the work was already delivered.',
  extensionDate: 'Choose a new due date after the current one (at most a year later).',
  extensionReasonRequired: 'Say why you need more time.',
  extensionReasonTooLong: `The reason is at most ${EXTENSION_REASON_MAX} characters.`,
  extensionPending: 'An extension is already waiting for the buyer’s answer.',
  noExtension: 'No extension is waiting for an answer.',
  noDueDate: 'This order has no due date.',
  exportRange: 'Choose a date range of at most a year, the start before the end.',
  invoiceNotFound: 'This order has no such invoice.',
  offPlatformNote:
    'Payments for this order happen outside Brushline (the artist’s own link or details). Brushline records them but holds no money.',
  // Stripe Connect (decision 0031).
  stripeNote:
    'The buyer pays Brushline by card through Stripe. The money is held until the buyer approves the work (or it is approved automatically), then transferred to the artist; a canceled order is refunded automatically.',
  notStripe: 'This site takes no card payments: payments are arranged between buyer and artist.',
  payoutAccountRequired:
    'Connect your Stripe account in Settings → Payouts before taking commissions on a card: buyers pay by card, and the money needs an account that can receive it.',
  artistCannotReceive:
    'The artist cannot receive card payments yet (their Stripe account is not ready). Try again later or message them.',
  paidByCardOnly:
    'Payments on this order are made by card through Stripe: the buyer pays with “Pay by card”; nothing is marked or confirmed by hand.',
  refundAutomatic:
    'Refunds on this order are made through Stripe automatically; there is nothing to record by hand.',
  paidOffPlatform:
    'This order’s payments are arranged between buyer and artist (it started before card payments were turned on): mark the payment as paid instead.',
  partPaidAlready: 'This payment is already made (or being confirmed by Stripe).',
  stripeUnavailable: 'Stripe did not answer. Try again in a moment.',
  webhookSignature: 'The webhook signature is missing, wrong or too old.',
} as const;
