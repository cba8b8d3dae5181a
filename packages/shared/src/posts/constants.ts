import type { RateLimit } from '../rate-limit.ts';

export const POST_TEXT_MAX = 1200;
export const POST_MEDIA_MAX = 10;
export const MATURITIES = ['sfw', 'questionable', 'nsfw'] as const;
export type Maturity = (typeof MATURITIES)[number];
/** Posts per feed page (SPEC §9: pages from 1 until an empty page). */
export const FEED_PAGE_SIZE = 20;
/**
 * Posts at the top of a feed page, on a phone's first screen: the web app renders them first and
 * loads their pictures at once, and the server has the browser fetch their first pictures with the
 * page itself (docs/decisions/0008-serving-the-app.md).
 */
export const FEED_EAGER_POSTS = 3;
/** SPEC §9: a post collapses when its content is taller than 60 % of the window. */
export const POST_COLLAPSE_RATIO = 0.6;

/**
 * Posts per user (docs/decisions/0008-hardening.md): an artist sharing a batch of sketches posts
 * a few in a minute and a few dozen on a busy day; a script posting thousands is stopped within
 * its first minute.
 */
export const POST_LIMITS = {
  perMinute: { points: 10, seconds: 60 },
  perHour: { points: 60, seconds: 60 * 60 },
} as const satisfies Record<string, RateLimit>;
/** Likes (and unlikes) per user: two a second while scrolling fast, never a flood of notifications. */
export const LIKE_LIMIT: RateLimit = { points: 120, seconds: 60 };
