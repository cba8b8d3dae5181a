import { boolean, index, integer, pgEnum, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { NOTIFICATION_KINDS } from '@brushline/shared/notifications/constants';
import { notifications } from './notifications.ts';
import { users } from './users.ts';

export const notificationKindEnum = pgEnum('notification_kind', NOTIFICATION_KINDS);

/**
 * A user's choice per kind. No row means the default of NOTIFICATION_CHANNEL_DEFAULTS, so a new
 * kind needs no backfill and defaults can change for everyone who never chose.
 */
export const emailPreferences = pgTable(
  'email_preferences',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: notificationKindEnum('kind').notNull(),
    byEmail: boolean('by_email').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

/**
 * Notifications waiting to be mailed, written in the transaction that stores the notification.
 * A flusher claims a user's rows (claimed_at, a lease that expires if its process dies), sends
 * one mail for all of them and deletes them; a failed send clears the claim and counts an attempt.
 */
export const emailQueue = pgTable(
  'email_queue',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    notificationId: integer('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    kind: notificationKindEnum('kind').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
  },
  // Rows live minutes (sent rows are deleted): one index serves the per-user claim.
  (t) => [index('email_queue_user_created_idx').on(t.userId, t.createdAt)],
);
