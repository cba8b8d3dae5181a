import { fromCents } from '@brushline/shared/cards/pricing';
import type { DisplayCard } from '@brushline/shared/gallery/browse-schemas';
import { ratingFrom } from '@brushline/shared/reviews/rating';
import type { Folder, GalleryImage } from '@brushline/shared/gallery/schemas';
import type { Media } from '@brushline/shared/media/schemas';
import type { TagRef } from '@brushline/shared/tags/schemas';
import type { Actor } from '../../platform/session.ts';
import { toMedia } from '../media/media.dto.ts';
import { toPerson } from '../users/users.dto.ts';
import { notShownReasons } from './display-card-shown.rules.ts';
import type { DisplayCardRow } from './display-cards.repo.ts';
import type { FolderRow } from './folders.repo.ts';
import type { ImageRow } from './images.repo.ts';

export const imageMedia = (row: ImageRow): Media =>
  toMedia({ id: row.id, width: row.width, height: row.height, mime: row.mime, purpose: 'gallery' });

export const ownerOf = (
  row: Pick<ImageRow, 'ownerId' | 'ownerLogin' | 'ownerDisplayName' | 'ownerAvatarId'>,
) =>
  toPerson({
    id: row.ownerId,
    login: row.ownerLogin,
    displayName: row.ownerDisplayName,
    avatarId: row.ownerAvatarId,
  });

export function toGalleryImage(row: ImageRow, tags: TagRef[]): GalleryImage {
  return {
    id: row.id,
    media: imageMedia(row),
    title: row.title,
    privacy: row.privacy,
    effectivePrivacy: row.effectivePrivacy,
    folderId: row.folderId,
    tags,
    owner: ownerOf(row),
    blurred: row.blurred,
    aiLabel: row.aiLabel,
    hiddenByStaff: row.hiddenReason,
    createdAt: row.createdAt,
  };
}

/**
 * SPEC §3 Folder as this reader sees it: `images` and `children` are what the reader may see
 * (already filtered), the allowedUserList only for the owner.
 */
export function toFolder(
  row: FolderRow,
  actor: Actor | null,
  images: ImageRow[],
  children: FolderRow[],
  allowed: string[],
): Folder {
  const cover = images.find((i) => !i.blurred);
  return {
    id: row.id,
    folderName: row.name,
    privacy: row.privacy,
    effectivePrivacy: row.effectivePrivacy,
    ownerID: row.ownerId,
    parentId: row.parentId,
    allowedUserList: actor?.id === row.ownerId ? allowed : [],
    customIcon: row.customIcon,
    mediaFiles: images.map((i) => i.id),
    childFolders: children.map((c) => c.id),
    cover: cover ? imageMedia(cover) : null,
  };
}

/**
 * SPEC §3 Display card as this reader sees it: its tags, and the display images they may see in the
 * card's order (both read with the card, display-cards.repo.ts); to its owner while it is not shown,
 * what is missing (SPEC §4's conditions as the same read answered them, display-card-shown.rules.ts).
 */
export function toDisplayCard(r: DisplayCardRow, actor: Actor | null): DisplayCard {
  const media = r.images;
  return {
    id: r.id,
    tags: r.tags,
    displayMedia: media.map((m) =>
      toMedia({ id: m.id, width: m.width, height: m.height, mime: m.mime, purpose: 'gallery' }),
    ),
    isShown: r.isShown,
    notShownReasons: actor?.id === r.ownerId && !r.isShown && r.rule ? notShownReasons(r.rule) : [],
    owner: ownerOf(r),
    startingPrice: r.minPriceCents === null ? null : fromCents(r.minPriceCents),
    takingCommissions: r.takingCommissions,
    blurred: r.blurred || media.some((m) => m.blurred),
    activityAt: r.activityAt,
    rating: ratingFrom(r.reviewCount, r.reviewStars),
  };
}
