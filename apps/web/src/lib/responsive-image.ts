import { MEDIA_BOXES } from '@brushline/shared/media/constants';
import type { Media } from '@brushline/shared/media/schemas';

/** How wide the server made a picture's miniature (the same rule as its resize: cover or fit inside). */
export function miniatureWidth(media: Pick<Media, 'purpose' | 'width' | 'height'>): number {
  const box = MEDIA_BOXES[media.purpose];
  if (box.fit === 'cover') return box.miniature.width;
  const scale = Math.min(1, box.miniature.width / media.width, box.miniature.height / media.height);
  return Math.max(1, Math.round(media.width * scale));
}

/**
 * `src`, `srcSet` and `sizes` for an <img> of a stored picture: the browser takes the miniature
 * where it is sharp enough for the space (`sizes`, in CSS pixels) and the screen's density, and the
 * full picture where the miniature would be stretched.
 */
export function responsiveImage(
  media: Pick<Media, 'purpose' | 'width' | 'height' | 'url' | 'miniatureUrl'>,
  sizes: string,
) {
  const mini = miniatureWidth(media);
  return {
    src: media.miniatureUrl,
    srcSet: mini < media.width ? `${media.miniatureUrl} ${mini}w, ${media.url} ${media.width}w` : undefined,
    sizes,
  };
}
