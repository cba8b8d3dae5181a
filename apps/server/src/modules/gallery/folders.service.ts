import type { ErrorCode } from '@brushline/shared/error-codes';
import { sql } from 'drizzle-orm';
import {
  FOLDER_DEPTH_MAX,
  FOLDERS_PER_USER_MAX,
  GALLERY_IMAGE_TAG_KIND,
  type FolderDeleteMode,
} from '@brushline/shared/gallery/constants';
import { galleryMessages } from '@brushline/shared/gallery/messages';
import type {
  Folder,
  FolderContent,
  FolderCreateBody,
  FolderOrderBody,
  FoldersOrderBody,
  FolderUpdateBody,
  UserFolders,
} from '@brushline/shared/gallery/schemas';
import type { DbOrTx } from '../../db/client.ts';
import type { Deps } from '../../platform/deps.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { Actor } from '../../platform/session.ts';
import { tagsOfMany } from '../tags/tag-usage.service.ts';
import { findUserByLogin } from '../users/users.repo.ts';
import { toPerson } from '../users/users.dto.ts';
import { toFolder, toGalleryImage } from './gallery.dto.ts';
import {
  allowedLogins,
  countFolders,
  lockOwnerGallery,
  nextPosition,
  ownerPerson,
  ownFolder,
  subtreeHeight,
  uuidArrayLiteral,
  visibleFolders,
  visibleImages,
  type FolderRow,
  type ImageRow,
} from './gallery.repo.ts';
import { deleteImagesWhere, removeFiles } from './images.service.ts';
import { recomputeGallery } from './gallery-upkeep.ts';
import { galleryListsChanged } from './gallery-page-cache.ts';

const folderMissing = () => notFound(galleryMessages.folderMissing);
const bad = (code: ErrorCode, message: string, field?: string) =>
  new AppError(400, code, message, {}, field ? { [field]: message } : undefined);

/** Folders as answers: each with the images and children this reader may see. */
async function presentFolders(
  db: DbOrTx,
  actor: Actor | null,
  rows: FolderRow[],
  allFolders: FolderRow[],
  images: ImageRow[],
): Promise<Folder[]> {
  const allowed = await allowedLogins(
    db,
    actor ? rows.filter((r) => r.ownerId === actor.id).map((r) => r.id) : [],
  );
  return rows.map((r) =>
    toFolder(
      r,
      actor,
      images.filter((i) => i.folderId === r.id),
      allFolders.filter((c) => c.parentId === r.id),
      allowed.get(r.id) ?? [],
    ),
  );
}

async function withTags(ctx: Pick<Deps, 'db'>, actor: Actor | null, rows: ImageRow[]) {
  const tags = await tagsOfMany(
    ctx,
    actor,
    GALLERY_IMAGE_TAG_KIND,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toGalleryImage(r, tags.get(r.id) ?? []));
}

const imageOrder = sql`gi.position, gi.created_at desc, gi.id`;

/** GET folders/user/{login}: every folder the reader may open, and the images outside folders. */
export async function listUserFolders(
  ctx: Pick<Deps, 'db'>,
  actor: Actor | null,
  login: string,
): Promise<UserFolders> {
  const owner = await findUserByLogin(ctx.db, login);
  if (!owner) throw notFound();
  const folderRows = await visibleFolders(ctx.db, actor, sql`f.owner_id = ${owner.id}::uuid`);
  const images = await visibleImages(ctx.db, actor, sql`gi.owner_id = ${owner.id}::uuid`, imageOrder);
  const all = await withTags(ctx, actor, images);
  return {
    owner: toPerson({ ...owner, avatarId: owner.avatarMediaId }),
    folders: await presentFolders(ctx.db, actor, folderRows, folderRows, images),
    unsorted: all.filter((i) => i.folderId === null),
    images: all,
  };
}

/** GET folder/{id}: one folder the reader may open, its visible children and images in order. */
export async function getFolder(
  ctx: Pick<Deps, 'db'>,
  actor: Actor | null,
  id: string,
): Promise<FolderContent> {
  const [row] = await visibleFolders(ctx.db, actor, sql`f.id = ${id}::uuid`);
  if (!row) throw folderMissing();
  const children = await visibleFolders(ctx.db, actor, sql`f.parent_id = ${id}::uuid`);
  const images = await visibleImages(ctx.db, actor, sql`gi.folder_id = ${id}::uuid`, imageOrder);
  const above = await visibleFolders(ctx.db, actor, sql`f.id = any(${uuidArrayLiteral(row.path)}::uuid[])`);
  const childImages = await visibleImages(
    ctx.db,
    actor,
    sql`gi.folder_id in (select c.id from folders c where c.parent_id = ${id}::uuid)`,
    imageOrder,
  );
  const ownerFolders = await visibleFolders(ctx.db, actor, sql`f.owner_id = ${row.ownerId}::uuid`);
  const [folder] = await presentFolders(ctx.db, actor, [row], children, images);
  const ownerRow = await ownerPerson(ctx.db, row.ownerId);
  return {
    folder: folder!,
    owner: ownerRow,
    children: await presentFolders(ctx.db, actor, children, ownerFolders, childImages),
    images: await withTags(ctx, actor, images),
    path: row.path.flatMap((pid) => {
      const f = above.find((a) => a.id === pid);
      return f ? [{ id: f.id, folderName: f.name }] : [];
    }),
  };
}

