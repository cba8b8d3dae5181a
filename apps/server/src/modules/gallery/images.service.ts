import { FOLDER_IMAGES_MAX, GALLERY_IMAGE_TAG_KIND } from '@brushline/shared/gallery/constants';
import { galleryMessages } from '@brushline/shared/gallery/messages';
import type {
  GalleryImage,
  GalleryImageCreateBody,
  GalleryImageUpdateBody,
} from '@brushline/shared/gallery/schemas';
import type { DbOrTx } from '../../db/client.ts';
import type { Deps, TxCtx } from '../../platform/deps.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { Actor } from '../../platform/session.ts';
import { isUuid } from '@brushline/shared/uuid';
import { assertOwnMedia } from '../media/media.service.ts';
import { clearTagsOf, setTagsOf, tagsOf } from '../tags/tag-usage.service.ts';
import { toGalleryImage } from './gallery.dto.ts';
import { nextPosition, ownFolder } from './folders.repo.ts';
import {
  countImagesIn,
  deleteMediaRow,
  imageAsOwnerSees,
  imagesToDelete,
  insertGalleryImage,
  isGalleryImage,
  moveImage,
  ownImage,
  setImageHidden,
  updateImageRow,
  visibleImageById,
  type ImageSelection,
} from './images.repo.ts';
import { lockOwnerGallery, recomputeGallery } from './gallery-upkeep.repo.ts';
import { galleryListsChanged } from './gallery-page-cache.ts';

const imageMissing = () => notFound(galleryMessages.imageMissing);
const subject = (id: string) => ({ kind: GALLERY_IMAGE_TAG_KIND, id });

/** One gallery image the reader may see (someone else's Hidden image is 404, as is a missing one). */
export async function getImage(
  ctx: Pick<Deps, 'db'>,
  actor: Actor | null,
  id: string,
): Promise<GalleryImage> {
  const row = await visibleImageById(ctx.db, actor, id);
  if (!row) throw imageMissing();
  return toGalleryImage(row, await tagsOf(ctx, actor, subject(id)));
}

/** A reported image as staff read it: whatever its privacy, and with the reason if they hid it. */
export async function getImageForStaff(
  ctx: Pick<Deps, 'db'>,
  actor: Actor,
  id: string,
): Promise<GalleryImage> {
  const row = isUuid(id) ? await imageAsOwnerSees(ctx.db, id) : undefined;
  if (!row) throw imageMissing();
  return toGalleryImage(row, await tagsOf(ctx, actor, subject(id)));
}

/**
 * Staff hide an image (with the reason its owner reads) or show it again (null): it leaves every
 * list and every display card but its owner's (the caller drops cached lists after its commit).
 */
export async function setImageHiddenByStaff(
  ctx: TxCtx,
  _actor: Actor,
  id: string,
  reason: string | null,
): Promise<boolean> {
  return isUuid(id) && setImageHidden(ctx.db, id, reason);
}

/** Cached gallery lists and /artists pages on every instance drop what staff just hid or showed. */
export const galleryModerated = (ctx: Pick<Deps, 'bus'>, _actor: Actor) => galleryListsChanged(ctx.bus);

/** The folder an image goes into, checked: the actor's own, with room for one more image. */
async function checkedFolder(tx: DbOrTx, actor: Actor, folderId: string | null) {
  if (folderId === null) return;
  if (!(await ownFolder(tx, actor.id, folderId))) throw notFound(galleryMessages.folderMissing);
  if ((await countImagesIn(tx, folderId)) >= FOLDER_IMAGES_MAX)
    throw new AppError(400, 'folder_full', galleryMessages.folderFull);
}

