import { sql, type SQL } from 'drizzle-orm';
import { GALLERY_IMAGE_TAG_KIND, type Privacy } from '@brushline/shared/gallery/constants';
import type { TagRef } from '@brushline/shared/tags/schemas';
import type { DbOrTx } from '../../db/client.ts';
import type { Actor } from '../../platform/session.ts';
import { toPerson } from '../users/users.dto.ts';
import {
  folderVisibleSql,
  hidesAny,
  imageBlurredSql,
  imageNotHiddenByTagsSql,
  imageVisibleSql,
  readerTagSets,
  type ReaderTagSets,
  type TagSetsArg,
  type Viewer,
} from './gallery-access.ts';

/**
 * Queries of galleries and folders (issue 11). Every read takes the reader and puts the rules of
 * gallery-access.ts in its WHERE clause; writes are plain and run inside the service's transaction.
 * Raw SQL with the short aliases `gi`, `f`, `m`, `u` the access conditions name.
 */

export type ImageRow = {
  id: string;
  ownerId: string;
  ownerLogin: string;
  ownerDisplayName: string;
  ownerAvatarId: string | null;
  folderId: string | null;
  title: string;
  privacy: Privacy;
  effectivePrivacy: Privacy;
  position: number;
  createdAt: string;
  /** The keyset of the main gallery: created_at in full precision, as text. */
  cursorTs: string;
  width: number;
  height: number;
  mime: string;
  blurred: boolean;
  /** The image's tags, when the query asked for them (`withTags`). */
  tags?: TagRef[];
};

const imageColumns = (sets: TagSetsArg) => sql`
  gi.id, gi.owner_id as "ownerId", u.login as "ownerLogin", u.display_name as "ownerDisplayName",
  (select am.id from media am where am.id = u.avatar_media_id and am.owner_id = u.id) as "ownerAvatarId",
  gi.folder_id as "folderId", gi.title, gi.privacy::text as privacy,
  gi.effective_privacy::text as "effectivePrivacy", gi.position,
  to_char(gi.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
  to_char(gi.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as "cursorTs",
  m.width, m.height, m.mime, ${imageBlurredSql(sets)} as blurred`;

/** SQL: the live tags image `gi` carries, by title, as a JSON array of TagRef. */
const imageTagsJsonSql = sql`(select coalesce(json_agg(json_build_object('id', t.id, 'title', t.title,
    'tagType', t.tag_type, 'maturity', t.maturity) order by t.title), '[]'::json)
  from tag_usages tu join tags t on t.id = tu.tag_id
  where tu.subject_kind = ${GALLERY_IMAGE_TAG_KIND} and tu.subject_id = gi.id::text and t.deleted_at is null)`;

/**
 * The query of visibleImages: the reader and their tag sets may be placeholders (a Shaped statement, db/client.ts),
 * and `where` and `order` name only `gi`.
 */
export function visibleImagesSql(
  actor: Viewer,
  sets: TagSetsArg,
  where: SQL,
  order: SQL,
  limit?: number,
  /** Also each image's tags (a JSON column), read in the same statement. */
  withTags = false,
): SQL {
  const notHidden = !hidesAny(sets)
    ? sql`true`
    : actor
      ? sql`(gi.owner_id = ${actor.id}::uuid or ${imageNotHiddenByTagsSql(sets)})`
      : imageNotHiddenByTagsSql(sets);
  // The rows first (a materialized CTE, planned alone): `where` and `order` name only `gi`, so an
  // ordered index with per-row probes stops after `limit`; then media and owner for those rows,
  // each by its primary key (`offset 0` keeps them per-row lookups: joined, a page of 31 rows
  // was hashed against a scan of every user).
  return sql`
    with page as materialized (
      select gi.* from gallery_images gi
      where ${where} and ${imageVisibleSql(actor)} and ${notHidden}
      order by ${order}
      ${limit === undefined ? sql`` : sql`limit ${limit}`})
    select ${imageColumns(sets)}${withTags ? sql`, ${imageTagsJsonSql} as tags` : sql``}
    from page gi
      cross join lateral (select m.width, m.height, m.mime from media m where m.id = gi.id offset 0) m
      cross join lateral (select u.id, u.login, u.display_name, u.avatar_media_id from users u
        where u.id = gi.owner_id offset 0) u
    order by ${order}`;
}

/** An image row as the drivers return it, with its numbers as numbers. */
export const toImageRow = (r: ImageRow): ImageRow => ({
  ...r,
  position: Number(r.position),
  width: Number(r.width),
  height: Number(r.height),
  ...(r.tags === undefined
    ? {}
    : {
        tags: (typeof r.tags === 'string' ? (JSON.parse(r.tags) as TagRef[]) : r.tags).map((t) => ({
          ...t,
          id: Number(t.id),
        })),
      }),
});

