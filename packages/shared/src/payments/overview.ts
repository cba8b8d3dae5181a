import { z } from 'zod';
import { personSchema } from '../users/schemas.ts';
import { INCOME_EXPORT_DAYS_MAX } from './constants.ts';
import { paymentMessages as m } from './messages.ts';

/**
 * GET /crm/money: the viewer's money across their orders (the CRM's Money tab). Amounts are USD
 * computed by the server from the ledger and the orders' plans; "this month" is the UTC calendar
 * month.
 */

/** A part of an order's price the artist asked for (or the buyer says they paid), not yet confirmed. */
export const awaitingPartSchema = z.object({
  formId: z.number().int(),
  cardTitle: z.string(),
  /** The other party: the buyer on the artist's side, the artist on the buyer's. */
  party: personSchema,
  partIndex: z.number().int(),
  partName: z.string(),
  amount: z.number(),
  status: z.enum(['due', 'requested', 'marked']),
  /** When it was asked for, or marked paid (null: due by its stage, not asked yet). */
  since: z.string().nullable(),
  /** Paid by card through Brushline (the order's provider is Stripe, decision 0031), else off-platform. */
  byCard: z.boolean(),
});
export type AwaitingPart = z.infer<typeof awaitingPartSchema>;

export const refundOwedRowSchema = z.object({
  formId: z.number().int(),
  cardTitle: z.string(),
  party: personSchema,
  amount: z.number(),
});

export const dueDateRowSchema = z.object({
  formId: z.number().int(),
  cardTitle: z.string(),
  party: personSchema,
  dueAt: z.string(),
  overdue: z.boolean(),
});

/** How many rows each list shows at most (its sum and count cover them all). */
export const MONEY_LIST_MAX = 50;
/** Due dates shown this many days ahead (overdue ones first). */
export const DUE_SOON_DAYS = 14;

/** Orders with money in one ledger account: how many and how much in all, the first MONEY_LIST_MAX listed. */
const ordersOwingSchema = z.object({
  count: z.number().int(),
  total: z.number(),
  orders: z.array(refundOwedRowSchema),
});

export const artistMoneySchema = z.object({
  /** Parts requested or marked paid, not yet confirmed. */
  awaiting: z.object({
    count: z.number().int(),
    total: z.number(),
    requested: z.number(),
    marked: z.number(),
    parts: z.array(awaitingPartSchema),
  }),
  /** Confirmed payments this (UTC) month: gross, the platform's fee, and net. */
  receivedThisMonth: z.object({
    count: z.number().int(),
    gross: z.number(),
    fees: z.number(),
    net: z.number(),
    from: z.string(),
  }),
  /** Refunds the artist owes on canceled orders paid off-platform (they make and record them). */
  refundsOwed: ordersOwingSchema,
  /** Refunds owed on canceled card orders, which Brushline makes to the buyer's card (decision 0031). */
  refundsByCard: ordersOwingSchema,
  /**
   * Card payments Brushline holds on the artist's orders until the buyer approves (Stripe Connect,
   * decision 0031), from the ledger's `held` account; zero on a site whose provider holds nothing.
   */
  held: ordersOwingSchema,
  /** Due dates of accepted, undelivered orders in the next days, overdue first. */
  dueSoon: z.array(dueDateRowSchema),
});
export type ArtistMoney = z.infer<typeof artistMoneySchema>;

export const buyerMoneySchema = z.object({
  /** Confirmed payments, less what was refunded (all time). */
  paid: z.object({ count: z.number().int(), total: z.number() }),
  /** Parts due, requested or marked paid and not yet confirmed, on open orders. */
  due: z.object({ count: z.number().int(), total: z.number(), parts: z.array(awaitingPartSchema) }),
  /** What artists owe back on canceled orders paid off-platform. */
  refundsOwed: ordersOwingSchema,
  /** What is being refunded to the buyer's card on canceled card orders (decision 0031). */
  refundsByCard: ordersOwingSchema,
  /** What the buyer paid by card that Brushline holds until they approve (decision 0031). */
  held: ordersOwingSchema,
});
export type BuyerMoney = z.infer<typeof buyerMoneySchema>;

export const moneyOverviewSchema = z.object({
  /** Only for artists (and anyone with orders received). */
  artist: artistMoneySchema.nullable(),
  /** Present when the viewer ever ordered with a payment plan. */
  buyer: buyerMoneySchema.nullable(),
});
export type MoneyOverview = z.infer<typeof moneyOverviewSchema>;

const DAY_MS = 86_400_000;
const isoDay = z.iso.date({ error: m.exportRange });

/** ?from=YYYY-MM-DD&to=YYYY-MM-DD, both days included, at most INCOME_EXPORT_DAYS_MAX days. */
export const incomeExportQuerySchema = z.object({ from: isoDay, to: isoDay }).refine(
  (q) => {
    const days = (Date.parse(q.to) - Date.parse(q.from)) / DAY_MS + 1;
    return days >= 1 && days <= INCOME_EXPORT_DAYS_MAX;
  },
  { error: m.exportRange, path: ['to'] },
);
export type IncomeExportQuery = z.infer<typeof incomeExportQuerySchema>;

/** Whether a range is one the export accepts (the web checks before offering the link). */
export function incomeRangeOk(from: string, to: string): boolean {
  return incomeExportQuerySchema.safeParse({ from, to }).success;
}

/** The columns of the income CSV, in order. */
export const INCOME_CSV_COLUMNS = [
  'date',
  'movement',
  'order',
  'card',
  'other party',
  'gross',
  'fee',
  'net',
  'refunds',
  'document',
] as const;
