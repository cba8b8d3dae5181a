export const POST_TEXT_MAX = 1200;
export const POST_MEDIA_MAX = 10;
export const MATURITIES = ['sfw', 'questionable', 'nsfw'] as const;
export type Maturity = (typeof MATURITIES)[number];
/** Posts per feed page (SPEC §9: pages from 1 until an empty page). */
export const FEED_PAGE_SIZE = 20;
/** SPEC §9: a post collapses when its content is taller than 60 % of the window. */
export const POST_COLLAPSE_RATIO = 0.6;
