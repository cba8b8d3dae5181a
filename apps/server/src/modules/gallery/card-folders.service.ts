import type { Card } from '@brushline/shared/cards/schemas';
import { galleryMessages } from '@brushline/shared/gallery/messages';
import type { TxCtx } from '../../platform/deps.ts';
import { notFound } from '../../platform/errors.ts';
import type { Actor } from '../../platform/session.ts';
import { imageMedia } from './gallery.dto.ts';
import { ownFolder, visibleFoldersByIds } from './folders.repo.ts';
import { visibleImagesInFolders } from './images.repo.ts';

type CardFolder = NonNullable<Card['galleryFolder']>;

/**
 * SPEC §3 Commission card galleryFolder (decision 0017): the example folders of cards as `actor` may
 * see them — a folder they may not open is left out (the card shows none), and of a folder they may
 * open only the images they may see, in the folder's order.
 */
export async function cardFolders(
  ctx: TxCtx,
  actor: Actor | null,
  folderIds: readonly string[],
): Promise<Map<string, CardFolder>> {
  const out = new Map<string, CardFolder>();
  if (folderIds.length === 0) return out;
  const ids = [...new Set(folderIds)];
  const folders = await visibleFoldersByIds(ctx.db, actor, ids);
  const images = await visibleImagesInFolders(ctx.db, actor, ids);
  for (const f of folders) {
    out.set(f.id, {
      id: f.id,
      folderName: f.name,
      mediaFiles: images.filter((i) => i.folderId === f.id).map(imageMedia),
    });
  }
  return out;
}

/** A card's example folder must be one of the artist's own (someone else's or a missing one: 404). */
export async function assertOwnFolder(ctx: TxCtx, actor: Actor, folderId: string): Promise<void> {
  if (!(await ownFolder(ctx.db, actor.id, folderId))) throw notFound(galleryMessages.folderMissing);
}
