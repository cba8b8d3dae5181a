import type { LedgerAccount, MoneyEventKind } from '@brushline/shared/payments/constants';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { commissionForms } from './orders.ts';
import { users } from './users.ts';

/**
 * What happened to each part of an order's price (decision 0020). A part without a row is
 * scheduled or due by its stage; the row says the artist asked (with instructions), the buyer
 * marked it paid (with a reference), and the artist confirmed it. Amounts are not stored here:
 * they come from the order's total and its copy of the plan, and money itself is in the ledger.
 */
export const orderPayments = pgTable(
  'order_payments',
  {
    formId: integer('form_id')
      .notNull()
      .references(() => commissionForms.id, { onDelete: 'cascade' }),
    partIndex: integer('part_index').notNull(),
    instructions: text('instructions'),
    reference: text('reference'),
    requestedAt: timestamp('requested_at', { withTimezone: true }),
    markedAt: timestamp('marked_at', { withTimezone: true }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /** The artist's invoice number of this payment, once confirmed (gapless per artist). */
    invoiceSeq: integer('invoice_seq'),
  },
  (t) => [
    primaryKey({ columns: [t.formId, t.partIndex] }),
    // The money page's "awaiting payment" (money-page.repo.ts): parts not confirmed yet are few
    // beside all the parts ever paid, so it reads them here instead of scanning every payment.
    index('order_payments_unconfirmed_idx')
      .on(t.formId)
      .where(sql`${t.confirmedAt} is null`),
  ],
);

/** An order's money timeline: append-only, one row per thing that happened. */
export const moneyEvents = pgTable(
  'money_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    formId: integer('form_id')
      .notNull()
      .references(() => commissionForms.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<MoneyEventKind>().notNull(),
    partIndex: integer('part_index'),
    amountCents: bigint('amount_cents', { mode: 'number' }),
    note: text('note').notNull().default(''),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('money_events_form_idx').on(t.formId, t.id)],
);

/**
 * The ledger (decision 0020): append-only and double-entry. A transaction is one movement; its
 * entries sum to zero (a deferred trigger checks it at commit), and nothing is ever updated or
 * deleted (triggers refuse it). A correction is a reversing transaction. `idempotencyKey` makes
 * a retried action record once.
 */
export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /**
     * The order. No foreign keys here: the ledger is a financial record that outlives an order or
     * an account (deleting one must not rewrite it, and nothing may update or delete a row).
     */
    formId: integer('form_id').notNull(),
    /** What moved: payment, refundOwed, refund, release. */
    kind: text('kind').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    partIndex: integer('part_index'),
    actorId: uuid('actor_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('ledger_transactions_idempotency_key').on(t.idempotencyKey),
    index('ledger_transactions_form_idx').on(t.formId),
  ],
);

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    transactionId: integer('transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id, { onDelete: 'restrict' }),
    formId: integer('form_id').notNull(),
    /** The order's artist: lets the artist's money page sum their orders without a join. */
    artistId: uuid('artist_id').notNull(),
    account: text('account').$type<LedgerAccount>().notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ledger_entries_form_idx').on(t.formId),
    index('ledger_entries_artist_idx').on(t.artistId, t.account, t.createdAt),
    index('ledger_entries_transaction_idx').on(t.transactionId),
    check('ledger_entries_amount_nonzero', sql`${t.amountCents} <> 0`),
  ],
);

/** A credit note per refund (gapless per artist, in the same sequence as invoices). */
export const creditNotes = pgTable(
  'credit_notes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    formId: integer('form_id')
      .notNull()
      .references(() => commissionForms.id, { onDelete: 'cascade' }),
    artistId: uuid('artist_id').notNull(),
    seq: integer('seq').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('credit_notes_artist_seq').on(t.artistId, t.seq)],
);

/** The artist's next invoice / credit note number (one counter per artist, so numbers have no gaps). */
export const invoiceCounters = pgTable('invoice_counters', {
  artistId: uuid('artist_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  lastSeq: integer('last_seq').notNull().default(0),
});

/** The artist asks for more time; the buyer accepts (the due date moves) or declines. */
export const orderExtensions = pgTable(
  'order_extensions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    formId: integer('form_id')
      .notNull()
      .references(() => commissionForms.id, { onDelete: 'cascade' }),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    reason: text('reason').notNull(),
    status: text('status').$type<'pending' | 'accepted' | 'declined'>().notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
  },
  (t) => [index('order_extensions_form_idx').on(t.formId, t.id)],
);
