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
import { FORM_TYPES, TASK_STATUSES } from '@brushline/shared/orders/constants';
import { commissionCards } from './cards.ts';
import { media } from './media.ts';
import { users } from './users.ts';

export const taskStatusEnum = pgEnum('task_status', TASK_STATUSES);
export const formTypeEnum = pgEnum('form_type', FORM_TYPES);

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
  (t) => [primaryKey({ columns: [t.formId, t.position] })],
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('commission_tasks_status_idx').on(t.status)],
);
