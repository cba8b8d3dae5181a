import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { APPLICATION_STATUSES, REQUEST_PRIVACIES, TYPES_OF_WORK } from '@brushline/shared/requests/constants';
import { commissionCards } from './cards.ts';
import { media } from './media.ts';
import { commissionForms } from './orders.ts';
import { users } from './users.ts';

export const typeOfWorkEnum = pgEnum('type_of_work', TYPES_OF_WORK);
export const requestPrivacyEnum = pgEnum('request_privacy', REQUEST_PRIVACIES);
export const applicationStatusEnum = pgEnum('application_status', APPLICATION_STATUSES);

/** SPEC §3 Request: a commissioner's public (or hidden) wish that artists apply to. Prices in cents. */
export const requests = pgTable(
  'requests',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    guid: uuid('guid').notNull().unique().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    typeOfWork: typeOfWorkEnum('type_of_work').notNull(),
    additionalRequirements: text('additional_requirements').notNull().default(''),
    preferences: text('preferences').notNull().default(''),
    priceMinCents: integer('price_min_cents').notNull().default(0),
    priceMaxCents: integer('price_max_cents').notNull().default(0),
    deadlineDays: integer('deadline_days').notNull(),
    privacy: requestPrivacyEnum('privacy').notNull().default('public'),
    /** Hidden by staff (decision 0022): gone from every list and from everyone but its owner and staff. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    /** Why staff hid it: its owner reads it beside it. */
    hiddenReason: text('hidden_reason'),
    /**
     * The tag ids of the request's usages (tag_usages of kind request), kept equal to them by
     * triggers (migration 0021), so the public list filters by tags with one array test per row it
     * reads and reads a page's tags by id, instead of probing tag_usages per request.
     */
    tagIds: integer('tag_ids')
      .array()
      .notNull()
      .default(sql`'{}'::int[]`),
    /**
     * Every tag a search finds the request by: its tags and all their ancestors (the closure of
     * `tag_ids` up the tag graph), kept by triggers on tag_usages and tag_parents (migration 0031),
     * so a tag filter is one id (`tag_tree && '{id}'`) instead of the tag's whole subtree.
     */
    tagTree: integer('tag_tree')
      .array()
      .notNull()
      .default(sql`'{}'::int[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // SPEC §5 as read in docs/decisions/0018-requests.md: a stored minimum is never above the maximum.
    check('requests_price_range', sql`${t.priceMinCents} >= 0 and ${t.priceMinCents} <= ${t.priceMaxCents}`),
    index('requests_owner_idx').on(t.ownerId, t.createdAt),
    index('requests_public_idx')
      .on(sql`${t.createdAt} desc`, sql`${t.id} desc`)
      .where(sql`${t.privacy} = 'public'`),
    index('requests_title_trgm_idx').using('gin', sql`${t.title} gin_trgm_ops`),
    index('requests_description_trgm_idx').using('gin', sql`${t.description} gin_trgm_ops`),
    // A tag filter that few requests match finds them here instead of walking the ordered list.
    index('requests_tag_tree_idx').using('gin', t.tagTree),
  ],
);

/** A request's attachments, in the owner's order. */
export const requestMedia = pgTable(
  'request_media',
  {
    requestId: integer('request_id')
      .notNull()
      .references(() => requests.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    mediaId: uuid('media_id')
      .notNull()
      .references(() => media.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.requestId, t.position] }),
    // GET /api/media asks which requests an attachment is in (requests.media-access.ts).
    index('request_media_media_idx').on(t.mediaId),
  ],
);

/** SPEC §3 Application to a request: one per artist per request. */
export const applications = pgTable(
  'request_applications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    requestId: integer('request_id')
      .notNull()
      .references(() => requests.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The card applied with; null once deleted (cardTitle keeps its name). */
    cardUuid: uuid('card_uuid').references(() => commissionCards.uuid, { onDelete: 'set null' }),
    cardTitle: text('card_title').notNull(),
    comment: text('comment').notNull().default(''),
    offeredPriceCents: integer('offered_price_cents').notNull(),
    status: applicationStatusEnum('status').notNull().default('pending'),
    isRead: boolean('is_read').notNull().default(false),
    /** The order made by approving it (commissionTask is that form's task). */
    formId: integer('form_id').references(() => commissionForms.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
  },
  (t) => [
    unique('request_applications_one_per_artist').on(t.requestId, t.senderId),
    index('request_applications_sender_idx').on(t.senderId, t.createdAt),
  ],
);

export const applicationReferences = pgTable(
  'request_application_references',
  {
    applicationId: integer('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    mediaId: uuid('media_id')
      .notNull()
      .references(() => media.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.applicationId, t.position] }),
    index('request_application_references_media_idx').on(t.mediaId),
  ],
);
