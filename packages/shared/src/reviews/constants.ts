/** Reviews after a done order (decision 0023). */

/** Whole stars, 1 to 5. */
export const REVIEW_STARS_MIN = 1;
export const REVIEW_STARS_MAX = 5;
export const REVIEW_TEXT_MAX = 1000;
export const REVIEW_ANSWER_MAX = 1000;
/** Each party may review the other within this many days after the order is done. */
export const REVIEW_WINDOW_DAYS = 30;
export const REVIEWS_PAGE_SIZE = 20;
/** Reliability figures (decision 0023) are shown only from this many orders on. */
export const RELIABILITY_MIN_ORDERS = 3;

/** The side the reviewed person took in the order: reviews of artists and of buyers are counted apart. */
export const REVIEW_SIDES = ['artist', 'buyer'] as const;
export type ReviewSide = (typeof REVIEW_SIDES)[number];
