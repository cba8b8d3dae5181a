/**
 * Money in an order (docs/decisions/0020-money.md). Amounts are integer cents on the server and in
 * the ledger; USD is the only currency (SPEC §9).
 */

/** How a card is paid: in full up front (the default), a deposit and the rest, or named milestones. */
export const PLAN_KINDS = ['full', 'deposit', 'milestones'] as const;
export type PlanKind = (typeof PLAN_KINDS)[number];

/** When a part of the price falls due. */
export const PAYMENT_STAGES = ['acceptance', 'wip', 'delivery'] as const;
export type PaymentStage = (typeof PAYMENT_STAGES)[number];

export const PAYMENT_STAGE_LABELS: Readonly<Record<PaymentStage, string>> = {
  acceptance: 'on acceptance',
  wip: 'when a work in progress is shared',
  delivery: 'on delivery',
};

export const DEPOSIT_PERCENT_MIN = 1;
export const DEPOSIT_PERCENT_MAX = 99;
export const MILESTONES_MIN = 2;
/** A milestone's share: a whole percentage; a plan's milestones add up to PLAN_PERCENT_TOTAL. */
export const MILESTONE_PERCENT_MIN = 1;
export const PLAN_PERCENT_TOTAL = 100;
export const MILESTONES_MAX = 5;
export const MILESTONE_NAME_MAX = 40;
/** A card's optional delivery time: an accepted order is due this many days later. */
export const DELIVERY_DAYS_MIN = 1;
export const DELIVERY_DAYS_MAX = 365;
/** The artist's payment instructions (a PayPal invoice link, bank details): free text. */
export const PAYMENT_INSTRUCTIONS_MAX = 1000;
/** The buyer's reference for a payment they made (a transaction id, "paid by PayPal on …"). */
export const PAYMENT_REFERENCE_MAX = 200;
/** The artist's reason when asking for more time. */
export const EXTENSION_REASON_MAX = 500;
/** An extension moves the due date by at most this many days past the current one. */
export const EXTENSION_DAYS_MAX = 365;
/** A delivery left without an answer is approved automatically after this many days (configurable). */
export const AUTO_APPROVE_DAYS_DEFAULT = 14;
/** The buyer is reminded this many days before the automatic approval. */
export const AUTO_APPROVE_REMINDER_DAYS = [7, 1] as const;
/** A CSV export covers at most this many days. */
export const INCOME_EXPORT_DAYS_MAX = 366;

/**
 * The state of a part of the price. scheduled: its stage has not come; due: it has, and the artist
 * has not yet said how to pay; requested: the artist sent instructions; marked: the buyer says it
 * is paid; confirmed: the artist confirmed receipt (or recorded it directly).
 */
export const PART_STATUSES = ['scheduled', 'due', 'requested', 'marked', 'confirmed'] as const;
export type PartStatus = (typeof PART_STATUSES)[number];

/** Ledger accounts, per order. */
export const LEDGER_ACCOUNTS = ['buyer', 'held', 'artist', 'refunds', 'platformFee'] as const;
export type LedgerAccount = (typeof LEDGER_ACCOUNTS)[number];

/** What a money timeline shows. */
export const MONEY_EVENT_KINDS = [
  'requested',
  'markedPaid',
  'confirmed',
  'refundOwed',
  'refunded',
  'released',
  'startBeforePayment',
  'extensionAsked',
  'extensionAccepted',
  'extensionDeclined',
  'autoApproved',
  // Stripe Connect (decision 0031): the buyer paid a part by card (held), it was transferred to the
  // artist, refunded through Stripe, a chargeback was opened or closed, or a webhook's amount
  // disagreed with the order and waits for staff.
  'paidByCard',
  'transferred',
  'refundedByStripe',
  'disputed',
  'disputeClosed',
  'amountMismatch',
  // A dispute the buyer's bank won: the part's money went back to the card through the bank.
  'chargedBack',
] as const;
export type MoneyEventKind = (typeof MONEY_EVENT_KINDS)[number];

/** The payment providers the server knows (chosen by configuration). */
export const PAYMENT_PROVIDERS = ['offPlatform', 'stripe'] as const;
export type PaymentProviderId = (typeof PAYMENT_PROVIDERS)[number];
