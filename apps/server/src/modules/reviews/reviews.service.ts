import {
  RELIABILITY_MIN_ORDERS,
  REVIEW_WINDOW_DAYS,
  REVIEWS_PAGE_SIZE,
} from '@brushline/shared/reviews/constants';
import { reviewMessages as m } from '@brushline/shared/reviews/messages';
import { ratingFrom } from '@brushline/shared/reviews/rating';
import type {
  OrderReviews,
  Reputation,
  Review,
  ReviewAnswerBody,
  ReviewBody,
  ReviewSaved,
  UserReviewsPage,
  UserReviewsQuery,
} from '@brushline/shared/reviews/schemas';
import { isStaff } from '@brushline/shared/roles';
import { userNotFound } from '@brushline/shared/users/messages';
import { isUuid } from '@brushline/shared/uuid';
import type { Deps, TxCtx } from '../../platform/deps.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { decodeTimeIdCursor, encodeCursor } from '../../platform/keyset-cursor.ts';
import type { Actor } from '../../platform/session.ts';
import { galleryListsChanged } from '../gallery/gallery-page-cache.ts';
import { createNotification } from '../notifications/notifications.service.ts';
import { orderOfParty } from '../orders/orders.service.ts';
import { userByLogin } from '../users/users.service.ts';
import { toReview } from './reviews.dto.ts';
import { reputations, reputationsChanged } from './reputation-cache.ts';
import {
  findOrderReviews,
  findReview,
  findSubjectReviews,
  insertReview,
  ratingOf,
  recordFigures,
  setAnswer,
  setHidden,
} from './reviews.repo.ts';

/**
 * Reviews after a done order and people's records (decision 0023). Each party
 * of a done order may review the other once, within REVIEW_WINDOW_DAYS of done; the reviewed
 * person may answer once. Staff hiding a review takes it out of every list and average.
 */

type Ctx = Pick<Deps, 'db' | 'hub' | 'log' | 'bus'>;

const WINDOW_MS = REVIEW_WINDOW_DAYS * 24 * 60 * 60 * 1000;
const reviewNotFound = () => notFound(m.reviewNotFound);

/** The last moment the parties may review an order: REVIEW_WINDOW_DAYS after done; null before done. */
function reviewUntil(order: { taskStatus: string; taskDoneAt: Date | null }): Date | null {
  return order.taskStatus === 'done' && order.taskDoneAt
    ? new Date(order.taskDoneAt.getTime() + WINDOW_MS)
    : null;
}

/** GET order/{id}/reviews: both reviews as one party sees them, and whether they may write theirs. */
export async function getOrderReviews(
  ctx: Pick<Deps, 'db'>,
  actor: Actor,
  formId: number,
): Promise<OrderReviews> {
  const order = await orderOfParty(ctx, actor, formId);
  const rows = await findOrderReviews(ctx.db, formId);
  const mine = rows.find((r) => r.authorId === actor.id);
  // What staff hid is gone for everyone but its author.
  const theirs = rows.find((r) => r.authorId !== actor.id && !r.hiddenAt);
  const until = reviewUntil(order);
  return {
    mine: mine ? toReview(mine) : null,
    theirs: theirs ? toReview(theirs) : null,
    canReview: !mine && until !== null && Date.now() < until.getTime() && order.artistId !== order.senderId,
    reviewUntil: until ? until.toISOString() : null,
  };
}

/**
 * POST order/{id}/review: a party reviews the other side of a done order, once, within the window.
 * The reviewed person is told (a notification that opens the order, where they may answer).
 */
export async function writeReview(
  ctx: Ctx,
  actor: Actor,
  formId: number,
  body: ReviewBody,
): Promise<ReviewSaved> {
  const { id, subjectId, push } = await ctx.db.transaction(async (tx) => {
    const order = await orderOfParty({ db: tx }, actor, formId);
    if (order.artistId === order.senderId) throw new AppError(409, 'self_review', m.notYourself);
    const until = reviewUntil(order);
    if (!until) throw new AppError(409, 'review_not_due', m.notDone);
    if (Date.now() >= until.getTime()) throw new AppError(409, 'review_window_closed', m.windowClosed);
    const reviewed = order.side === 'artist' ? 'buyer' : 'artist';
    const subjectId = reviewed === 'artist' ? order.artistId : order.senderId;
    const id = await insertReview(tx, {
      formId,
      authorId: actor.id,
      subjectId,
      side: reviewed,
      stars: body.stars,
      text: body.text,
    });
    if (!id) throw new AppError(409, 'already_reviewed', m.alreadyReviewed);
    const { push } = await createNotification({ db: tx }, actor, {
      userId: subjectId,
      type: 'commission_status',
      formId,
      message: m.reviewedYou(actor.login, order.cardTitle, body.stars),
    });
    return { id, subjectId, push };
  });
  push(ctx);
  await afterReviewsChanged(ctx, [actor.id, subjectId]);
  return { review: toReview((await findReview(ctx.db, id))!), message: m.saved };
}

