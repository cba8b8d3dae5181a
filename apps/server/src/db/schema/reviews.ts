import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ReviewSide } from '@brushline/shared/reviews/constants';
import { commissionForms } from './orders.ts';
import { users } from './users.ts';

/**
 * A party's review of the other after a done order (decision 0023): one per author
 * and order, the reviewed person's one answer beside it. `side` is the reviewed person's side in
 * the order. Staff hiding it (`hidden_at`) takes it out of every list and every average; triggers
 * (migration 0025) keep the artist's totals on their display card exact in the same transaction.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    formId: integer('form_id')
      .notNull()
      .references(() => commissionForms.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subjectId: uuid('subject_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    side: text('side').$type<ReviewSide>().notNull(),
    stars: smallint('stars').notNull(),
    text: text('text').notNull().default(''),
    answer: text('answer'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenReason: text('hidden_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reviews_form_author_uq').on(t.formId, t.authorId),
    // A profile's list and its averages: the shown reviews of one person on one side, newest first.
    index('reviews_subject_idx')
      .on(t.subjectId, t.side, sql`${t.createdAt} desc`, sql`${t.id} desc`)
      .where(sql`${t.hiddenAt} is null`),
    index('reviews_author_idx').on(t.authorId),
    check('reviews_stars_range', sql`${t.stars} between 1 and 5`),
    check('reviews_side', sql`${t.side} in ('artist', 'buyer')`),
    check('reviews_not_self', sql`${t.authorId} <> ${t.subjectId}`),
  ],
);
