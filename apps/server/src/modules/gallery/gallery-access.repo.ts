import { Placeholder, sql, type SQL } from 'drizzle-orm';
import { GALLERY_IMAGE_TAG_KIND } from '@brushline/shared/gallery/constants';
import type { DbOrTx } from '../../db/client.ts';
import type { Actor } from '../../platform/session.ts';
import { carriesNsfwSql } from '../tags/tag-usage.service.ts';

/**
 * Who may see what, written once as SQL conditions (the FAQ's rules; decision 0017).
 * Every list and every single read of images and folders puts these in its WHERE clause, so what a
 * reader may not see never leaves the database.
 *
 * - The owner sees everything of theirs.
 * - An image is Hidden for everyone else when its own privacy is Hidden.
 * - An image in a Hidden folder (its effective privacy Hidden, its own not) is seen by the people
 *   allowed into that folder or a folder above it.
 * - Public and Private are seen by anyone who looks at the owner's page; the main gallery lists
 *   only what is effectively Public.
 * - An image staff hid (decision 0022) is its owner's alone; staff read it through the report queue.
 */

/** The reader as the conditions take them: an Actor, or a placeholder for their id (a Shaped statement, db/client.ts). */
export type Viewer = { readonly id: string | Placeholder } | null;

const viewerId = (actor: Viewer) => actor?.id ?? null;

/** Whether a user is in the allowedUserList of a folder whose path is `path`. */
const allowedOnPath = (path: SQL, userId: string | Placeholder) =>
  sql`exists (select 1 from folder_allowed_users a where a.folder_id = any(${path}) and a.user_id = ${userId}::uuid)`;

/** SQL condition: the reader may open folder row `f` (an alias of folders). */
export function folderVisibleSql(actor: Viewer, f = sql`f`): SQL {
  const id = viewerId(actor);
  if (!id) return sql`${f}.effective_privacy <> 'Hidden'`;
  return sql`(${f}.owner_id = ${id}::uuid or ${f}.effective_privacy <> 'Hidden' or ${allowedOnPath(sql`${f}.path`, id)})`;
}

/** SQL condition: the reader may see gallery image row `gi` (an alias of gallery_images). */
export function imageVisibleSql(actor: Viewer, gi = sql`gi`): SQL {
  const id = viewerId(actor);
  if (!id) return sql`(${gi}.effective_privacy <> 'Hidden' and ${gi}.hidden_at is null)`;
  return sql`(${gi}.owner_id = ${id}::uuid or ${gi}.hidden_at is null and (${gi}.effective_privacy <> 'Hidden'
    or (${gi}.privacy <> 'Hidden' and exists (select 1 from folders fa where fa.id = ${gi}.folder_id
      and ${allowedOnPath(sql`fa.path`, id)}))))`;
}

/**
 * What a reader does not see or sees blurred (decision 0017, "Hidden tags"). NSFW is a
 * flag: the NSFW closure is kept in SQL (`nsfw_tags`, exact in the transaction of every write to
 * the vocabulary), so the lists ask it with index probes. The reader's own hidden and blurred tags
 * (a few roots) are walked to their descendants once per request and passed as small `int[]`
 * parameters; nothing of them is stored, so a change to the reader's list or to the graph counts
 * on the next request.
 */
export interface ReaderTagSets {
  /** NSFW is left out: readers who do not display NSFW, and anonymous readers. */
  hideNsfw: boolean;
  /** The tags they hide, with descendants. */
  hide: readonly number[];
  /** The tags they blur, with descendants (none for anonymous readers). */
  blur: readonly number[];
  /** AI-labelled images are left out (the reader's hide-AI setting, decision 0025). */
  hideAi: boolean;
}

/** The reader's hidden and blurred tag ids: one small query for a signed-in reader, none for anonymous ones. */
export async function readerTagSets(db: DbOrTx, actor: Actor | null): Promise<ReaderTagSets> {
  const hideNsfw = !actor?.displayNsfw;
  if (!actor) return { hideNsfw, hide: [], blur: [], hideAi: false };
  const r = await db.execute<{ id: number; mode: string }>(sql`
    with recursive d(id, mode) as (
      select h.tag_id, h.mode::text from hidden_tags h where h.user_id = ${actor.id}::uuid
      union
      select p.child_id, d.mode from tag_parents p join d on p.parent_id = d.id
    ) select id, mode from d`);
  const hide = new Set<number>();
  const blur = new Set<number>();
  for (const row of r.rows) (row.mode === 'hide' ? hide : blur).add(Number(row.id));
  return { hideNsfw, hide: [...hide], blur: [...blur], hideAi: actor.hideAi };
}

/**
 * Tag ids as the conditions below take them: the ids, or a placeholder filled with their array
 * literal (`{1,2}`, see idsLiteral) when a list builds its query once per shape (a Shaped statement, db/client.ts).
 */
export type TagIds = readonly number[] | Placeholder;

/** A reader's tag sets as the conditions take them: ReaderTagSets, or one with placeholders for the non-empty sets. */
export interface TagSetsArg {
  hideNsfw: boolean;
  hide: TagIds;
  blur: TagIds;
  hideAi: boolean;
}

