import type { RateLimit } from '../rate-limit.ts';
import type { Role } from '../roles.ts';

/** Upload sizes are stated in MB of 1024 × 1024 bytes. */
export const BYTES_PER_MB = 1024 * 1024;

/** SPEC §9 upload size per tier: 10 MB by default, 15/25/50 MB for subscriber tiers 1/2/3. */
export const UPLOAD_LIMIT_BYTES = {
  default: 10 * BYTES_PER_MB,
  'subscriber-tier-1': 15 * BYTES_PER_MB,
  'subscriber-tier-2': 25 * BYTES_PER_MB,
  'subscriber-tier-3': 50 * BYTES_PER_MB,
} as const;

/** The largest upload a user with these roles may send. */
export function uploadLimitFor(roles: readonly Role[]): number {
  if (roles.includes('subscriber-tier-3')) return UPLOAD_LIMIT_BYTES['subscriber-tier-3'];
  if (roles.includes('subscriber-tier-2')) return UPLOAD_LIMIT_BYTES['subscriber-tier-2'];
  if (roles.includes('subscriber-tier-1')) return UPLOAD_LIMIT_BYTES['subscriber-tier-1'];
  return UPLOAD_LIMIT_BYTES.default;
}

/** Decompression-bomb guard: no image may decode to more pixels than this (about 8000×8000). */
export const MAX_IMAGE_MEGAPIXELS = 64;
export const MAX_IMAGE_PIXELS = MAX_IMAGE_MEGAPIXELS * 1_000_000;

/**
 * Frames an animation may have. The pixel guard bounds memory, not time: a few kB of 1×1 GIF
 * frames would otherwise take minutes of CPU to re-encode (twice, full and miniature).
 */
export const MAX_ANIMATION_FRAMES = 1000;

/**
 * CPU budget of one animation, as the pixels its re-encoding touches: frames × the larger of a
 * frame and a stored frame (a fixed box like a banner enlarges small frames). 6 megapixels keep one
 * upload under about 1 s of CPU (a 1000-frame GIF at the 64-megapixel cap took 9 s); e.g. 24 frames
 * of 500×500 or 100 of 245×245 (docs/decisions/0011-hardening.md).
 */
export const MAX_ANIMATION_MEGAPIXELS = 6;
export const MAX_ANIMATION_PIXELS = MAX_ANIMATION_MEGAPIXELS * 1_000_000;

/**
 * Images whose re-encoding touches at most this many pixels are "small": they may use the image
 * pool's express slot, so they never wait behind big uploads (about 0.1 s of CPU or less).
 */
export const SMALL_IMAGE_MEGAPIXELS = 2;
export const SMALL_IMAGE_PIXELS = SMALL_IMAGE_MEGAPIXELS * 1_000_000;

export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;

/**
 * What an upload is for decides its stored size. Fixed-size purposes are cropped to cover the
 * box (centre crop); free ones are fitted inside it without enlarging.
 */
export const MEDIA_PURPOSES = [
  'post',
  'avatar',
  'banner',
  'cardBanner',
  'cardThumbnail',
  /** A reference of an order, a request or an application: private to the people who may see it. */
  'reference',
  /** Delivered art or work in progress: private to the two sides of the order. */
  'delivery',
  /** A picture sent in a chat: private, fetched by the room's two members only. */
  'chat',
  /** A picture of the owner's gallery: who may fetch it follows its privacy (decision 0017). */
  'gallery',
] as const;
export type MediaPurpose = (typeof MEDIA_PURPOSES)[number];

export interface MediaBox {
  width: number;
  height: number;
  fit: 'cover' | 'inside';
  miniature: { width: number; height: number };
  /** Encoder quality of the full variant when it is not the default (JPEG 82, WebP 88). */
  fullQuality?: { jpeg: number; webp: number };
}

/**
 * The widest side a stored image may have: WebP's own limit. A delivery up to MAX_IMAGE_PIXELS
 * with no side longer than this is stored at exactly its own size.
 */
export const DELIVERY_MAX_SIDE = 16383;

export const MEDIA_BOXES: Record<MediaPurpose, MediaBox> = {
  post: { width: 4096, height: 4096, fit: 'inside', miniature: { width: 640, height: 640 } },
  reference: { width: 4096, height: 4096, fit: 'inside', miniature: { width: 480, height: 480 } },
  avatar: { width: 400, height: 400, fit: 'cover', miniature: { width: 96, height: 96 } },
  banner: { width: 1500, height: 500, fit: 'cover', miniature: { width: 600, height: 200 } },
  /** SPEC §5/§9: card banner 596×128 and thumbnail 305×380. */
  cardBanner: { width: 596, height: 128, fit: 'cover', miniature: { width: 298, height: 64 } },
  cardThumbnail: { width: 305, height: 380, fit: 'cover', miniature: { width: 153, height: 190 } },
  /**
   * The finished art (or work in progress) an artist delivers: never made smaller for the buyer,
   * and encoded at a higher quality than feed pictures. Private: only its uploader, and the two
   * sides of the order it is delivered in, may fetch it (docs/decisions/0013-deliveries.md).
   */
  delivery: {
    width: DELIVERY_MAX_SIDE,
    height: DELIVERY_MAX_SIDE,
    fit: 'inside',
    miniature: { width: 640, height: 640 },
    fullQuality: { jpeg: 92, webp: 95 },
  },
  chat: { width: 4096, height: 4096, fit: 'inside', miniature: { width: 480, height: 480 } },
  gallery: { width: 4096, height: 4096, fit: 'inside', miniature: { width: 640, height: 640 } },
};

/**
 * Purposes made for public places (a post, a profile, a commission card): anyone may fetch their
 * bytes, and shared caches may keep them for a year (the bytes under an id never change).
 */
export const PUBLIC_MEDIA_PURPOSES = ['post', 'avatar', 'banner', 'cardBanner', 'cardThumbnail'] as const;
export type PublicMediaPurpose = (typeof PUBLIC_MEDIA_PURPOSES)[number];
export const isPublicPurpose = (purpose: MediaPurpose): purpose is PublicMediaPurpose =>
  (PUBLIC_MEDIA_PURPOSES as readonly MediaPurpose[]).includes(purpose);

/**
 * Every other purpose is ruled: its uploader may always fetch it, anyone else only where the module
 * that placed it says so (the people who may see the order, request, application, room or gallery
 * image it is attached to); an upload placed nowhere yet is its uploader's only. Served with a
 * private cache (docs/decisions/0004-media.md, "Who may fetch what").
 */
export type RuledMediaPurpose = Exclude<MediaPurpose, PublicMediaPurpose>;
export const RULED_MEDIA_PURPOSES = MEDIA_PURPOSES.filter(
  (purpose): purpose is RuledMediaPurpose => !isPublicPurpose(purpose),
);

/** A browser sends at most this many uploads at once (a drop of 15 references waits its turn). */
export const MEDIA_UPLOADS_AT_ONCE = 3;

/** Image uploads per user: a full post (10) or reference set (15) several times over. */
export const MEDIA_UPLOAD_LIMIT: RateLimit = { points: 60, seconds: 10 * 60 };

/** The CSS aspect-ratio of a purpose's box ("305 / 380"), so a picture's space is kept before it loads. */
export const boxAspectRatio = (purpose: MediaPurpose) =>
  `${MEDIA_BOXES[purpose].width} / ${MEDIA_BOXES[purpose].height}`;
