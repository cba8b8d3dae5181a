import type { PaymentPlan } from '@brushline/shared/payments/plan';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { FORM_TYPES, ORDER_UPDATE_KINDS, TASK_STATUSES } from '@brushline/shared/orders/constants';
import { PAYMENT_PROVIDERS } from '@brushline/shared/payments/constants';
import { commissionCards } from './cards.ts';
import { media } from './media.ts';
import { users } from './users.ts';

export const taskStatusEnum = pgEnum('task_status', TASK_STATUSES);
export const formTypeEnum = pgEnum('form_type', FORM_TYPES);
export const paymentProviderEnum = pgEnum('payment_provider', PAYMENT_PROVIDERS);

/** What the buyer chose, copied from the card when sent (the card may change later). */
export interface StoredChosenSection {
  key: string;
  title: string;
  options: { key: string; option: string; priceCents: number }[];
}

/** SPEC §3 Sent commission form. */
export const commissionForms = pgTable(
  'commission_forms',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    cardUuid: uuid('card_uuid').references(() => commissionCards.uuid, { onDelete: 'set null' }),
    cardTitle: text('card_title').notNull(),
    artistId: uuid('artist_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    description: text('description').notNull().default(''),
    /** The artist's terms as they were on the card when this form was sent (never updated). */
    terms: text('terms').notNull().default(''),
    totalPriceCents: integer('total_price_cents').notNull(),
    chosen: jsonb('chosen').$type<StoredChosenSection[]>().notNull().default([]),
    type: formTypeEnum('type').notNull().default('normal'),
    isRead: boolean('is_read').notNull().default(false),
    /** The card's "revisions included" when sent: a later card edit does not change the order. */
    revisionsIncluded: integer('revisions_included'),
    /** Sent while the artist had no open slot (decision 0014): Incoming marks it "waitlist". */
    waitlist: boolean('waitlist').notNull().default(false),
    /** The buyer chose to show their name and chosen options in the artist's public queue. */
    showInQueue: boolean('show_in_queue').notNull().default(false),
    /**
     * When the work is due: for an order made from a public request, the approval plus the
     * request's deadline in days (SPEC §3 Request.deadline), set when the order is made; null for
     * an order from a card (cards have no deadline).
     */
    dueAt: timestamp('due_at', { withTimezone: true }),
    /**
     * The card's payment plan when the form was sent (decision 0020; never updated); null for an
     * order placed before payments were tracked, which has no money side.
     */
    paymentPlan: jsonb('payment_plan').$type<PaymentPlan>(),
    /** The card's delivery time in days when sent: acceptance sets dueAt this many days later. */
    deliveryDays: integer('delivery_days'),
    /**
     * Who moves this order's money (decision 0031, "One provider per order"): fixed by its first
     * payment step (a checkout opened, a part marked paid or confirmed) and kept when the site
     * changes PAYMENT_PROVIDER; null until then, when the site's provider applies.
     */
    paymentProvider: paymentProviderEnum('payment_provider'),
    /** The artist chose to start this order before the up-front payment is confirmed. */
    startBeforePayment: boolean('start_before_payment').notNull().default(false),
    /** The latest delivery (the order became finished): an unanswered one is approved automatically. */
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('commission_forms_artist_idx').on(t.artistId, t.createdAt),
    index('commission_forms_sender_idx').on(t.senderId, t.createdAt),
  ],
);

export const formReferences = pgTable(
  'form_references',
  {
    formId: integer('form_id')
      .notNull()
      .references(() => commissionForms.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    mediaId: uuid('media_id')
      .notNull()
      .references(() => media.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.formId, t.position] }),
    // GET /api/media asks which orders a reference is in (orders.media-access.ts).
    index('form_references_media_idx').on(t.mediaId),
  ],
);

/** SPEC §3 Commission task: one per sent form; its status follows the machine in packages/shared. */
export const commissionTasks = pgTable(
  'commission_tasks',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    formId: integer('form_id')
      .notNull()
      .unique()
      .references(() => commissionForms.id, { onDelete: 'cascade' }),
    status: taskStatusEnum('status').notNull().default('none'),
    type: formTypeEnum('type').notNull().default('normal'),
    /** The commissioner's comment when sending a finished task back. */
    comment: text('comment'),
    /** Send-backs so far ("revision N"). */
    revisionsUsed: integer('revisions_used').notNull().default(0),
    /** The artist's optional reason when declining; the commissioner sees it. */
    declineReason: text('decline_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** The artist accepted or declined it (reliability: the time to answer a new order; decision 0023). */
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    /** It reached done (approved or approved automatically): reviews are open 30 days from here. */
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (t) => [index('commission_tasks_status_idx').on(t.status)],
);

export const orderUpdateKindEnum = pgEnum('order_update_kind', ORDER_UPDATE_KINDS);

/** An order's history besides its status: work in progress, deliveries and send-backs. */
export const orderUpdates = pgTable(
  'order_updates',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    formId: integer('form_id')
      .notNull()
      .references(() => commissionForms.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: orderUpdateKindEnum('kind').notNull(),
    message: text('message').notNull().default(''),
    /** Send-backs before a delivery or WIP; the revision a send-back starts. */
    revision: integer('revision').notNull().default(0),
    /** When the commissioner said this work in progress looks good (set once; WIP only). */
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_updates_form_idx').on(t.formId, t.id)],
);

/** The commissioner's comments on a work in progress (each also posted in the pair's working chat). */
export const orderUpdateComments = pgTable(
  'order_update_comments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    updateId: integer('update_id')
      .notNull()
      .references(() => orderUpdates.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_update_comments_update_idx').on(t.updateId, t.id)],
);

/** The files of a delivery or WIP, in the artist's order. Media of purpose delivery only. */
export const orderUpdateFiles = pgTable(
  'order_update_files',
  {
    updateId: integer('update_id')
      .notNull()
      .references(() => orderUpdates.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    mediaId: uuid('media_id')
      .notNull()
      .references(() => media.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.updateId, t.position] }),
    index('order_update_files_media_idx').on(t.mediaId),
  ],
);
