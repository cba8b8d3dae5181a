import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { NOTIFICATION_TYPES } from '@brushline/shared/notifications/constants';
import { chatRooms } from './chat.ts';
import { commissionForms } from './orders.ts';
import { posts } from './posts.ts';
import { users } from './users.ts';

export const notificationTypeEnum = pgEnum('notification_type', NOTIFICATION_TYPES);

/** SPEC §3 Notification. changedPost and sentCard point at what the notification is about. */
export const notifications = pgTable(
  'notifications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: notificationTypeEnum('type').notNull(),
    message: text('message').notNull(),
    isRead: boolean('is_read').notNull().default(false),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    postId: integer('post_id').references(() => posts.id, { onDelete: 'cascade' }),
    formId: integer('form_id').references(() => commissionForms.id, { onDelete: 'cascade' }),
    /** A chat_message notification's room: one unread one per room, read when the room is read. */
    chatRoomId: integer('chat_room_id').references(() => chatRooms.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notifications_user_id_idx').on(t.userId, sql`${t.id} desc`),
    index('notifications_unread_idx')
      .on(t.userId)
      .where(sql`${t.isRead} = false`),
    // One unread chat notification per room and user: a burst of messages is one line in one mail.
    uniqueIndex('notifications_chat_unread_uq')
      .on(t.userId, t.chatRoomId)
      .where(sql`${t.isRead} = false and ${t.chatRoomId} is not null`),
  ],
);
