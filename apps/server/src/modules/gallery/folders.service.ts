import type { ErrorCode } from '@brushline/shared/error-codes';
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
import { userByLogin } from '../users/users.service.ts';
import { toPerson } from '../users/users.dto.ts';
import { toFolder, toGalleryImage } from './gallery.dto.ts';
import {
  allowedLogins,
  childFolderIds,
  countFolders,
  deleteFolderRow,
  insertFolder,
  liftFolderContents,
  moveFolder,
  nextPosition,
  ownerPerson,
  ownFolder,
  setAllowedUsers,
  setFolderPositions,
  subtreeHeight,
  updateFolderRow,
  visibleChildFolders,
  visibleFolderById,
  visibleFoldersByIds,
  visibleFoldersOfOwner,
  type FolderRow,
} from './folders.repo.ts';
import {
  imageIdsIn,
  setImagePositions,
  visibleImagesInChildrenOf,
  visibleImagesInFolder,
  visibleImagesOfOwner,
  type ImageRow,
} from './images.repo.ts';
import { deleteImagesOf, removeFiles } from './images.service.ts';
import { lockOwnerGallery, recomputeGallery } from './gallery-upkeep.repo.ts';
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

/** GET folders/user/{login}: every folder the reader may open, and the images outside folders. */
export async function listUserFolders(
  ctx: Pick<Deps, 'db'>,
  actor: Actor | null,
  login: string,
): Promise<UserFolders> {
  const owner = await userByLogin(ctx, actor, login);
  if (!owner) throw notFound();
  const folderRows = await visibleFoldersOfOwner(ctx.db, actor, owner.id);
  const images = await visibleImagesOfOwner(ctx.db, actor, owner.id);
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
  const row = await visibleFolderById(ctx.db, actor, id);
  if (!row) throw folderMissing();
  const children = await visibleChildFolders(ctx.db, actor, id);
  const images = await visibleImagesInFolder(ctx.db, actor, id);
  const above = await visibleFoldersByIds(ctx.db, actor, row.path);
  const childImages = await visibleImagesInChildrenOf(ctx.db, actor, id);
  const ownerFolders = await visibleFoldersOfOwner(ctx.db, actor, row.ownerId);
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
    const user = await userByLogin({ db }, null, login);
    if (!user) throw bad('allowed_unknown', galleryMessages.allowedUnknown(login), 'allowedUserList');
    if (user.id !== ownerId) ids.push(user.id);
  }
  return ids;
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
    const folderId = await insertFolder(tx, {
      ownerId: actor.id,
      parentId: body.parentId,
      name: body.folderName,
      privacy: body.privacy,
      customIcon: body.customIcon,
      position,
    });
    await setAllowedUsers(tx, folderId, allowed);
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
      await moveFolder(tx, id, body.parentId, position);
    }
    if (body.allowedUserList !== undefined)
      await setAllowedUsers(tx, id, await allowedIds(tx, actor.id, body.allowedUserList));
    await updateFolderRow(tx, id, {
      name: body.folderName,
      privacy: body.privacy,
      customIcon: body.customIcon,
    });
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
      await liftFolderContents(tx, id, row.parentId);
    } else {
      keys = await deleteImagesOf({ db: tx }, actor, { folderTree: id });
    }
    await deleteFolderRow(tx, id);
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
    if (!sameIdsOnce(await childFolderIds(tx, actor.id, body.parentId), body.childFolders)) {
      throw new AppError(409, 'order_mismatch', galleryMessages.reorderFoldersMismatch);
    }
    await setFolderPositions(tx, body.childFolders);
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
    if (!sameIdsOnce(await imageIdsIn(tx, id), body.mediaFiles)) {
      throw new AppError(409, 'order_mismatch', galleryMessages.reorderMismatch);
    }
    await setImagePositions(tx, body.mediaFiles);
  });
  return presentOwn(ctx, actor, id);
}
