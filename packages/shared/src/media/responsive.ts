import { MEDIA_BOXES } from './constants.ts';
import type { Media } from './schemas.ts';

/** How wide the server made a picture's miniature (the same rule as its resize: cover or fit inside). */
export function miniatureWidth(media: Pick<Media, 'purpose' | 'width' | 'height'>): number {
  const box = MEDIA_BOXES[media.purpose];
  if (box.fit === 'cover') return box.miniature.width;
  const scale = Math.min(1, box.miniature.width / media.width, box.miniature.height / media.height);
  return Math.max(1, Math.round(media.width * scale));
}

/**
 * How wide a post's pictures show (`sizes`): one picture across the card, several in a grid. The
 * web app's cards and the server's preloads of the feed's first pictures (which must pick the very
 * file the card will) read them from here.
 */
const below = (width: string, narrow: string, wider: string) => `(max-width:${width}) ${narrow}, ${wider}`;
const onPhone = (phone: string, wider: string) => below('40em', phone, wider);
export const POST_PICTURE_SIZES = {
  single: onPhone('100vw', '640px'),
  grid: onPhone('50vw', '220px'),
} as const;

/**
 * How wide a commission card's thumbnail shows in a profile's list of cards (two across on a
 * phone); the server preloads the first ones with it (decision 0008).
 */
export const CARD_THUMBNAIL_SIZES = below('48em', '50vw', '280px');

/**
 * Where a profile's banner switches from its 600×200 miniature (phones) to the full picture. The
 * <picture> of the profile header and the server's preloads of it (decision 0008) use the same
 * media queries.
 */
export const BANNER_WIDE_MEDIA = '(min-width:40em)';
export const BANNER_NARROW_MEDIA = '(max-width:39.99em)';

/** How many of a profile's cards are on its first screen on a phone: their thumbnails are preloaded. */
export const PROFILE_EAGER_CARDS = 2;

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