/**
 * Gallery images the reader may see, matching `where`: their own privacy and folders decide, and
 * someone else's images carrying a tag the reader hides (or NSFW they do not display) are left out.
 */
export async function visibleImages(
  db: DbOrTx,
  actor: Actor | null,
  where: SQL,
  order: SQL,
  limit?: number,
  /** The reader's tag sets when the caller has them already. */
  known?: ReaderTagSets,
): Promise<ImageRow[]> {
  const sets = known ?? (await readerTagSets(db, actor));
  const result = await db.execute<ImageRow>(visibleImagesSql(actor, sets, where, order, limit));
  return result.rows.map(toImageRow);
}

export type FolderRow = {
  id: string;
  ownerId: string;
  parentId: string | null;
  path: string[];
  name: string;
  privacy: Privacy;
  effectivePrivacy: Privacy;
  customIcon: string;
  position: number;
};

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

/** Folders the reader may open, matching `where`, in their order. */
export async function visibleFolders(db: DbOrTx, actor: Actor | null, where: SQL): Promise<FolderRow[]> {
  const result = await db.execute<FolderRow>(sql`
    select f.id, f.owner_id as "ownerId", f.parent_id as "parentId", f.path::text as path, f.name,
      f.privacy::text as privacy, f.effective_privacy::text as "effectivePrivacy",
      f.custom_icon as "customIcon", f.position
    from folders f
    where ${where} and ${folderVisibleSql(actor)}
    order by f.position, f.created_at`);
  return result.rows.map((r) => ({ ...r, path: uuidArray(r.path), position: Number(r.position) }));
}

/** Owner's folder by id, for writes (no visibility: the service checks ownership). */
export async function ownFolder(db: DbOrTx, ownerId: string, id: string): Promise<FolderRow | undefined> {
  const [row] = await visibleFolders(
    db,
    { id: ownerId } as Actor,
    sql`f.id = ${id}::uuid and f.owner_id = ${ownerId}::uuid`,
  );
  return row;
}

/** The allowedUserList of folders, as logins. */
export async function allowedLogins(
  db: DbOrTx,
  folderIds: readonly string[],
): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>(folderIds.map((id) => [id, []]));
  if (folderIds.length === 0) return out;
  const result = await db.execute<{ folderId: string; login: string }>(sql`
    select a.folder_id as "folderId", u.login from folder_allowed_users a join users u on u.id = a.user_id
    where a.folder_id in (${sql.join(
      folderIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})
    order by u.login`);
  for (const r of result.rows) out.get(r.folderId)?.push(r.login);
  return out;
}

/** Locks the owner's gallery for one change, so two writes never interleave their recomputation. */
export async function lockOwnerGallery(db: DbOrTx, ownerId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('gallery'), hashtext(${ownerId}))`);
}

export async function countFolders(db: DbOrTx, ownerId: string): Promise<number> {
  const r = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from folders where owner_id = ${ownerId}::uuid`,
  );
  return Number(r.rows[0]!.n);
}

/** Levels below a folder, itself included (1 for a folder without children). */
export async function subtreeHeight(db: DbOrTx, folderId: string): Promise<number> {
  const r = await db.execute<{ h: number }>(sql`
    select coalesce(max(cardinality(path) - cardinality((select path from folders where id = ${folderId}::uuid))), 0)::int + 1 as h
    from folders where ${folderId}::uuid = any(path)`);
  return Number(r.rows[0]!.h);
}

export async function nextPosition(
  db: DbOrTx,
  table: 'folders' | 'gallery_images',
  ownerId: string,
  parent: string | null,
) {
  const column = sql.raw(table === 'folders' ? 'parent_id' : 'folder_id');
  const r = await db.execute<{ p: number }>(sql`
    select coalesce(max(position), -1)::int + 1 as p from ${sql.raw(table)}
    where owner_id = ${ownerId}::uuid and ${column} is not distinct from ${parent}::uuid`);
  return Number(r.rows[0]!.p);
}

export async function countImagesIn(db: DbOrTx, folderId: string): Promise<number> {
  const r = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from gallery_images where folder_id = ${folderId}::uuid`,
  );
  return Number(r.rows[0]!.n);
}

/** The owner of a folder as a person (they exist: folders go with their owner). */
export async function ownerPerson(db: DbOrTx, id: string) {
  const r = await db.execute<{ id: string; login: string; displayName: string; avatarId: string | null }>(sql`
    select u.id, u.login, u.display_name as "displayName",
      (select m.id from media m where m.id = u.avatar_media_id and m.owner_id = u.id) as "avatarId"
    from users u where u.id = ${id}::uuid`);
  return toPerson(r.rows[0]!);
}
