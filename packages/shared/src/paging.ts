import { z } from 'zod';

/** Postgres integer ids: anything larger can never exist, so it is refused as bad input. */
export const PG_INT_MAX = 2_147_483_647;

/**
 * A positive whole number written the one canonical way: digits only, no sign, no leading zero,
 * no spaces, no exponent or hex (`0x10`, ` 1`, `1e3`, `01`, `1.0`, `-1` are refused). Number()
 * would accept all of those, giving one row several spellings and letting junk through.
 */
const CANONICAL_POSITIVE_INT = /^[1-9][0-9]*$/;

function positiveIntParam(error: string, max: number) {
  return z
    .string({ error })
    .max(String(max).length, { error })
    .regex(CANONICAL_POSITIVE_INT, { error })
    .transform(Number)
    .pipe(z.number().max(max, { error }));
}

/**
 * The one id rule of every path or query value naming a row by number (`error` names the kind,
 * e.g. "Must be a post id"); the value arrives as text and leaves as a number.
 */
export function rowIdSchema(error: string) {
  return positiveIntParam(error, PG_INT_MAX);
}

/** Deeper than any list is long; a larger page number is a typo or a probe. */
export const PAGE_NUMBER_MAX = 100_000;

const pageError = 'Page must be a whole number from 1';

/** `?page=` of a list (from 1; an empty page ends the list, SPEC §9). */
export const pageNumberSchema = positiveIntParam(pageError, PAGE_NUMBER_MAX);

/**
 * `page` and `cursor` (the `nextCursor` of the previous answer, an id of the listed rows) of a
 * paged list query; spread into its `z.object` and refine it with `onlyPageOrCursor`.
 */
export function pagingQueryShape(idError: string) {
  return { page: pageNumberSchema.optional(), cursor: rowIdSchema(idError).optional() };
}

/** Both at once would be ambiguous: which one decides where the page starts? */
export const onlyPageOrCursor: [
  check: (q: { page?: number; cursor?: number }) => boolean,
  params: { error: string; path: string[] },
] = [
  (q) => q.page === undefined || q.cursor === undefined,
  { error: 'Use either page or cursor, not both', path: ['cursor'] },
];

/** One page of a list; `nextCursor` is the `?cursor=` of the next page, null at the end. */
export function cursorPageSchema<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), nextCursor: z.number().int().nullable() });
}