/** POST review/{id}/answer: the reviewed person answers once; anyone else 404. */
export async function answerReview(
  ctx: Pick<Deps, 'db'>,
  actor: Actor,
  id: string,
  body: ReviewAnswerBody,
): Promise<ReviewSaved> {
  if (!isUuid(id)) throw reviewNotFound();
  const row = await findReview(ctx.db, id);
  if (!row || row.subjectId !== actor.id) throw reviewNotFound();
  if (row.hiddenAt) throw new AppError(409, 'review_hidden', m.hiddenNoAnswer);
  if (row.answer !== null) throw new AppError(409, 'already_answered', m.alreadyAnswered);
  if (!(await setAnswer(ctx.db, id, body.text))) {
    const now = await findReview(ctx.db, id);
    if (now?.hiddenAt) throw new AppError(409, 'review_hidden', m.hiddenNoAnswer);
    throw new AppError(409, 'already_answered', m.alreadyAnswered);
  }
  return { review: toReview((await findReview(ctx.db, id))!), message: m.answered };
}

/** GET reviews/user/{login}: one side's shown reviews, newest first, and the averages of both sides. */
export async function listUserReviews(
  ctx: Pick<Deps, 'db'>,
  actor: Actor | null,
  login: string,
  q: UserReviewsQuery,
): Promise<UserReviewsPage> {
  const user = await userByLogin(ctx, actor, login);
  if (!user) throw notFound(userNotFound);
  const cursor = q.cursor ? decodeTimeIdCursor(q.cursor, m.badCursor) : undefined;
  const [rows, asArtist, asBuyer] = await Promise.all([
    findSubjectReviews(ctx.db, user.id, q.side, {
      cursor,
      readerId: actor?.id ?? null,
      limit: REVIEWS_PAGE_SIZE + 1,
    }),
    ratingOf(ctx.db, user.id, 'artist'),
    ratingOf(ctx.db, user.id, 'buyer'),
  ]);
  const page = rows.slice(0, REVIEWS_PAGE_SIZE);
  const last = page.at(-1);
  return {
    asArtist: ratingFrom(asArtist.count, asArtist.stars),
    asBuyer: ratingFrom(asBuyer.count, asBuyer.stars),
    items: page.map(toReview),
    nextCursor: rows.length > REVIEWS_PAGE_SIZE && last ? encodeCursor(last.cursorTs, last.id) : null,
  };
}

/**
 * GET reputation/{login}: the person's record from stored orders and reviews, cached a minute.
 * A reliability figure needs RELIABILITY_MIN_ORDERS measured orders; below that it is null.
 */
export async function getReputation(ctx: Pick<Deps, 'db' | 'bus'>, actor: Actor | null, login: string) {
  const user = await userByLogin(ctx, actor, login);
  if (!user) throw notFound(userNotFound);
  return reputations(ctx.bus).load(user.id, () => readReputation(ctx, user.id));
}

async function readReputation(ctx: Pick<Deps, 'db'>, userId: string): Promise<Reputation> {
  const [f, asArtist, asBuyer] = await Promise.all([
    recordFigures(ctx.db, userId),
    ratingOf(ctx.db, userId, 'artist'),
    ratingOf(ctx.db, userId, 'buyer'),
  ]);
  const enough = (n: number) => n >= RELIABILITY_MIN_ORDERS;
  return {
    asArtist: {
      rating: ratingFrom(asArtist.count, asArtist.stars),
      ordersDone: f.artistDone,
      onTimeShare: enough(f.dueMeasured) ? Math.round((f.onTime / f.dueMeasured) * 100) / 100 : null,
      medianAnswerHours:
        enough(f.answered) && f.medianAnswerHours !== null ? Math.round(f.medianAnswerHours * 10) / 10 : null,
    },
    asBuyer: { rating: ratingFrom(asBuyer.count, asBuyer.stars), ordersDone: f.buyerDone },
  };
}

/** After a review is written or hidden: both records, and /artists' pages (ratings show there), drop everywhere. */
async function afterReviewsChanged(ctx: Pick<Deps, 'bus'>, userIds: string[]) {
  await reputationsChanged(ctx.bus, userIds);
  await galleryListsChanged(ctx.bus);
}

/** Reaction to orderMoved: an order that reached done changes both parties' records. */
export async function followOrderDone(
  ctx: Pick<Deps, 'bus'>,
  _actor: null,
  e: { artistId: string; buyerId: string; to: string },
) {
  if (e.to === 'done') await reputationsChanged(ctx.bus, [e.artistId, e.buyerId]);
}

/*
 * For moderation (reports and hiding), through this module as for every other kind.
 */

/** A review as `actor` may see it (a shown one, or their own hidden one; staff see all); undefined otherwise. */
export async function reviewForReader(
  ctx: TxCtx,
  actor: Actor,
  id: string,
): Promise<(Review & { authorId: string }) | undefined> {
  if (!isUuid(id)) return undefined;
  const row = await findReview(ctx.db, id);
  if (!row || (row.hiddenAt && row.authorId !== actor.id && !isStaff(actor.roles))) return undefined;
  return { ...toReview(row), authorId: row.authorId };
}

/**
 * Staff hide a review (in their transaction): it leaves every list and average (the totals
 * triggers). Answers the two people whose records change, or null when it was already hidden.
 */
export async function setReviewHiddenByStaff(ctx: TxCtx, _actor: Actor, id: string, reason: string) {
  if (!isUuid(id)) return null;
  const row = await findReview(ctx.db, id);
  if (!row || !(await setHidden(ctx.db, id, reason))) return null;
  return [row.authorId, row.subjectId];
}

/** After staff hid a review (their commit): the records and /artists' pages drop everywhere. */
export const reviewHidden = (ctx: Pick<Deps, 'bus'>, _actor: Actor, userIds: string[]) =>
  afterReviewsChanged(ctx, userIds);
