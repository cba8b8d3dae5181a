import { sql, type SQL } from 'drizzle-orm';
import { GALLERY_IMAGE_TAG_KIND } from '@brushline/shared/gallery/constants';
import type { DbOrTx } from '../../db/client.ts';
import type { Actor } from '../../platform/session.ts';
import { descendantsOfSql, nsfwTagIdsSql, vocabularyGeneration } from '../tags/tag-usage.service.ts';

/**
 * Who may see what, written once as SQL conditions (issue 11 §1, the FAQ's rules; decision 0017).
 * Every list and every single read of images and folders puts these in its WHERE clause, so what a
 * reader may not see never leaves the database.
 *
 * - The owner sees everything of theirs.
 * - An image is Hidden for everyone else when its own privacy is Hidden.
 * - An image in a Hidden folder (its effective privacy Hidden, its own not) is seen by the people
 *   allowed into that folder or a folder above it.
 * - Public and Private are seen by anyone who looks at the owner's page; the main gallery lists
 *   only what is effectively Public.
 */

const viewerId = (actor: Actor | null) => actor?.id ?? null;

/** Whether a user is in the allowedUserList of a folder whose path is `path`. */
const allowedOnPath = (path: SQL, userId: string) =>
  sql`exists (select 1 from folder_allowed_users a where a.folder_id = any(${path}) and a.user_id = ${userId}::uuid)`;

/** SQL condition: the reader may open folder row `f` (an alias of folders). */
export function folderVisibleSql(actor: Actor | null, f = sql`f`): SQL {
  const id = viewerId(actor);
  if (!id) return sql`${f}.effective_privacy <> 'Hidden'`;
  return sql`(${f}.owner_id = ${id}::uuid or ${f}.effective_privacy <> 'Hidden' or ${allowedOnPath(sql`${f}.path`, id)})`;
}

/** SQL condition: the reader may see gallery image row `gi` (an alias of gallery_images). */
export function imageVisibleSql(actor: Actor | null, gi = sql`gi`): SQL {
  const id = viewerId(actor);
  if (!id) return sql`${gi}.effective_privacy <> 'Hidden'`;
  return sql`(${gi}.owner_id = ${id}::uuid or ${gi}.effective_privacy <> 'Hidden'
    or (${gi}.privacy <> 'Hidden' and exists (select 1 from folders fa where fa.id = ${gi}.folder_id
      and ${allowedOnPath(sql`fa.path`, id)})))`;
}

/**
 * The tag ids a reader never sees and those they blur (issue 11 §6), each with all its
 * descendants, resolved once per request and handed to the list queries as `int[]` parameters
 * (decision 0017, "Speed"): written into the lists' SQL as a subquery, the walk ran as a subplan
 * over every image's tags on every request.
 */
export interface ReaderTagSets {
  /** The tags they hide, and every NSFW tag unless they display NSFW (anonymous readers: SFW only). */
  hide: readonly number[];
  /** The tags they blur (none for anonymous readers). */
  blur: readonly number[];
}

/** How long the NSFW set may be kept at most; a write to the vocabulary in this process drops it at once. */
export const NSFW_SET_TTL_MS = 30_000;

type NsfwEntry = { generation: number; until: number; ids: Promise<number[]> };
const nsfwSets = new WeakMap<object, NsfwEntry>();

/**
 * Every live NSFW tag and all its descendants. The walk costs ~100 ms over 10,000 tags, so it is
 * kept per database until the vocabulary changes (`vocabularyGeneration`) or for NSFW_SET_TTL_MS
 * (writes from another process: the seed CLI).
 */
export function nsfwTagSet(db: DbOrTx): Promise<number[]> {
  const generation = vocabularyGeneration();
  const kept = nsfwSets.get(db);
  if (kept && kept.generation === generation && kept.until > Date.now()) return kept.ids;
  const ids = db
    .execute<{ id: number }>(descendantsOfSql(nsfwTagIdsSql()))
    .then((r) => r.rows.map((row) => Number(row.id)).sort((a, b) => a - b));
  const entry = { generation, until: Date.now() + NSFW_SET_TTL_MS, ids };
  nsfwSets.set(db, entry);
  ids.catch(() => {
    if (nsfwSets.get(db) === entry) nsfwSets.delete(db);
  });
  return ids;
}

