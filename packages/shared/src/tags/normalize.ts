import { TAG_TITLE_MAX, TAG_TITLE_MIN } from './constants.ts';

/**
 * The one normalisation of tag titles (docs/decisions/0015-tag-wiki.md): Unicode NFKC, lower case,
 * surrounding spaces dropped, and every run of inner spaces or underscores made one "_". "Reference
 * Sheet", " reference_sheet " and "REFERENCE   sheet" are all `reference_sheet`. Titles are stored
 * in this form, so "unique after normalisation" is a plain unique index, and every lookup, search
 * and picker normalises what it was given the same way.
 */
export function normalizeTagTitle(raw: string): string {
  return raw
    .normalize('NFKC')
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/gu, '_');
}

/**
 * Characters a normalised title may hold: letters and marks of any script, digits, and
 * `_ - ' . ( ) ! ? + & :`. It starts with a letter or a digit. "/", "%", "#", "," and spaces never
 * appear (a title is a path segment of `tag/get/{title}` and a word in a search box).
 */
export const TAG_TITLE_PATTERN = new RegExp(
  `^[\\p{L}\\p{N}][\\p{L}\\p{M}\\p{N}_\\-'.()!?+&:]{${TAG_TITLE_MIN - 1},${TAG_TITLE_MAX - 1}}$`,
  'u',
);

export const isValidTagTitle = (normalized: string): boolean => TAG_TITLE_PATTERN.test(normalized);

/** A title as people read it: underscores shown as spaces ("reference sheet"). */
export const displayTagTitle = (title: string): string => title.replaceAll('_', ' ');
