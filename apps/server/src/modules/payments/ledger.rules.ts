import type { LedgerAccount } from '@brushline/shared/payments/constants';

/**
 * The ledger's rules (decision 0020): what each movement posts. Every movement is one transaction
 * of entries in integer cents that sum to zero, over the order's accounts:
 *
 * - buyer: what the buyer put in (negative) and got back (positive);
 * - held: what the platform holds for the order (only a provider that holds funds uses it);
 * - artist: what the artist received, net of the fee;
 * - platformFee: the platform's fee;
 * - refunds: what is owed back to the buyer and not yet refunded.
 */
export interface Posting {
  account: LedgerAccount;
  amountCents: number;
}

export type Balances = Readonly<Record<LedgerAccount, number>>;

export const ZERO_BALANCES: Balances = { buyer: 0, held: 0, artist: 0, platformFee: 0, refunds: 0 };

/** The fee on a payment: `basisPoints` (1/100 of a percent) of it, rounded half up to a cent. */
export function feeOf(amountCents: number, basisPoints: number): number {
  return Math.floor((amountCents * basisPoints + 5_000) / 10_000);
}

/** Keeps the non-zero lines (a zero entry says nothing and the table refuses it). */
const lines = (...postings: Posting[]) => postings.filter((p) => p.amountCents !== 0);

/**
 * A confirmed payment of `amountCents`. A provider that holds funds keeps it in `held` until the
 * release; otherwise (off-platform) it reached the artist already, less the platform's fee.
 */
export function paymentPostings(amountCents: number, feeCents: number, holdsFunds: boolean): Posting[] {
  if (holdsFunds)
    return lines({ account: 'buyer', amountCents: -amountCents }, { account: 'held', amountCents });
  return lines(
    { account: 'buyer', amountCents: -amountCents },
    { account: 'artist', amountCents: amountCents - feeCents },
    { account: 'platformFee', amountCents: feeCents },
  );
}

/** Held money goes to the artist, less the fee (a provider that holds funds, on approval). */
export function releasePostings(amountCents: number, feeCents: number): Posting[] {
  return lines(
    { account: 'held', amountCents: -amountCents },
    { account: 'artist', amountCents: amountCents - feeCents },
    { account: 'platformFee', amountCents: feeCents },
  );
}

/**
 * A canceled order owes back everything paid: what the artist received, the fee and anything
 * held all move into `refunds`, the amount owed to the buyer until the refund is made.
 */
export function refundOwedPostings(b: Balances): Posting[] {
  const owed = b.artist + b.platformFee + b.held;
  return lines(
    { account: 'artist', amountCents: -b.artist },
    { account: 'platformFee', amountCents: -b.platformFee },
    { account: 'held', amountCents: -b.held },
    { account: 'refunds', amountCents: owed },
  );
}

/** The refund is made: what was owed goes back to the buyer. */
export function refundPostings(owedCents: number): Posting[] {
  return lines({ account: 'refunds', amountCents: -owedCents }, { account: 'buyer', amountCents: owedCents });
}

/** Balances after postings (a pure fold: the database's sums and the property test agree on it). */
export function applyPostings(b: Balances, postings: readonly Posting[]): Balances {
  const next = { ...b };
  for (const p of postings) next[p.account] += p.amountCents;
  return next;
}

/** Whether a movement may be written: at least two entries, whole cents, summing to zero. */
export function balances(postings: readonly Posting[]): boolean {
  return (
    postings.length >= 2 &&
    postings.every((p) => Number.isSafeInteger(p.amountCents) && p.amountCents !== 0) &&
    postings.reduce((s, p) => s + p.amountCents, 0) === 0
  );
}

/** The figures an order's page and state read, from its balances. */
export function figuresOf(b: Balances, refundedCents: number) {
  return {
    /** Paid and not owed back: what the buyer put in, less what went or goes back. */
    paidCents: -b.buyer - b.refunds,
    feesCents: b.platformFee,
    refundOwedCents: b.refunds,
    refundedCents,
  };
}
