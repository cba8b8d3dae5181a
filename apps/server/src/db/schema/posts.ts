import { sql } from 'drizzle-orm';
import { index, integer, pgEnum, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { AI_LABELS } from '@brushline/shared/ai/constants';
import { MATURITIES } from '@brushline/shared/posts/constants';
import { media } from './media.ts';
import { users } from './users.ts';

export const maturityEnum = pgEnum('maturity', MATURITIES);
/** Decision 0025: made by a generator, or with one's help; null: made by hand. */
export const aiLabelEnum = pgEnum('ai_label', AI_LABELS);

/** Ids grow with time, so the feed is ordered and paged by id alone (keyset cursor). */
export const posts = pgTable(
  'posts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull().default(''),
    maturity: maturityEnum('maturity').notNull(),
    aiLabel: aiLabelEnum('ai_label'),
    /** Kept in step with post_likes inside the like transaction; the feed never counts rows. */
    totalLikes: integer('total_likes').notNull().default(0),
    /** Hidden by staff (decision 0022): gone from every list and from everyone but its owner and staff. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    /** Why staff hid it: its owner reads it beside the post. */
    hiddenReason: text('hidden_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('posts_maturity_id_idx').on(t.maturity, sql`${t.id} desc`),
    index('posts_owner_id_idx').on(t.ownerId, sql`${t.id} desc`),
  ],
);

export const postMedia = pgTable(
  'post_media',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    mediaId: uuid('media_id')
      .notNull()
      .references(() => media.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.postId, t.position] })],
);

export const postLikes = pgTable(
  'post_likes',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId] }), index('post_likes_user_idx').on(t.userId)],
);
