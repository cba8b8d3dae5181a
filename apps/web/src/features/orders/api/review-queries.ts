import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  OrderReviews,
  ReviewAnswerBody,
  ReviewBodyInput,
  ReviewSaved,
} from '@brushline/shared/reviews/schemas';
import { api } from '../../../lib/api-client.ts';
import { userKeys } from '../../users/api/user-queries.ts';
import { orderKeys } from './order-queries.ts';

/** GET order/{id}/reviews: what each party of a done order wrote, and whether the reader may still. */
export const orderReviewsQuery = (formId: number) =>
  queryOptions({
    queryKey: orderKeys.reviews(formId),
    queryFn: () => api<OrderReviews>(`order/${formId}/reviews`),
  });

/**
 * Refetches the order's reviews and marks the profiles' review lists stale. Also after a refusal:
 * a 409 (already reviewed, window closed, already answered) means the page is behind the server.
 */
function useRefreshReviews(formId: number) {
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({ queryKey: orderKeys.reviews(formId) });
    void qc.invalidateQueries({ queryKey: userKeys.allReviews(), refetchType: 'none' });
  };
}

/** POST order/{id}/review: the reader's stars and words about the other side. */
export function useReviewOrder(formId: number) {
  const qc = useQueryClient();
  const refresh = useRefreshReviews(formId);
  return useMutation({
    mutationFn: (body: ReviewBodyInput) =>
      api<ReviewSaved>(`order/${formId}/review`, { method: 'POST', body }),
    // The reviewed person's average has moved.
    onSuccess: ({ review }) =>
      void qc.invalidateQueries({ queryKey: userKeys.reputation(review.subject.login), refetchType: 'none' }),
    onSettled: refresh,
  });
}

/** POST review/{id}/answer: the reviewed person's one answer under a review. */
export function useAnswerReview(formId: number) {
  const refresh = useRefreshReviews(formId);
  return useMutation({
    mutationFn: ({ reviewId, ...body }: ReviewAnswerBody & { reviewId: string }) =>
      api<ReviewSaved>(`review/${reviewId}/answer`, { method: 'POST', body }),
    onSettled: refresh,
  });
}
