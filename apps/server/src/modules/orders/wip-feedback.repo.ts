import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { orderUpdateComments, orderUpdates } from '../../db/schema/orders.ts';
import { ownPictureId, users } from '../../db/schema/users.ts';

/** One update of one order (undefined when the order has no such update). */
export async function findOrderUpdate(db: DbOrTx, formId: number, updateId: number) {
  const [row] = await db
    .select({ id: orderUpdates.id, kind: orderUpdates.kind, approvedAt: orderUpdates.approvedAt })
    .from(orderUpdates)
    .where(and(eq(orderUpdates.id, updateId), eq(orderUpdates.formId, formId)));
  return row;
}

/** Marks a work in progress approved once: true when this call set it, false when it already was. */
export async function markWipApproved(db: DbOrTx, updateId: number): Promise<boolean> {
  const rows = await db
    .update(orderUpdates)
    .set({ approvedAt: sql`now()` })
    .where(and(eq(orderUpdates.id, updateId), eq(orderUpdates.kind, 'wip'), isNull(orderUpdates.approvedAt)))
    .returning({ id: orderUpdates.id });
  return rows.length > 0;
}

export async function countWipComments(db: DbOrTx, updateId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(orderUpdateComments)
    .where(eq(orderUpdateComments.updateId, updateId));
  return row?.n ?? 0;
}

export async function insertWipComment(
  db: DbOrTx,
  comment: { updateId: number; authorId: string; message: string },
): Promise<number> {
  const [row] = await db
    .insert(orderUpdateComments)
    .values(comment)
    .returning({ id: orderUpdateComments.id });
  return row!.id;
}

/** The comments on these updates, oldest first, each with its author. */
export async function findWipCommentRows(db: DbOrTx, updateIds: number[]) {
  if (updateIds.length === 0) return [];
  return db
    .select({
      id: orderUpdateComments.id,
      updateId: orderUpdateComments.updateId,
      message: orderUpdateComments.message,
      createdAt: orderUpdateComments.createdAt,
      authorId: users.id,
      authorLogin: users.login,
      authorDisplayName: users.displayName,
      authorAvatarId: ownPictureId(users),
    })
    .from(orderUpdateComments)
    .innerJoin(users, eq(users.id, orderUpdateComments.authorId))
    .where(inArray(orderUpdateComments.updateId, updateIds))
    .orderBy(asc(orderUpdateComments.updateId), asc(orderUpdateComments.id));
}
export type WipCommentRow = Awaited<ReturnType<typeof findWipCommentRows>>[number];
