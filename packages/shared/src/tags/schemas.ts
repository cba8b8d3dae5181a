import { z } from 'zod';
import { personSchema } from '../users/schemas.ts';
import { proseText, text } from '../text.ts';
import { rowIdSchema } from '../paging.ts';
import {
  TAG_CHANGE_KINDS,
  TAG_DESCRIPTION_MAX,
  TAG_HISTORY_FIELDS,
  TAG_MATURITIES,
  TAG_PARENTS_MAX,
  TAG_QUERY_MAX,
  TAG_SYNONYMS_MAX,
  TAG_TITLE_MAX,
  TAG_TYPES,
} from './constants.ts';
import { tagMessages } from './messages.ts';
import { normalizeTagTitle, TAG_TITLE_PATTERN } from './normalize.ts';

export const tagMaturitySchema = z.enum(TAG_MATURITIES);
export const tagTypeSchema = z.enum(TAG_TYPES);

/**
 * A tag title as sent: normalised (normalizeTagTitle), then checked for length and characters.
 * The parsed value is the normal form, which is what is stored and compared.
 */
export const tagTitleSchema = text({ error: tagMessages.titleRequired })
  .transform(normalizeTagTitle)
  .pipe(
    z
      .string()
      .min(1, { error: tagMessages.titleRequired })
      .max(TAG_TITLE_MAX, { error: tagMessages.titleTooLong })
      .regex(TAG_TITLE_PATTERN, { error: tagMessages.titleCharacters }),
  );

const tagBodyShape = z.object({
  title: tagTitleSchema,
  /** The wiki text (plain text, line breaks kept). */
  description: proseText(tagMessages.descriptionCharacters)
    .max(TAG_DESCRIPTION_MAX, { error: tagMessages.descriptionTooLong })
    .default(''),
  maturity: tagMaturitySchema.default('SFW'),
  tagType: tagTypeSchema.default('General'),
  /** Titles of this tag's synonyms: new titles are created as synonyms, existing tags are attached. */
  synonyms: z.array(tagTitleSchema).max(TAG_SYNONYMS_MAX, { error: tagMessages.tooManySynonyms }).default([]),
  /** Titles of existing tags this one implies (a synonym's title means its canonical tag). */
  parentTags: z.array(tagTitleSchema).max(TAG_PARENTS_MAX, { error: tagMessages.tooManyParents }).default([]),
});

/** POST tag/create. */
export const tagCreateBodySchema = tagBodyShape;
export type TagCreateBody = z.infer<typeof tagCreateBodySchema>;
export type TagCreateBodyInput = z.input<typeof tagCreateBodySchema>;

/** PUT tag/update/{id}: the whole tag again, with the version the edit started from. */
export const tagUpdateBodySchema = tagBodyShape.extend({
  version: z
    .number({ error: tagMessages.versionRequired })
    .int({ error: tagMessages.versionRequired })
    .min(1, { error: tagMessages.versionRequired })
    .describe(
      "The tag's current version, from GET tag/get/byIdFull/{id}: a stale one is refused as a conflict, so two editors never overwrite each other unseen",
    ),
});
export type TagUpdateBody = z.infer<typeof tagUpdateBodySchema>;
export type TagUpdateBodyInput = z.input<typeof tagUpdateBodySchema>;

/** POST tag/merge/{id} (staff): the tag becomes a synonym of `into`, its usages move there. */
export const tagMergeBodySchema = z.object({ into: tagTitleSchema });
export type TagMergeBody = z.infer<typeof tagMergeBodySchema>;

export const tagIdParamsSchema = z.object({ id: rowIdSchema('Must be a tag id') });
/** A title in a path is looked up after the same normalisation; junk simply finds nothing. */
export const tagTitleParamsSchema = z.object({ title: text().max(TAG_TITLE_MAX * 4) });
export const tagPageParamsSchema = z.object({ page: rowIdSchema('Page must be a whole number from 1') });
export const tagQuerySchema = text().max(TAG_QUERY_MAX, { error: tagMessages.queryTooLong });
export const tagFilterQuerySchema = z.object({ filter: tagQuerySchema.default('') });
export const tagSuggestQuerySchema = z.object({ q: tagQuerySchema.default('') });

/** A tag named inside another tag's answer. */
export const tagRefSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  tagType: tagTypeSchema,
  maturity: tagMaturitySchema,
});
export type TagRef = z.infer<typeof tagRefSchema>;

/** SPEC §3 Tag as the wiki table and lookups show it. */
export const tagSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  maturity: tagMaturitySchema,
  tagType: tagTypeSchema,
  createdAt: z.iso.datetime(),
  /** Has no parents. */
  isRoot: z.boolean(),
  /** How many things carry this tag (kept exact with each tagging). */
  usageCount: z.number().int(),
  /** Optimistic version: send it back with an update; it grows with every change. */
  version: z.number().int(),
  synonyms: z.array(tagRefSchema),
  /** The canonical tag when this tag is a synonym (lookups answer the canonical tag instead). */
  synonymOf: tagRefSchema.nullable(),
});
export type Tag = z.infer<typeof tagSchema>;

const historyValueSchema = z.union([z.string(), z.array(z.string()), z.null()]);
export const tagChangeSchema = z.object({
  field: z.enum(TAG_HISTORY_FIELDS),
  before: historyValueSchema,
  after: historyValueSchema,
});
export type TagChange = z.infer<typeof tagChangeSchema>;

export const tagHistoryEntrySchema = z.object({
  id: z.number().int(),
  /** The version of the tag this change produced. */
  version: z.number().int(),
  kind: z.enum(TAG_CHANGE_KINDS),
  at: z.iso.datetime(),
  actor: personSchema.nullable(),
  changes: z.array(tagChangeSchema),
});
export type TagHistoryEntry = z.infer<typeof tagHistoryEntrySchema>;

/** GET tag/get/byIdFull/{id}: the tag with its graph, people and history (newest first). */
export const tagFullSchema = tagSchema.extend({
  parentTags: z.array(tagRefSchema),
  childTags: z.array(tagRefSchema),
  creator: personSchema.nullable(),
  contributers: z.array(personSchema),
  history: z.array(tagHistoryEntrySchema),
});
export type TagFull = z.infer<typeof tagFullSchema>;

export const tagPageSchema = z.object({
  items: z.array(tagSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Tags matching the filter, so the table can page to the end. */
  total: z.number().int(),
});
export type TagPage = z.infer<typeof tagPageSchema>;

/** One autocomplete suggestion; picking it means the canonical tag (`title`). */
export const tagSuggestionSchema = tagRefSchema.extend({
  usageCount: z.number().int(),
  /** The synonym that matched, when the match was a synonym. */
  alias: z.string().nullable(),
  /** "alias → canonical" for a synonym, else the title. */
  label: z.string(),
});
export type TagSuggestion = z.infer<typeof tagSuggestionSchema>;
export const tagSuggestionsSchema = z.object({ items: z.array(tagSuggestionSchema) });

export const tagSavedResponseSchema = z.object({ tag: tagFullSchema, message: z.string() });
export type TagSavedResponse = z.infer<typeof tagSavedResponseSchema>;
export const tagMessageResponseSchema = z.object({ message: z.string() });

/** The body of a 409 on a stale update also names the current version. */
export const TAG_CONFLICT_CODE = 'tag_version_conflict';
/** A merge into the tag it is already a synonym of (a second staff member, or a resend): 409. */
export const TAG_ALREADY_MERGED_CODE = 'already_merged';
