import { and, type SQL } from 'drizzle-orm';

/**
 * A repository finder's condition, built by that repository's own predicates (`byFormId(id)`,
 * `sentBy(userId)`, …): one, or a list that must all hold. Services combine predicates this way
 * and never write SQL themselves (README, "File roles").
 */
export type Where = SQL | undefined | (SQL | undefined)[];

/** The condition as one SQL expression (a single one unchanged, a list joined with `and`). */
export const whereOf = (where: Where): SQL | undefined => (Array.isArray(where) ? and(...where) : where);

/** Text for LIKE/ILIKE that matches itself: `%`, `_` and `\` lose their wildcard meaning. */
export const likeEscape = (words: string) => words.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A LIKE/ILIKE pattern matching text that contains `words` as typed. */
export const likeContains = (words: string) => `%${likeEscape(words)}%`;