/** Logins of the allowedUserList as user ids; an unknown login is a 400 naming it. The owner is left out. */
async function allowedIds(db: DbOrTx, ownerId: string, logins: string[]): Promise<string[]> {
  const ids: string[] = [];
  for (const login of new Set(logins.map((l) => l.toLowerCase()))) {
    const user = await findUserByLogin(db, login);
    if (!user) throw bad('allowed_unknown', galleryMessages.allowedUnknown(login), 'allowedUserList');
    if (user.id !== ownerId) ids.push(user.id);
  }
  return ids;
}

async function setAllowed(db: DbOrTx, folderId: string, userIds: string[]) {
  await db.execute(sql`delete from folder_allowed_users where folder_id = ${folderId}::uuid`);
  for (const userId of userIds) {
    await db.execute(
      sql`insert into folder_allowed_users (folder_id, user_id) values (${folderId}::uuid, ${userId}::uuid)`,
    );
  }
}

/** The parent a folder goes under, checked: the actor's own, and the depth cap kept for `height` levels. */
async function checkedParent(db: DbOrTx, actor: Actor, parentId: string | null, height: number) {
  if (parentId === null) return null;
  const parent = await ownFolder(db, actor.id, parentId);
  if (!parent) throw folderMissing();
  if (parent.path.length + height > FOLDER_DEPTH_MAX)
    throw bad('folder_too_deep', galleryMessages.tooDeep, 'parentId');
  return parent;
}

async function presentOwn(ctx: Pick<Deps, 'db'>, actor: Actor, id: string): Promise<Folder> {
  return (await getFolder(ctx, actor, id)).folder;
}

export async function createFolder(
  ctx: Pick<Deps, 'db'>,
  actor: Actor,
  body: FolderCreateBody,
): Promise<Folder> {
  const id = await ctx.db.transaction(async (tx) => {
    await lockOwnerGallery(tx, actor.id);
    if ((await countFolders(tx, actor.id)) >= FOLDERS_PER_USER_MAX) {
      throw bad('too_many_folders', galleryMessages.tooManyFolders);
    }
    await checkedParent(tx, actor, body.parentId, 1);
    const allowed = await allowedIds(tx, actor.id, body.allowedUserList);
    const position = await nextPosition(tx, 'folders', actor.id, body.parentId);
    const r = await tx.execute<{ id: string }>(sql`
      insert into folders (owner_id, parent_id, name, privacy, custom_icon, position)
      values (${actor.id}::uuid, ${body.parentId}::uuid, ${body.folderName}, ${body.privacy}, ${body.customIcon}, ${position})
      returning id`);
    const folderId = r.rows[0]!.id;
    await setAllowed(tx, folderId, allowed);
    await recomputeGallery(tx, actor.id);
    return folderId;
  });
  return presentOwn(ctx, actor, id);
}

/** Rename, change privacy or icon or allowedUserList, or move (parentId): only what is sent changes. */
export async function updateFolder(
  ctx: Pick<Deps, 'db' | 'bus'>,
  actor: Actor,
  id: string,
  body: FolderUpdateBody,
): Promise<Folder> {
  await ctx.db.transaction(async (tx) => {
    await lockOwnerGallery(tx, actor.id);
    const row = await ownFolder(tx, actor.id, id);
    if (!row) throw folderMissing();
    if (body.parentId !== undefined && body.parentId !== row.parentId) {
      if (body.parentId !== null) {
        const target = await ownFolder(tx, actor.id, body.parentId);
        if (!target) throw folderMissing();
        if (target.path.includes(id)) throw bad('folder_cycle', galleryMessages.folderCycle, 'parentId');
      }
      await checkedParent(tx, actor, body.parentId, await subtreeHeight(tx, id));
      const position = await nextPosition(tx, 'folders', actor.id, body.parentId);
      await tx.execute(
        sql`update folders set parent_id = ${body.parentId}::uuid, position = ${position} where id = ${id}::uuid`,
      );
    }
    if (body.allowedUserList !== undefined)
      await setAllowed(tx, id, await allowedIds(tx, actor.id, body.allowedUserList));
    await tx.execute(sql`
      update folders set
        name = coalesce(${body.folderName ?? null}, name),
        privacy = coalesce(${body.privacy ?? null}::gallery_privacy, privacy),
        custom_icon = coalesce(${body.customIcon ?? null}, custom_icon)
      where id = ${id}::uuid`);
    await recomputeGallery(tx, actor.id);
  });
  await galleryListsChanged(ctx.bus);
  return presentOwn(ctx, actor, id);
}