/** No ids (a placeholder always stands for some). */
export const noIds = (ids: TagIds) => !(ids instanceof Placeholder) && ids.length === 0;

/** The value of a tag-id placeholder: the ids as an int[] literal. */
export const idsLiteral = (ids: readonly number[]) => `{${ids.join(',')}}`;

/** A uuid[] parameter as a Postgres array literal (cast it with ::uuid[]). */
export const uuidArrayLiteral = (ids: readonly string[]) => `{${ids.join(',')}}`;

/** `{a,b}` from either driver as a string array. */
export const uuidArray = (v: unknown): string[] =>
  Array.isArray(v)
    ? v.map(String)
    : String(v)
        .replace(/^\{|\}$/g, '')
        .split(',')
        .filter(Boolean);

/**
 * A list's reader in Shaped form (db/client.ts): the viewer and the non-empty tag sets as placeholders
 * (`viewer`, `hide`, `blur`), the shape they give the query, and the values to fill in.
 */
export function shapedReader(actor: Actor | null, sets: ReaderTagSets) {
  return {
    viewer: actor ? { id: sql.placeholder('viewer') } : null,
    sets: {
      hideNsfw: sets.hideNsfw,
      hide: sets.hide.length > 0 ? sql.placeholder('hide') : [],
      blur: sets.blur.length > 0 ? sql.placeholder('blur') : [],
      hideAi: sets.hideAi,
    } satisfies TagSetsArg,
    key: [!!actor, sets.hideNsfw, sets.hide.length > 0, sets.blur.length > 0, sets.hideAi],
    values: { viewer: actor?.id ?? null, hide: idsLiteral(sets.hide), blur: idsLiteral(sets.blur) },
  };
}

/** Whether the reader leaves anything out by its tags or its hide-AI setting. */
export const hidesAny = (sets: TagSetsArg) => sets.hideNsfw || !noIds(sets.hide) || sets.hideAi;

/**
 * SQL condition: `query` (a `select 1 from …` naming the outer row) finds a row. Written as a
 * scalar subquery with `limit 1` rather than EXISTS, so it stays a per-row probe: the planner
 * cannot turn it into a semi-join over the whole table, and the lists' ordered index scan stops
 * after a page (decision 0017, "Speed").
 */
export const probeSql = (query: SQL) => sql`((${query} limit 1) is not null)`;

/**
 * SQL: a page's owner columns as `u` (id, login, display name, avatar), by primary key per row.
 * `offset 0` keeps it a per-row lookup: joined, a generic plan (which cannot know the page's size)
 * hashed a page of 20–30 rows against a scan of every user, half of the page's execution.
 */
export const ownerByKeySql = (ownerId: SQL) =>
  sql`cross join lateral (select u.id, u.login, u.display_name, u.avatar_media_id from users u
    where u.id = ${ownerId} offset 0) u`;

/**
 * SQL condition: tag id column `column` is one of `ids`. The set is a parameter hashed once per
 * query (`in (select unnest …)`): a parent tag's few hundred descendants cost neither a per-element
 * estimate at planning nor a linear search per row.
 */
export const tagInSql = (column: SQL, ids: TagIds) =>
  sql`((${column}) in (select unnest(${ids instanceof Placeholder ? ids : idsLiteral(ids)}::int[]))) is true`;

/** SQL condition: the thing of `kind` with id `subjectId` carries one of `ids` (false when there are none). */
export const carriesAnyIdSql = (kind: string, subjectId: SQL, ids: TagIds) =>
  noIds(ids)
    ? sql`false`
    : probeSql(sql`select 1 from tag_usages u where u.subject_kind = ${kind}
        and u.subject_id = (${subjectId})::text and ${tagInSql(sql`u.tag_id`, ids)}`);

/**
 * SQL condition: the thing of `kind` with id `subjectId` carries a tag the reader does not see: an
 * NSFW one when they leave NSFW out, or one of their hidden tags (false when neither).
 */
export function carriesHiddenSql(kind: string, subjectId: SQL, sets: TagSetsArg): SQL {
  const parts: SQL[] = [];
  if (sets.hideNsfw) parts.push(carriesNsfwSql(kind, subjectId));
  if (!noIds(sets.hide)) parts.push(carriesAnyIdSql(kind, subjectId, sets.hide));
  return parts.length === 0 ? sql`false` : sql`(${sql.join(parts, sql` or `)})`;
}

/** SQL condition: image `gi` carries none of the tags the reader does not see, nor an AI label they hide. */
export const imageNotHiddenByTagsSql = (sets: TagSetsArg, gi = sql`gi`) =>
  sets.hideAi
    ? sql`(${gi}.ai_label is null and not ${carriesHiddenSql(GALLERY_IMAGE_TAG_KIND, sql`${gi}.id`, sets)})`
    : sql`not ${carriesHiddenSql(GALLERY_IMAGE_TAG_KIND, sql`${gi}.id`, sets)}`;

/** SQL boolean: image `gi` carries a tag the reader blurs. */
export const imageBlurredSql = (sets: TagSetsArg, gi = sql`gi`) =>
  carriesAnyIdSql(GALLERY_IMAGE_TAG_KIND, sql`${gi}.id`, sets.blur);
