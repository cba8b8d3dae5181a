import type { Review } from '@brushline/shared/reviews/schemas';
import { iso } from '../../platform/dates.ts';
import { toPerson } from '../users/users.dto.ts';
import type { ReviewRow } from './reviews.repo.ts';

/** A review as the API shows it; `hiddenByStaff` only ever reaches its author and staff. */
export const toReview = (r: ReviewRow): Review => ({
  id: r.id,
  orderId: r.formId,
  orderTitle: r.orderTitle,
  side: r.side,
  author: toPerson({
    id: r.authorId,
    login: r.authorLogin,
    displayName: r.authorName,
    avatarId: r.authorAvatarId,
  }),
  subject: toPerson({
    id: r.subjectId,
    login: r.subjectLogin,
    displayName: r.subjectName,
    avatarId: r.subjectAvatarId,
  }),
  stars: Number(r.stars),
  text: r.text,
  createdAt: iso(r.createdAt),
  answer: r.answer,
  answeredAt: r.answeredAt ? iso(r.answeredAt) : null,
  hiddenByStaff: r.hiddenAt ? (r.hiddenReason ?? '') : null,
});
