import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { HIDDEN_TAG_MODES, PRIVACIES } from '@brushline/shared/gallery/constants';
import { media } from './media.ts';
import { aiLabelEnum } from './posts.ts';
import { tags } from './tags.ts';
import { users } from './users.ts';

/** Declared strictest last: greatest(a, b) of two privacies is the stricter (docs/decisions/0017). */
export const privacyEnum = pgEnum('gallery_privacy', PRIVACIES);
export const hiddenTagModeEnum = pgEnum('hidden_tag_mode', HIDDEN_TAG_MODES);

/**
 * SPEC §3 Folder. `path` is the ids from the top folder down to this one (kept by the service on
 * every move): it gives the depth, refuses cycles, and lets a Hidden folder's allowedUserList open
 * its subfolders. `effective_privacy` is the strictest privacy on the path, kept with every change.
 */
export const folders = pgTable(
  'folders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    parentId: uuid('parent_id').references((): AnyPgColumn => folders.id, { onDelete: 'cascade' }),
    path: uuid('path')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    name: text('name').notNull(),
    privacy: privacyEnum('privacy').notNull().default('Public'),
    effectivePrivacy: privacyEnum('effective_privacy').notNull().default('Public'),
    customIcon: text('custom_icon').notNull().default(''),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('folders_owner_idx').on(t.ownerId, t.parentId, t.position)],
);

/** allowedUserList: who may open a Hidden folder (and the folders inside it). */
export const folderAllowedUsers = pgTable(
  'folder_allowed_users',
  {
    folderId: uuid('folder_id')
      .notNull()
      .references(() => folders.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.folderId, t.userId] }), index('folder_allowed_user_idx').on(t.userId)],
);

/**
 * An image placed in a gallery: one media row (purpose gallery), its privacy, its folder (or
 * none) and its place in it. `effective_privacy` = greatest(privacy, the folder's effective
 * privacy), kept by the service; the main gallery reads only Public rows through a partial index.
 */
export const galleryImages = pgTable(
  'gallery_images',
  {
    id: uuid('id')
      .primaryKey()
      .references(() => media.id, { onDelete: 'cascade' }),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    folderId: uuid('folder_id').references(() => folders.id, { onDelete: 'set null' }),
    title: text('title').notNull().default(''),
    privacy: privacyEnum('privacy').notNull().default('Public'),
    effectivePrivacy: privacyEnum('effective_privacy').notNull().default('Public'),
    position: integer('position').notNull().default(0),
    aiLabel: aiLabelEnum('ai_label'),
    /** Hidden by staff (decision 0022): gone from every list and from everyone but its owner and staff. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    /** Why staff hid it: its owner reads it beside it. */
    hiddenReason: text('hidden_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('gallery_images_owner_idx').on(t.ownerId, t.folderId, t.position),
    index('gallery_images_public_idx')
      .on(sql`${t.createdAt} desc`, sql`${t.id} desc`)
      .where(sql`${t.effectivePrivacy} = 'Public'`),
  ],
);

/**
 * SPEC §3 Display card: one per artist. `is_shown` is SPEC §4's rule (≥ 1 tag, exactly 3 media
 * that are not Hidden, ≥ 1 open commission card), stored and recomputed by every change that can
 * move it; `activity_at` orders the artists list (newest activity first).
 */
export const displayCards = pgTable(
  'display_cards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mediaIds: uuid('media_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    isShown: boolean('is_shown').notNull().default(false),
    /**
     * The card or one of its display images carries an NSFW tag or a descendant of one (the
     * `nsfw_tags` closure). Kept exact by triggers (migration 0015) in the transaction of every
     * write to tag_usages, nsfw_tags and the card's media_ids, so /artists asks one column instead
     * of probing each display image's tags (decision 0017).
     */
    carriesNsfw: boolean('carries_nsfw').notNull().default(false),
    /**
     * The tag ids of the card's usages (tag_usages of kind displayCard), kept equal to them by
     * triggers (migration 0016), so the artists list filters by tags with one array test per card.
     */
    tagIds: integer('tag_ids')
      .array()
      .notNull()
      .default(sql`'{}'::int[]`),
    activityAt: timestamp('activity_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The owner's shown reviews as an artist: how many and their stars summed (decision 0023).
     * Kept exact by triggers on reviews (migration 0025), which add or take away in the same
     * transaction as the review's insert, hiding or deletion, so concurrent reviews never lose one.
     */
    reviewCount: integer('review_count').notNull().default(0),
    reviewStars: integer('review_stars').notNull().default(0),
    /** /artists?sort=rating's key: the average, 0 before the first review (so unrated cards sort last). */
    ratingSort: numeric('rating_sort').generatedAlwaysAs(
      sql`case when review_count > 0 then round(review_stars::numeric / review_count, 4) else 0 end`,
    ),
  },
  (t) => [
    uniqueIndex('display_cards_owner_uq').on(t.ownerId),
    index('display_cards_rating_idx')
      .on(sql`${t.ratingSort} desc`, sql`${t.reviewCount} desc`, sql`${t.id} desc`)
      .where(sql`${t.isShown}`),
    index('display_cards_shown_idx')
      .on(sql`${t.activityAt} desc`, sql`${t.id} desc`)
      .where(sql`${t.isShown}`),
    // The cards that show an image (the carries_nsfw triggers, when an image's tags change).
    index('display_cards_media_idx').using('gin', t.mediaIds),
  ],
);

/** Tags a reader hides (left out) or blurs, with their descendants (decision 0017). */
export const hiddenTags = pgTable(
  'hidden_tags',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
    mode: hiddenTagModeEnum('mode').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.tagId] })],
);
