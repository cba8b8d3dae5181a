import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { CHAT_ROOM_TYPES } from '@brushline/shared/chat/constants';
import { media } from './media.ts';
import { users } from './users.ts';

export const chatRoomTypeEnum = pgEnum('chat_room_type', CHAT_ROOM_TYPES);

/**
 * SPEC §3 Chat room: one-to-one. The pair is stored ordered (user_low < user_high), so the unique
 * index on (type, pair) makes "one room per pair and kind" hold even when both open it at once.
 * last_message_id is kept in the send transaction, so the room list sorts without scanning messages.
 */
export const chatRooms = pgTable(
  'chat_rooms',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    type: chatRoomTypeEnum('type').notNull(),
    userLow: uuid('user_low')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userHigh: uuid('user_high')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastMessageId: integer('last_message_id'),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('chat_rooms_pair_uq').on(t.type, t.userLow, t.userHigh),
    check('chat_rooms_pair_ordered', sql`${t.userLow} < ${t.userHigh}`),
  ],
);

/** A member of a room with their read pointer: the newest message id they have seen (0: none). */
export const chatMembers = pgTable(
  'chat_members',
  {
    roomId: integer('room_id')
      .notNull()
      .references(() => chatRooms.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readId: integer('read_id').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.roomId, t.userId] }), index('chat_members_user_idx').on(t.userId)],
);

/**
 * SPEC §3 Message. client_id is made by the sender's client; the unique (sender, client_id)
 * index makes a resent message (a retry, a reconnect) store once.
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    roomId: integer('room_id')
      .notNull()
      .references(() => chatRooms.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientId: uuid('client_id').notNull(),
    text: text('text').notNull().default(''),
    /** Hidden by staff (decision 0022): gone from every list and from everyone but its owner and staff. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    /** Why staff hid it: its owner reads it beside it. */
    hiddenReason: text('hidden_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('chat_messages_client_uq').on(t.senderId, t.clientId),
    index('chat_messages_room_idx').on(t.roomId, sql`${t.id} desc`),
  ],
);

export const chatMessageMedia = pgTable(
  'chat_message_media',
  {
    messageId: integer('message_id')
      .notNull()
      .references(() => chatMessages.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    mediaId: uuid('media_id')
      .notNull()
      .references(() => media.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.messageId, t.position] }),
    index('chat_message_media_media_idx').on(t.mediaId),
  ],
);

/** One user blocked another: neither can open a chat with the other or write in one while it lasts. */
export const chatBlocks = pgTable(
  'chat_blocks',
  {
    blockerId: uuid('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: uuid('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    index('chat_blocks_blocked_idx').on(t.blockedId),
  ],
);
