import type { MediaPlacement } from '../media/media.access.ts';
import { visibleImageById } from './images.repo.ts';

/**
 * Who may fetch the file of a gallery image (registered in app.ts): the same rule as every gallery
 * list (visibleImageById: its privacy, its folders' privacy and allowed users, the tags the reader
 * hides), so an image made Hidden stops being served to others at once. The gallery row's id is
 * the media id; an upload not placed in the gallery yet has no row, so it stays its uploader's.
 */
export const galleryMediaPlacements: MediaPlacement[] = [
  {
    purpose: 'gallery',
    readers: 'whoever may see the gallery image it is (its privacy and its folders decide)',
    mayRead: async (ctx, actor, mediaId) => (await visibleImageById(ctx.db, actor, mediaId)) !== undefined,
  },
];
