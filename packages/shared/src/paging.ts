import { z } from 'zod';

/** Postgres integer ids: anything larger can never exist, so it is refused as bad input. */
export const PG_INT_MAX = 2_147_483_647;

/**
 * Decimal digits without sign, spaces or leading zeros: `Number()` also reads " 1", "0x10" and
 * "1e3", and each of those would name a row the client never meant.
 */
const ROW_ID_PATTERN = /^[1-9][0-9]*$/;

/** A row id in a path or a query string (`error` names the kind, e.g. "Must be a post id"). */
export function rowIdSchema(error: string) {
  return z
    .string({ error })
    .regex(ROW_ID_PATTERN, { error })
    .transform(Number)
    .pipe(z.number().max(PG_INT_MAX, { error }));
}

/** Deeper than any list is long; a larger page number is a typo or a probe. */
export const PAGE_NUMBER_MAX = 100_000;

const pageError = 'Page must be a whole number from 1';

/** `?page=` of a list (from 1; an empty page ends the list, SPEC §9). */
export const pageNumberSchema = z.coerce
  .number({ error: pageError })
  .int({ error: pageError })
  .min(1, { error: pageError })
  .max(PAGE_NUMBER_MAX, { error: pageError });

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