/** POST gallery/image: places the actor's gallery upload in their gallery, with tags (≤ 15). */
export async function addImage(
  ctx: Pick<Deps, 'db' | 'bus'>,
  actor: Actor,
  body: GalleryImageCreateBody,
): Promise<GalleryImage> {
  await ctx.db.transaction(async (tx) => {
    await lockOwnerGallery(tx, actor.id);
    await assertOwnMedia({ db: tx }, actor, [body.mediaId], ['gallery']);
    if (await isGalleryImage(tx, body.mediaId))
      throw new AppError(409, 'already_in_gallery', galleryMessages.imageAlreadyInGallery);
    await checkedFolder(tx, actor, body.folderId);
    const position = await nextPosition(tx, 'gallery_images', actor.id, body.folderId);
    await insertGalleryImage(tx, {
      id: body.mediaId,
      ownerId: actor.id,
      folderId: body.folderId,
      title: body.title,
      privacy: body.privacy,
      position,
      aiLabel: body.aiLabel,
    });
    await setTagsOf({ db: tx }, actor, subject(body.mediaId), body.tags);
    await recomputeGallery(tx, actor.id);
  });
  await galleryListsChanged(ctx.bus);
  return getImage(ctx, actor, body.mediaId);
}

async function checkedOwnImage(tx: DbOrTx, actor: Actor, id: string) {
  const row = await ownImage(tx, actor.id, id);
  if (!row) throw imageMissing();
  return row;
}

/** PATCH gallery/image/{id}: privacy, title, tags, or its folder (a move); only what is sent changes. */
export async function updateImage(
  ctx: Pick<Deps, 'db' | 'bus'>,
  actor: Actor,
  id: string,
  body: GalleryImageUpdateBody,
): Promise<GalleryImage> {
  await ctx.db.transaction(async (tx) => {
    await lockOwnerGallery(tx, actor.id);
    const row = await checkedOwnImage(tx, actor, id);
    if (body.folderId !== undefined && body.folderId !== row.folderId) {
      await checkedFolder(tx, actor, body.folderId);
      const position = await nextPosition(tx, 'gallery_images', actor.id, body.folderId);
      await moveImage(tx, id, body.folderId, position);
    }
    await updateImageRow(tx, id, { title: body.title, privacy: body.privacy, aiLabel: body.aiLabel });
    if (body.tags !== undefined) await setTagsOf({ db: tx }, actor, subject(id), body.tags);
    await recomputeGallery(tx, actor.id);
  });
  await galleryListsChanged(ctx.bus);
  return getImage(ctx, actor, id);
}

/**
 * Deletes the actor's images of `which` with their tags and media rows, inside the caller's
 * transaction; answers the storage keys to remove once it has committed.
 */
export async function deleteImagesOf(ctx: TxCtx, actor: Actor, which: ImageSelection): Promise<string[]> {
  const tx = ctx.db;
  const rows = await imagesToDelete(tx, actor.id, which);
  for (const r of rows) {
    await clearTagsOf({ db: tx }, actor, subject(r.id));
    await deleteMediaRow(tx, r.id);
  }
  return rows.flatMap((r) => [r.storageKey, r.miniatureKey]);
}

export async function deleteImage(
  ctx: Pick<Deps, 'db' | 'bus' | 'storage' | 'log'>,
  actor: Actor,
  id: string,
): Promise<void> {
  const keys = await ctx.db.transaction(async (tx) => {
    await lockOwnerGallery(tx, actor.id);
    await checkedOwnImage(tx, actor, id);
    const removed = await deleteImagesOf({ db: tx }, actor, { imageId: id });
    await recomputeGallery(tx, actor.id);
    return removed;
  });
  await galleryListsChanged(ctx.bus);
  await removeFiles(ctx, actor, keys);
}

/** Removes stored files after their rows are gone (a failure is logged: a stray file, never a 500). */
export async function removeFiles(
  ctx: Pick<Deps, 'storage' | 'log'>,
  _actor: Actor | null,
  keys: string[],
): Promise<void> {
  await Promise.all(
    keys.map((key) =>
      ctx.storage
        .delete(key)
        .catch((err: unknown) => ctx.log.error({ err, key }, 'gallery file cleanup failed')),
    ),
  );
}
