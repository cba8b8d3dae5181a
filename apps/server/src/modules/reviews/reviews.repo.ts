import { and, desc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ReviewSide } from '@brushline/shared/reviews/constants';
import type { DbOrTx } from '../../db/client.ts';
import { commissionForms } from '../../db/schema/orders.ts';
import { reviews } from '../../db/schema/reviews.ts';
import { ownPictureId, users } from '../../db/schema/users.ts';

/** Reviews after a done order, and the figures of a person's record (decision 0023). */

const author = alias(users, 'review_author');
const subject = alias(users, 'review_subject');

const reviewColumns = {
  id: reviews.id,
  formId: reviews.formId,
  orderTitle: commissionForms.cardTitle,
  side: reviews.side,
  stars: reviews.stars,
  text: reviews.text,
  answer: reviews.answer,
  answeredAt: reviews.answeredAt,
  hiddenAt: reviews.hiddenAt,
  hiddenReason: reviews.hiddenReason,
  createdAt: reviews.createdAt,
  cursorTs: sql<string>`to_char(${reviews.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
  authorId: author.id,
  authorLogin: author.login,
  authorName: author.displayName,
  authorAvatarId: ownPictureId(author),
  subjectId: subject.id,
  subjectLogin: subject.login,
  subjectName: subject.displayName,
  subjectAvatarId: ownPictureId(subject),
};

export type ReviewRow = Awaited<ReturnType<typeof findReviews>>[number];

function findReviews(db: DbOrTx, where: SQL | undefined, limit?: number) {
  const query = db
    .select(reviewColumns)
    .from(reviews)
    .innerJoin(commissionForms, eq(commissionForms.id, reviews.formId))
    .innerJoin(author, eq(author.id, reviews.authorId))
    .innerJoin(subject, eq(subject.id, reviews.subjectId))
    .where(where)
    .orderBy(desc(reviews.createdAt), desc(reviews.id));
  return limit === undefined ? query : query.limit(limit);
}

export async function findReview(db: DbOrTx, id: string): Promise<ReviewRow | undefined> {
  return (await findReviews(db, eq(reviews.id, id)))[0];
}

/** Both reviews of an order (at most one by each party). */
export const findOrderReviews = (db: DbOrTx, formId: number) => findReviews(db, eq(reviews.formId, formId));

/**
 * One page of the shown reviews of `subjectId` on `side`, newest first, after the keyset `cursor`;
 * `authorId`'s own hidden ones too (its author still sees what they wrote, with staff's reason).
 */
export function findSubjectReviews(
  db: DbOrTx,
  subjectId: string,
  side: ReviewSide,
  opts: { cursor?: { ts: string; id: string }; readerId: string | null; limit: number },
) {
  const { cursor, readerId, limit } = opts;
  return findReviews(
    db,
    and(
      eq(reviews.subjectId, subjectId),
      eq(reviews.side, side),
      readerId ? or(isNull(reviews.hiddenAt), eq(reviews.authorId, readerId)) : isNull(reviews.hiddenAt),
      cursor
        ? sql`(${reviews.createdAt}, ${reviews.id}) < (${cursor.ts}::timestamptz, ${cursor.id}::uuid)`
        : undefined,
    ),
    limit,
  );
}

/** Stores a review; undefined when this author already reviewed the order (the unique index decides). */
export async function insertReview(
  db: DbOrTx,
  values: {
    formId: number;
    authorId: string;
    subjectId: string;
    side: ReviewSide;
    stars: number;
    text: string;
  },
): Promise<string | undefined> {
  const [row] = await db.insert(reviews).values(values).onConflictDoNothing().returning({ id: reviews.id });
  return row?.id;
}

/** Sets the one answer; false when it was answered (or hidden) meanwhile. */
export async function setAnswer(db: DbOrTx, id: string, text: string): Promise<boolean> {
  const rows = await db
    .update(reviews)
    .set({ answer: text, answeredAt: sql`now()` })
    .where(and(eq(reviews.id, id), isNull(reviews.answer), isNull(reviews.hiddenAt)))
    .returning({ id: reviews.id });
  return rows.length > 0;
}

/** Hides a shown review (the totals triggers take it out of the average); false when already hidden. */
export async function setHidden(db: DbOrTx, id: string, reason: string): Promise<boolean> {
  const rows = await db
    .update(reviews)
    .set({ hiddenAt: sql`now()`, hiddenReason: reason })
    .where(and(eq(reviews.id, id), isNull(reviews.hiddenAt)))
    .returning({ id: reviews.id });
  return rows.length > 0;
}

/** The average and count of the shown reviews of `subjectId` on `side`. */
export async function ratingOf(db: DbOrTx, subjectId: string, side: ReviewSide) {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      stars: sql<number>`coalesce(sum(${reviews.stars}), 0)::int`,
    })
    .from(reviews)
    .where(and(eq(reviews.subjectId, subjectId), eq(reviews.side, side), isNull(reviews.hiddenAt)));
  return { count: Number(row!.count), stars: Number(row!.stars) };
}

/**
 * The figures of a person's record from stored orders (decision 0023): orders done as the artist
 * and as the buyer; of the artist's done orders with a due date, how many had their first
 * delivery by it; and over the orders the artist answered, how many and the median hours to answer.
 */
export async function recordFigures(db: DbOrTx, userId: string) {
  const rows = await db.execute<{
    artist_done: number;
    buyer_done: number;
    due_measured: number;
    on_time: number;
    answered: number;
    median_answer_hours: number | null;
  }>(sql`
    select
      (select count(*)::int from commission_forms f join commission_tasks t on t.form_id = f.id
        where f.artist_id = ${userId} and t.status = 'done') as artist_done,
      (select count(*)::int from commission_forms f join commission_tasks t on t.form_id = f.id
        where f.sender_id = ${userId} and t.status = 'done') as buyer_done,
      d.measured as due_measured, d.on_time,
      a.answered, a.median_answer_hours
    from
      (select count(*)::int as measured,
          count(*) filter (where (select min(u.created_at) from order_updates u
            where u.form_id = f.id and u.kind = 'delivery') <= f.due_at)::int as on_time
        from commission_forms f join commission_tasks t on t.form_id = f.id
        where f.artist_id = ${userId} and t.status = 'done' and f.due_at is not null) d,
      (select count(*)::int as answered,
          (percentile_cont(0.5) within group (
            order by extract(epoch from t.answered_at - f.created_at)) / 3600)::float8 as median_answer_hours
        from commission_forms f join commission_tasks t on t.form_id = f.id
        where f.artist_id = ${userId} and t.answered_at is not null) a`);
  const r = rows.rows[0]!;
  return {
    artistDone: Number(r.artist_done),
    buyerDone: Number(r.buyer_done),
    dueMeasured: Number(r.due_measured),
    onTime: Number(r.on_time),
    answered: Number(r.answered),
    medianAnswerHours: r.median_answer_hours === null ? null : Number(r.median_answer_hours),
  };
}
