import type { Rating } from './schemas.ts';

/**
 * The one way an average is made from stored totals (a count and the stars summed): two decimals,
 * null before the first review. The screens show it with one (ratingText).
 */
export const ratingFrom = (count: number, stars: number): Rating | null =>
  count > 0 ? { average: Math.round((stars * 100) / count) / 100, count } : null;
