import { z } from 'zod';
import { proseText } from '../text.ts';
import { personSchema } from '../users/schemas.ts';
import {
  REVIEW_ANSWER_MAX,
  REVIEW_SIDES,
  REVIEW_STARS_MAX,
  REVIEW_STARS_MIN,
  REVIEW_TEXT_MAX,
} from './constants.ts';
import { reviewMessages as m } from './messages.ts';

export const reviewBodySchema = z.object({
  stars: z
    .number({ error: m.starsRange })
    .int({ error: m.starsRange })
    .min(REVIEW_STARS_MIN, { error: m.starsRange })
    .max(REVIEW_STARS_MAX, { error: m.starsRange }),
  /** Optional words beside the stars. */
  text: proseText(m.badCharacters).trim().max(REVIEW_TEXT_MAX, { error: m.textTooLong }).default(''),
});
export type ReviewBody = z.infer<typeof reviewBodySchema>;
export type ReviewBodyInput = z.input<typeof reviewBodySchema>;

export const reviewAnswerBodySchema = z.object({
  text: proseText(m.badCharacters, { error: m.answerRequired })
    .trim()
    .min(1, { error: m.answerRequired })
    .max(REVIEW_ANSWER_MAX, { error: m.answerTooLong }),
});
export type ReviewAnswerBody = z.infer<typeof reviewAnswerBodySchema>;

/** An average of the stars a person received on one side, and how many reviews it counts. */
export const ratingSchema = z.object({
  average: z.number(),
  count: z.number().int(),
});
export type Rating = z.infer<typeof ratingSchema>;

export const reviewSchema = z.object({
  id: z.uuid(),
  /** The order it is about (its form id); only its two parties can open the order itself. */
  orderId: z.number().int(),
  /** The commission card's title when the order was sent. */
  orderTitle: z.string(),
  /** The reviewed person's side in that order. */
  side: z.enum(REVIEW_SIDES),
  author: personSchema,
  subject: personSchema,
  stars: z.number().int(),
  text: z.string(),
  createdAt: z.iso.datetime(),
  answer: z.string().nullable(),
  answeredAt: z.iso.datetime().nullable(),
  /** Why staff hid it: only its author and staff ever see a hidden review; null when shown. */
  hiddenByStaff: z.string().nullable(),
});
export type Review = z.infer<typeof reviewSchema>;

export const userReviewsQuerySchema = z.object({
  side: z.enum(REVIEW_SIDES, { error: m.badSide }).default('artist'),
  cursor: z.string().max(200).optional(),
});
export type UserReviewsQuery = z.infer<typeof userReviewsQuerySchema>;

/** A profile's Reviews tab: the average and count on each side, and one side's reviews, newest first. */
export const userReviewsPageSchema = z.object({
  asArtist: ratingSchema.nullable(),
  asBuyer: ratingSchema.nullable(),
  items: z.array(reviewSchema),
  nextCursor: z.string().nullable(),
});
export type UserReviewsPage = z.infer<typeof userReviewsPageSchema>;

/** An order's reviews as one of its parties sees them, and whether they may still write theirs. */
export const orderReviewsSchema = z.object({
  /** What the reader wrote about the other side, or null. */
  mine: reviewSchema.nullable(),
  /** What the other side wrote about the reader, or null. */
  theirs: reviewSchema.nullable(),
  /** The reader may review now (the order is done, within the window, not yet reviewed). */
  canReview: z.boolean(),
  /** The last moment to review (ISO), once the order is done; null before. */
  reviewUntil: z.iso.datetime().nullable(),
});
export type OrderReviews = z.infer<typeof orderReviewsSchema>;

export const reviewSavedSchema = z.object({ review: reviewSchema, message: z.string() });
export type ReviewSaved = z.infer<typeof reviewSavedSchema>;

/**
 * A person's record (decision 0023), from stored orders and reviews: as an artist (profiles,
 * commission pages) and as a buyer (what an artist sees in Incoming before accepting).
 */
export const reputationSchema = z.object({
  asArtist: z.object({
    rating: ratingSchema.nullable(),
    /** Orders they delivered and the buyer approved. */
    ordersDone: z.number().int(),
    /**
     * Reliability figures, null below RELIABILITY_MIN_ORDERS measured orders (never invented):
     * the share (0..1) of done orders with a due date whose first delivery came by it,
     */
    onTimeShare: z.number().nullable(),
    /** and the median time from a new order to the artist's accept or decline, in hours. */
    medianAnswerHours: z.number().nullable(),
  }),
  asBuyer: z.object({
    rating: ratingSchema.nullable(),
    /** Orders of theirs that reached done, with any artist. */
    ordersDone: z.number().int(),
  }),
});
export type Reputation = z.infer<typeof reputationSchema>;
