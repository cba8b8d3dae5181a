import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
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
 * Stripe Connect (docs/decisions/0031-stripe-connect.md). Money itself stays in the ledger
 * (decision 0020); these tables hold what Stripe said and the ids of its objects, so each request
 * can be tied to the ledger transaction it carries out.
 */

/** An artist's Express connected account, as Brushline last heard of it (account.updated, refresh). */
export const stripeAccounts = pgTable(
  'stripe_accounts',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    accountId: text('account_id').notNull(),
    chargesEnabled: boolean('charges_enabled').notNull().default(false),
    payoutsEnabled: boolean('payouts_enabled').notNull().default(false),
    detailsSubmitted: boolean('details_submitted').notNull().default(false),
    /** requirements.currently_due: what Stripe still needs. */
    currentlyDue: jsonb('currently_due').$type<string[]>().notNull().default([]),
    /** The Stripe time (event.created, seconds) of what was stored last: an older event changes nothing. */
    stripeSeenAt: bigint('stripe_seen_at', { mode: 'number' }).notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('stripe_accounts_account_id').on(t.accountId)],
);

/** Each webhook event, stored once by its id before it is handled on the job queue. */
export const stripeWebhookEvents = pgTable('stripe_webhook_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  processedAt: timestamp('processed_at', { withTimezone: true }),
  payload: jsonb('payload').notNull(),
});

/**
 * One part of an order's price at Stripe: its checkout session (and how many were opened), the
 * payment intent and charge once paid, the transfer once released, the reversal and refund once
 * given back, and when Stripe's hold limit makes Brushline act (act_by).
 */
export const stripePartPayments = pgTable(
  'stripe_part_payments',
  {
    formId: integer('form_id')
      .notNull()
      .references(() => commissionForms.id, { onDelete: 'cascade' }),
    partIndex: integer('part_index').notNull(),
    checkoutAttempt: integer('checkout_attempt').notNull().default(0),
    checkoutSessionId: text('checkout_session_id'),
    checkoutUrl: text('checkout_url'),
    checkoutExpiresAt: timestamp('checkout_expires_at', { withTimezone: true }),
    paymentIntentId: text('payment_intent_id'),
    chargeId: text('charge_id'),
    /** What Stripe charged, in cents (equal to the part's amount, or the payment waits for staff). */
    amountCents: bigint('amount_cents', { mode: 'number' }),
    heldAt: timestamp('held_at', { withTimezone: true }),
    actBy: timestamp('act_by', { withTimezone: true }),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    transferId: text('transfer_id'),
    refundOwedAt: timestamp('refund_owed_at', { withTimezone: true }),
    reversalId: text('reversal_id'),
    refundId: text('refund_id'),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    /** A webhook whose amount disagreed with the part: nothing posted, staff look (note says what). */
    mismatchNote: text('mismatch_note'),
  },
  (t) => [
    primaryKey({ columns: [t.formId, t.partIndex] }),
    index('stripe_part_payments_session_idx').on(t.checkoutSessionId),
    index('stripe_part_payments_charge_idx').on(t.chargeId),
  ],
);

/** A chargeback on one of an order's charges (charge.dispute.created / closed). */
export const stripeDisputes = pgTable(
  'stripe_disputes',
  {
    id: text('id').primaryKey(),
    formId: integer('form_id')
      .notNull()
      .references(() => commissionForms.id, { onDelete: 'cascade' }),
    chargeId: text('charge_id').notNull(),
    status: text('status').notNull(),
    reason: text('reason').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    stripeSeenAt: bigint('stripe_seen_at', { mode: 'number' }).notNull().default(0),
  },
  (t) => [index('stripe_disputes_form_idx').on(t.formId)],
);
