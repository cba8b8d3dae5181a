/**
 * An order's payment state, beside the SPEC's status machine (which it does not change), as data
 * read by the server and the web (like orders/status-machine.ts). It is computed from the ledger's
 * balances, never stored.
 */
export const PAYMENT_STATES = ['unpaid', 'partPaid', 'paid', 'refundOwed', 'refunded'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

export const PAYMENT_STATE_LABELS: Readonly<Record<PaymentState, string>> = {
  unpaid: 'Unpaid',
  partPaid: 'Part paid',
  paid: 'Paid',
  refundOwed: 'Refund owed',
  refunded: 'Refunded',
};

/** What the state is read from, in cents (all from the ledger but the total). */
export interface MoneyFigures {
  totalCents: number;
  /** Confirmed payments minus what went back to the buyer. */
  paidCents: number;
  /** Owed back to the buyer and not yet refunded. */
  refundOwedCents: number;
  /** Refunded so far. */
  refundedCents: number;
}

/** The payment state: a refund owed first, then a refund made, then how much of the total is paid. */
export function paymentStateOf(f: MoneyFigures): PaymentState {
  if (f.refundOwedCents > 0) return 'refundOwed';
  if (f.refundedCents > 0 && f.paidCents === 0) return 'refunded';
  if (f.paidCents <= 0) return 'unpaid';
  return f.paidCents < f.totalCents ? 'partPaid' : 'paid';
}