/** The reader's hidden and blurred tag ids: one small query for a signed-in reader, none for anonymous ones. */
export async function readerTagSets(db: DbOrTx, actor: Actor | null): Promise<ReaderTagSets> {
  const nsfw = actor?.displayNsfw ? [] : await nsfwTagSet(db);
  if (!actor) return { hide: nsfw, blur: [] };
  const r = await db.execute<{ id: number; mode: string }>(sql`
    with recursive d(id, mode) as (
      select h.tag_id, h.mode::text from hidden_tags h where h.user_id = ${actor.id}::uuid
      union
      select p.child_id, d.mode from tag_parents p join d on p.parent_id = d.id
    ) select id, mode from d`);
  const hide = new Set<number>(nsfw);
  const blur = new Set<number>();
  for (const row of r.rows) (row.mode === 'hide' ? hide : blur).add(Number(row.id));
  return { hide: [...hide], blur: [...blur] };
}

/**
 * SQL condition: `query` (a `select 1 from …` naming the outer row) finds a row. Written as a
 * scalar subquery with `limit 1` rather than EXISTS, so it stays a per-row probe: the planner
 * cannot turn it into a semi-join over the whole table, and the lists' ordered index scan stops
 * after a page (decision 0017, "Speed").
 */
export const probeSql = (query: SQL) => sql`((${query} limit 1) is not null)`;

/**
 * SQL condition: tag id column `column` is one of `ids`. The set is a parameter hashed once per
 * query (`in (select unnest …)`): a few thousand NSFW ids cost neither a per-element estimate at
 * planning nor a linear search per row.
 */
export const tagInSql = (column: SQL, ids: readonly number[]) =>
  sql`((${column}) in (select unnest(${`{${ids.join(',')}}`}::int[]))) is true`;

/** SQL condition: the thing of `kind` with id `subjectId` carries one of `ids` (false when there are none). */
export const carriesAnyIdSql = (kind: string, subjectId: SQL, ids: readonly number[]) =>
  ids.length === 0
    ? sql`false`
    : probeSql(sql`select 1 from tag_usages u where u.subject_kind = ${kind}
        and u.subject_id = (${subjectId})::text and ${tagInSql(sql`u.tag_id`, ids)}`);

/** SQL condition: image `gi` carries none of the reader's hidden tags. */
export const imageNotHiddenByTagsSql = (sets: ReaderTagSets, gi = sql`gi`) =>
  sql`not ${carriesAnyIdSql(GALLERY_IMAGE_TAG_KIND, sql`${gi}.id`, sets.hide)}`;

/** SQL boolean: image `gi` carries a tag the reader blurs. */
export const imageBlurredSql = (sets: ReaderTagSets, gi = sql`gi`) =>
  carriesAnyIdSql(GALLERY_IMAGE_TAG_KIND, sql`${gi}.id`, sets.blur);

/**
 * SQL: the tag ids a reader never sees (issue 11 §6): the tags they hide and, unless they display
 * NSFW, every NSFW tag; each with all its descendants. Anonymous readers see SFW only.
 */
export function hiddenTagSetSql(actor: Actor | null): SQL {
  const roots: SQL[] = [];
  if (actor)
    roots.push(
      sql`select h.tag_id from hidden_tags h where h.user_id = ${actor.id}::uuid and h.mode = 'hide'`,
    );
  if (!actor?.displayNsfw) roots.push(nsfwTagIdsSql());
  if (roots.length === 0) return sql`select null::int as id where false`;
  return descendantsOfSql(sql.join(roots, sql` union `));
}

/** SQL: the tag ids a reader blurs, with their descendants (empty for anonymous readers). */
export function blurTagSetSql(actor: Actor | null): SQL {
  if (!actor) return sql`select null::int as id where false`;
  return descendantsOfSql(
    sql`select h.tag_id from hidden_tags h where h.user_id = ${actor.id}::uuid and h.mode = 'blur'`,
  );
}
