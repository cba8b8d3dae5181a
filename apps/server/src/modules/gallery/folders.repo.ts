import { sql, type SQL } from 'drizzle-orm';
import type { Privacy } from '@brushline/shared/gallery/constants';
import type { DbOrTx } from '../../db/client.ts';
import type { Actor } from '../../platform/session.ts';
import { toPerson } from '../users/users.dto.ts';
import { folderVisibleSql, uuidArray, uuidArrayLiteral } from './gallery-access.repo.ts';

/**
 * Queries of gallery folders (decision 0017): reads take the reader and put folderVisibleSql
 * (gallery-access.repo.ts) in their WHERE clause; writes are plain and run inside the service's
 * transaction. The images' own queries are in images.repo.ts.
 */

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

/** One folder, when the reader may open it. */
export async function visibleFolderById(
  db: DbOrTx,
  actor: Actor | null,
  id: string,
): Promise<FolderRow | undefined> {
  const [row] = await visibleFolders(db, actor, sql`f.id = ${id}::uuid`);
  return row;
}

/** The owner's folders the reader may open. */
export const visibleFoldersOfOwner = (db: DbOrTx, actor: Actor | null, ownerId: string) =>
  visibleFolders(db, actor, sql`f.owner_id = ${ownerId}::uuid`);

/** The folders directly inside `folderId` the reader may open. */
export const visibleChildFolders = (db: DbOrTx, actor: Actor | null, folderId: string) =>
  visibleFolders(db, actor, sql`f.parent_id = ${folderId}::uuid`);

/** The folders of `ids` the reader may open. */
export const visibleFoldersByIds = (db: DbOrTx, actor: Actor | null, ids: readonly string[]) =>
  visibleFolders(db, actor, sql`f.id = any(${uuidArrayLiteral(ids)}::uuid[])`);

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

/** The owner of a folder as a person (they exist: folders go with their owner). */
export async function ownerPerson(db: DbOrTx, id: string) {
  const r = await db.execute<{ id: string; login: string; displayName: string; avatarId: string | null }>(sql`
    select u.id, u.login, u.display_name as "displayName",
      (select m.id from media m where m.id = u.avatar_media_id and m.owner_id = u.id) as "avatarId"
    from users u where u.id = ${id}::uuid`);
  return toPerson(r.rows[0]!);
}

/** Replaces a folder's allowedUserList. */
export async function setAllowedUsers(db: DbOrTx, folderId: string, userIds: readonly string[]) {
  await db.execute(sql`delete from folder_allowed_users where folder_id = ${folderId}::uuid`);
  for (const userId of userIds) {
    await db.execute(
      sql`insert into folder_allowed_users (folder_id, user_id) values (${folderId}::uuid, ${userId}::uuid)`,
    );
  }
}

export async function insertFolder(
  db: DbOrTx,
  f: {
    ownerId: string;
    parentId: string | null;
    name: string;
    privacy: Privacy;
    customIcon: string;
    position: number;
  },
): Promise<string> {
  const r = await db.execute<{ id: string }>(sql`
    insert into folders (owner_id, parent_id, name, privacy, custom_icon, position)
    values (${f.ownerId}::uuid, ${f.parentId}::uuid, ${f.name}, ${f.privacy}, ${f.customIcon}, ${f.position})
    returning id`);
  return r.rows[0]!.id;
}

/** Moves a folder under `parentId` (null: the top), at `position` there. */
export async function moveFolder(db: DbOrTx, id: string, parentId: string | null, position: number) {
  await db.execute(
    sql`update folders set parent_id = ${parentId}::uuid, position = ${position} where id = ${id}::uuid`,
  );
}

/** Sets the folder's name, privacy and icon; an undefined one stays. */
export async function updateFolderRow(
  db: DbOrTx,
  id: string,
  f: { name?: string; privacy?: Privacy; customIcon?: string },
) {
  await db.execute(sql`
    update folders set
      name = coalesce(${f.name ?? null}, name),
      privacy = coalesce(${f.privacy ?? null}::gallery_privacy, privacy),
      custom_icon = coalesce(${f.customIcon ?? null}, custom_icon)
    where id = ${id}::uuid`);
}

/** The images and child folders of `id` move into `parentId` (null: out of folders, the top). */
export async function liftFolderContents(db: DbOrTx, id: string, parentId: string | null) {
  await db.execute(
    sql`update gallery_images set folder_id = ${parentId}::uuid where folder_id = ${id}::uuid`,
  );
  await db.execute(sql`update folders set parent_id = ${parentId}::uuid where parent_id = ${id}::uuid`);
}

export async function deleteFolderRow(db: DbOrTx, id: string) {
  await db.execute(sql`delete from folders where id = ${id}::uuid`);
}

/** Ids of the owner's folders directly in `parentId` (null: the top of the gallery). */
export async function childFolderIds(
  db: DbOrTx,
  ownerId: string,
  parentId: string | null,
): Promise<string[]> {
  const r = await db.execute<{ id: string }>(sql`
    select id from folders where owner_id = ${ownerId}::uuid and parent_id is not distinct from ${parentId}::uuid`);
  return r.rows.map((row) => row.id);
}

/** Folders in the order of `ids` (positions 0, 1, …); a folder already in place is not written. */
export async function setFolderPositions(db: DbOrTx, ids: readonly string[]) {
  await db.execute(sql`
    update folders f set position = o.n - 1
    from unnest(${uuidArrayLiteral(ids)}::uuid[]) with ordinality as o(id, n)
    where f.id = o.id and f.position is distinct from o.n - 1`);
}
