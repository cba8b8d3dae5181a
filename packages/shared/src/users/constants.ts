import type { RateLimit } from '../rate-limit.ts';

/** Profile and social link limits (SPEC §2, §5, §9). */
export const DISPLAY_NAME_MAX = 64;

export const SOCIAL_TITLE_MAX = 200;
export const SOCIAL_URL_MAX = 1200;
/** SPEC §2: the url is shown cut at 32 characters with an ellipsis. */
export const SOCIAL_URL_SHOWN = 32;
/** Links one user may connect: enough for every site they use, too few to spam a profile. */
export const SOCIAL_LINKS_MAX = 20;

/**
 * A login named in a path or a query (a profile, a feed filter, a staff message). Looser than
 * LOGIN_MAX on purpose: an over-long name is simply nobody (404, an empty list), yet bounded.
 */
export const LOGIN_LOOKUP_MAX = 64;

/** Social link writes (add, change, delete) per user: setting up every link and fixing a few. */
export const SOCIAL_WRITE_LIMIT: RateLimit = { points: 30, seconds: 10 * 60 };
