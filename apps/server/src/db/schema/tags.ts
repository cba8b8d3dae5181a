import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { TAG_CHANGE_KINDS, TAG_MATURITIES, TAG_TYPES } from '@brushline/shared/tags/constants';
import type { TagChange } from '@brushline/shared/tags/schemas';
import { users } from './users.ts';

export const tagMaturityEnum = pgEnum('tag_maturity', TAG_MATURITIES);
export const tagTypeEnum = pgEnum('tag_type', TAG_TYPES);
export const tagChangeKindEnum = pgEnum('tag_change_kind', TAG_CHANGE_KINDS);

/**
 * SPEC §3 Tag (docs/decisions/0015-tag-wiki.md). `title` is stored normalised
 * (normalizeTagTitle), unique among tags that are not deleted. A synonym is a tag row whose
 * `canonical_id` names its canonical tag; it has no synonyms, parents, children or usages itself.
 * Deleted tags stay (soft delete) so their history is kept.
 */
export const tags = pgTable(
  'tags',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    maturity: tagMaturityEnum('maturity').notNull().default('SFW'),
    tagType: tagTypeEnum('tag_type').notNull().default('General'),
    canonicalId: integer('canonical_id').references((): AnyPgColumn => tags.id),
    creatorId: uuid('creator_id').references(() => users.id, { onDelete: 'set null' }),
    /** Kept exact with tag_usages inside each tagging's transaction. */
    usageCount: integer('usage_count').notNull().default(0),
    /** Optimistic version; every change to the tag adds one. */
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('tags_title_live_uq')
      .on(t.title)
      .where(sql`${t.deletedAt} is null`),
    // Trigram index: the autocomplete's similar titles (`%`) and the wiki filter (substring).
    index('tags_title_trgm_idx').using('gin', sql`${t.title} gin_trgm_ops`),
    // The autocomplete's prefixes (a byte-wise range, `~>=~` and `~<~`), canonical tags and synonyms
    // apart, read index-only: up to 300 canonical titles in title order, then sorted by usage...
    index('tags_prefix_canonical_idx')
      .on(t.title.op('text_pattern_ops'), t.usageCount, t.id, t.maturity, t.tagType)
      .where(sql`${t.deletedAt} is null and ${t.canonicalId} is null`),
    index('tags_prefix_synonym_idx')
      .on(t.title.op('text_pattern_ops'), t.canonicalId)
      .where(sql`${t.deletedAt} is null and ${t.canonicalId} is not null`),
    // ...or, when more start with it, the most used first until ten match (tags.repo.ts).
    index('tags_canonical_usage_idx')
      .on(sql`${t.usageCount} desc`, t.title, t.id, t.maturity, t.tagType)
      .where(sql`${t.deletedAt} is null and ${t.canonicalId} is null`),
    index('tags_canonical_idx').on(t.canonicalId),
    check('tags_not_own_synonym', sql`${t.canonicalId} is null or ${t.canonicalId} <> ${t.id}`),
    check('tags_usage_not_negative', sql`${t.usageCount} >= 0`),
  ],
);

/**
 * The words of live titles (tags and synonyms, split at `_`, three characters or more) and how many
 * titles use each: each instance loads them into the autocomplete's typo correction
 * (tag-word-index.ts), a few tens of thousands of short words instead of every title. Kept by the
 * `tag_words_sync` trigger on `tags` (migration 0012), so bulk inserts and every write path keep
 * it exact.
 */
export const tagWords = pgTable(
  'tag_words',
  {
    word: text('word').primaryKey(),
    uses: integer('uses').notNull().default(0),
  },
  (t) => [
    // "Does a word start with what is being typed": a byte-wise range scan.
    index('tag_words_prefix_idx').on(t.word.op('text_pattern_ops')),
  ],
);

/** Implications: `child_id` implies `parent_id` (cat → feline). Children are derived from these rows. */
export const tagParents = pgTable(
  'tag_parents',
  {
    childId: integer('child_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.childId, t.parentId] }),
    // (parent, child): a walk down the graph (a tag filter's descendants, hidden tags, the NSFW
    // closure) reads each tag's children from the index alone, without visiting the table.
    index('tag_parents_parent_idx').on(t.parentId, t.childId),
    check('tag_parents_not_self', sql`${t.childId} <> ${t.parentId}`),
  ],
);

/**
 * Every tag a reader who does not display NSFW never sees: each live canonical NSFW tag and all its
 * descendants (decision 0017). Kept exact by statement triggers on `tags` and
 * `tag_parents` (migration 0013), in the transaction of every write to the vocabulary, bulk
 * inserts included, so the lists ask it in SQL instead of walking the graph per request.
 */
export const nsfwTags = pgTable('nsfw_tags', {
  tagId: integer('tag_id')
    .primaryKey()
    .references(() => tags.id, { onDelete: 'cascade' }),
});

/**
 * What carries a tag: one row per (kind of thing, its id, canonical tag). Galleries, display cards
 * and requests add their kind; usage counts move with these rows in the same transaction.
 */
export const tagUsages = pgTable(
  'tag_usages',
  {
    subjectKind: text('subject_kind').notNull(),
    subjectId: text('subject_id').notNull(),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.subjectKind, t.subjectId, t.tagId] }),
    index('tag_usages_tag_idx').on(t.tagId, t.subjectKind),
  ],
);

/** Every change to a tag: who, when, which fields, before → after. Contributers come from it. */
export const tagHistory = pgTable(
  'tag_history',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    kind: tagChangeKindEnum('kind').notNull(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    changes: jsonb('changes').$type<TagChange[]>().notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('tag_history_tag_idx').on(t.tagId, sql`${t.id} desc`)],
);
