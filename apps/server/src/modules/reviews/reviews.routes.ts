import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { orderIdParamsSchema } from '@brushline/shared/orders/schemas';
import {
  REVIEW_WINDOW_DAYS,
  RELIABILITY_MIN_ORDERS,
  REVIEWS_PAGE_SIZE,
} from '@brushline/shared/reviews/constants';
import {
  orderReviewsSchema,
  reputationSchema,
  reviewAnswerBodySchema,
  reviewBodySchema,
  reviewSavedSchema,
  userReviewsPageSchema,
  userReviewsQuerySchema,
} from '@brushline/shared/reviews/schemas';
import { loginLookupSchema } from '@brushline/shared/users/schemas';
import { uuidSchema } from '@brushline/shared/uuid';
import type { Deps } from '../../platform/deps.ts';
import { errorResponses } from '../../platform/openapi.ts';
import { requireActor } from '../../platform/session.ts';
import {
  answerReview,
  getOrderReviews,
  getReputation,
  listUserReviews,
  writeReview,
} from './reviews.service.ts';

const tags = ['reviews'];
const security = [{ session: [] }];
const ours = 'Path not in the SPEC; chosen here (decision 0023).';
const loginParam = z.object({ login: loginLookupSchema });
const reviewParam = z.object({ id: uuidSchema });

export const reviewsRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/order/:id/reviews',
      {
        schema: {
          tags,
          security,
          summary: "An order's reviews as one of its parties sees them, and whether they may write theirs",
          description:
            `${ours} Only the two parties (anyone else 404). mine: what the reader wrote; theirs: what the other ` +
            `side wrote about them (left out while staff hide it). canReview once the order is done, for ${REVIEW_WINDOW_DAYS} days, until they review.`,
          params: orderIdParamsSchema,
          response: { 200: orderReviewsSchema, ...errorResponses(400, 401, 404) },
        },
      },
      async (req) => getOrderReviews(deps, requireActor(req), req.params.id),
    );

    app.post(
      '/order/:id/review',
      {
        schema: {
          tags,
          security,
          summary: 'Review the other party of a done order: 1–5 stars and optional words',
          description:
            `${ours} Once per party and order, within ${REVIEW_WINDOW_DAYS} days after it is done; it cannot be edited. ` +
            '409 review_not_due before done (canceled and declined orders never are), review_window_closed after the window, ' +
            'already_reviewed for a second review. The reviewed person is notified and may answer once.',
          params: orderIdParamsSchema,
          body: reviewBodySchema,
          response: { 200: reviewSavedSchema, ...errorResponses(400, 401, 404, 409) },
        },
      },
      async (req) => writeReview(deps, requireActor(req), req.params.id, req.body),
    );

    app.post(
      '/review/:id/answer',
      {
        schema: {
          tags,
          security,
          summary: 'Answer a review of you, once',
          description: `${ours} Only the reviewed person (anyone else 404). 409 already_answered, review_hidden (staff hid it).`,
          params: reviewParam,
          body: reviewAnswerBodySchema,
          response: { 200: reviewSavedSchema, ...errorResponses(400, 401, 404, 409) },
        },
      },
      async (req) => answerReview(deps, requireActor(req), req.params.id, req.body),
    );

    app.get(
      '/reviews/user/:login',
      {
        schema: {
          tags,
          summary:
            "A person's reviews on one side (as an artist by default), newest first, with both averages",
          description:
            `${ours} Public. ${REVIEWS_PAGE_SIZE} a page; pass nextCursor as cursor. Reviews staff hid are left out ` +
            '(and out of the averages); their author still sees their own, with hiddenByStaff.',
          params: loginParam,
          querystring: userReviewsQuerySchema,
          response: { 200: userReviewsPageSchema, ...errorResponses(400, 404) },
        },
      },
      async (req) => listUserReviews(deps, req.actor, req.params.login, req.query),
    );

    app.get(
      '/reputation/:login',
      {
        schema: {
          tags,
          summary:
            "A person's record: ratings, orders done, on-time share and median time to answer a new order",
          description:
            `${ours} Public, from stored orders and reviews, cached up to a minute. onTimeShare (0..1: done orders with ` +
            `a due date whose first delivery came by it) and medianAnswerHours are null below ${RELIABILITY_MIN_ORDERS} measured orders.`,
          params: loginParam,
          response: { 200: reputationSchema, ...errorResponses(400, 404) },
        },
      },
      async (req) => getReputation(deps, req.actor, req.params.login),
    );
  };
