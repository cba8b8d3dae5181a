/**
 * Tag wiki limits and enums (SPEC §3, §5, §9; decision 0015). The schemas, the forms, the database and
 * the messages that state a limit all read these. Choices are explained in
 * docs/decisions/0015-tag-wiki.md.
 */
export const TAG_MATURITIES = ['SFW', 'NSFW'] as const;
export type TagMaturity = (typeof TAG_MATURITIES)[number];

export const TAG_TYPES = ['General', 'Artist', 'Species', 'Meta', 'Copyright', 'Character'] as const;
export type TagType = (typeof TAG_TYPES)[number];

/** Length of a title after normalisation (normalizeTagTitle). */
export const TAG_TITLE_MIN = 1;
export const TAG_TITLE_MAX = 64;
/** The wiki text of a tag. */
export const TAG_DESCRIPTION_MAX = 5000;
/** Synonyms (aliases) one tag may have. */
export const TAG_SYNONYMS_MAX = 20;
/** Direct parents (implications) one tag may have. */
export const TAG_PARENTS_MAX = 10;

/** Rows of one page of the wiki table (`GET tags/take/{page}`). */
export const TAG_PAGE_SIZE = 25;
/** At most this many suggestions from the autocomplete call. */
export const TAG_SUGGESTIONS_MAX = 10;
/** The longest text the search box and the autocomplete accept (a title is shorter). */
export const TAG_QUERY_MAX = 64;
/** History entries shown with one tag (`GET tag/get/byIdFull/{id}`), newest first. */
export const TAG_HISTORY_SHOWN = 100;

/** SPEC §9 debounce times. */
export const TAG_WIKI_SEARCH_DEBOUNCE_MS = 400;
export const TAG_PICKER_DEBOUNCE_MS = 500;

/** Fields of a tag that its history records (before → after). */
export const TAG_HISTORY_FIELDS = [
  'title',
  'description',
  'maturity',
  'tagType',
  'synonyms',
  'parentTags',
  'synonymOf',
  'deleted',
] as const;
export type TagHistoryField = (typeof TAG_HISTORY_FIELDS)[number];

/** What happened in one history entry. */
export const TAG_CHANGE_KINDS = ['create', 'update', 'merge', 'delete'] as const;
export type TagChangeKind = (typeof TAG_CHANGE_KINDS)[number];

/** Tag writes (create, update, merge, delete) per user: a wiki edit spree, not a script. */
export const TAG_WRITE_LIMIT = { points: 60, seconds: 10 * 60 } as const satisfies {
  points: number;
  seconds: number;
};

/** A changed description in a tag's history shows its first 120 characters. */
export const TAG_HISTORY_VALUE_CUT = 120;