/**
 * Deletes a folder. `keep`: its images and child folders move one level up (out of folders at the
 * top); `delete`: the folders inside go too, with every image in any of them.
 */
export async function deleteFolder(
  ctx: Pick<Deps, 'db' | 'bus' | 'storage' | 'log'>,
  actor: Actor,
  id: string,
  mode: FolderDeleteMode,
): Promise<void> {
  const storageKeys = await ctx.db.transaction(async (tx) => {
    await lockOwnerGallery(tx, actor.id);
    const row = await ownFolder(tx, actor.id, id);
    if (!row) throw folderMissing();
    let keys: string[] = [];
    if (mode === 'keep') {
      await tx.execute(
        sql`update gallery_images set folder_id = ${row.parentId}::uuid where folder_id = ${id}::uuid`,
      );
      await tx.execute(
        sql`update folders set parent_id = ${row.parentId}::uuid where parent_id = ${id}::uuid`,
      );
    } else {
      keys = await deleteImagesWhere(
        { db: tx },
        actor,
        sql`gi.folder_id in (select f.id from folders f where ${id}::uuid = any(f.path))`,
      );
    }
    await tx.execute(sql`delete from folders where id = ${id}::uuid`);
    await recomputeGallery(tx, actor.id);
    return keys;
  });
  await galleryListsChanged(ctx.bus);
  await removeFiles(ctx, actor, storageKeys);
}

/** Whether `wanted` names every id of `have` exactly once and nothing else. */
const sameIdsOnce = (have: readonly string[], wanted: readonly string[]) => {
  const set = new Set(have);
  return (
    new Set(wanted).size === wanted.length && wanted.length === set.size && wanted.every((id) => set.has(id))
  );
};

/**
 * PATCH folders/order: the owner's folders directly in `parentId` (null: the top of the gallery)
 * in a new order; the list must name each exactly once (else 409, nothing changes).
 */
export async function reorderFolders(
  ctx: Pick<Deps, 'db'>,
  actor: Actor,
  body: FoldersOrderBody,
): Promise<string[]> {
  await ctx.db.transaction(async (tx) => {
    await lockOwnerGallery(tx, actor.id);
    if (body.parentId && !(await ownFolder(tx, actor.id, body.parentId))) throw folderMissing();
    const current = await tx.execute<{ id: string }>(sql`
      select id from folders where owner_id = ${actor.id}::uuid and parent_id is not distinct from ${body.parentId}::uuid`);
    if (
      !sameIdsOnce(
        current.rows.map((r) => r.id),
        body.childFolders,
      )
    ) {
      throw new AppError(409, 'order_mismatch', galleryMessages.reorderFoldersMismatch);
    }
    await tx.execute(sql`
      update folders f set position = o.n - 1
      from unnest(${uuidArrayLiteral(body.childFolders)}::uuid[]) with ordinality as o(id, n)
      where f.id = o.id and f.position is distinct from o.n - 1`);
  });
  return body.childFolders;
}

/** PATCH folder/order/{id}: the folder's images in a new order; the list must name each exactly once. */
export async function reorderFolder(
  ctx: Pick<Deps, 'db'>,
  actor: Actor,
  id: string,
  body: FolderOrderBody,
): Promise<Folder> {
  await ctx.db.transaction(async (tx) => {
    await lockOwnerGallery(tx, actor.id);
    if (!(await ownFolder(tx, actor.id, id))) throw folderMissing();
    const current = await tx.execute<{ id: string }>(
      sql`select id from gallery_images where folder_id = ${id}::uuid`,
    );
    if (
      !sameIdsOnce(
        current.rows.map((r) => r.id),
        body.mediaFiles,
      )
    ) {
      throw new AppError(409, 'order_mismatch', galleryMessages.reorderMismatch);
    }
    for (const [position, imageId] of body.mediaFiles.entries()) {
      await tx.execute(sql`update gallery_images set position = ${position} where id = ${imageId}::uuid`);
    }
  });
  return presentOwn(ctx, actor, id);
}
