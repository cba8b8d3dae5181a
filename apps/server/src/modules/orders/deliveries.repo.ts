import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { OrderUpdateKind } from '@brushline/shared/orders/constants';
import type { DbOrTx } from '../../db/client.ts';
import { media } from '../../db/schema/media.ts';
import { commissionForms, orderUpdateFiles, orderUpdates } from '../../db/schema/orders.ts';
import { ownPictureId, users } from '../../db/schema/users.ts';
import type { MediaRow } from '../media/media.dto.ts';
import { partyTo } from './orders.repo.ts';

/** An order's updates, oldest first, each with its author. */
export async function findUpdateRows(db: DbOrTx, formId: number) {
  return db
    .select({
      id: orderUpdates.id,
      kind: orderUpdates.kind,
      message: orderUpdates.message,
      revision: orderUpdates.revision,
      approvedAt: orderUpdates.approvedAt,
      createdAt: orderUpdates.createdAt,
      authorId: users.id,
      authorLogin: users.login,
      authorDisplayName: users.displayName,
      authorAvatarId: ownPictureId(users),
    })
    .from(orderUpdates)
    .innerJoin(users, eq(users.id, orderUpdates.authorId))
    .where(eq(orderUpdates.formId, formId))
    .orderBy(asc(orderUpdates.id));
}
export type UpdateRow = Awaited<ReturnType<typeof findUpdateRows>>[number];

/** The files of these updates with their media rows, in their saved order. */
export async function findUpdateFileRows(
  db: DbOrTx,
  updateIds: number[],
): Promise<{ updateId: number; position: number; media: MediaRow }[]> {
  if (updateIds.length === 0) return [];
  return db
    .select({ updateId: orderUpdateFiles.updateId, position: orderUpdateFiles.position, media })
    .from(orderUpdateFiles)
    .innerJoin(media, eq(media.id, orderUpdateFiles.mediaId))
    .where(inArray(orderUpdateFiles.updateId, updateIds))
    .orderBy(asc(orderUpdateFiles.updateId), asc(orderUpdateFiles.position));
}

/** The media row of a file delivered in this order, or undefined when the order has no such file. */
export async function findOrderFile(db: DbOrTx, formId: number, mediaId: string) {
  const [row] = await db
    .select({
      media,
      updateId: orderUpdateFiles.updateId,
      position: orderUpdateFiles.position,
      kind: orderUpdates.kind,
    })
    .from(orderUpdateFiles)
    .innerJoin(orderUpdates, eq(orderUpdates.id, orderUpdateFiles.updateId))
    .innerJoin(media, eq(media.id, orderUpdateFiles.mediaId))
    .where(and(eq(orderUpdates.formId, formId), eq(orderUpdateFiles.mediaId, mediaId)))
    .orderBy(asc(orderUpdateFiles.updateId))
    .limit(1);
  return row;
}

/** Whether `mediaId` was delivered (or shown as work in progress) in an order `userId` is a side of. */
export async function isFileOfOrderOf(db: DbOrTx, mediaId: string, userId: string): Promise<boolean> {
  const rows = await db
    .select({ updateId: orderUpdateFiles.updateId })
    .from(orderUpdateFiles)
    .innerJoin(orderUpdates, eq(orderUpdates.id, orderUpdateFiles.updateId))
    .innerJoin(commissionForms, eq(commissionForms.id, orderUpdates.formId))
    .where(and(eq(orderUpdateFiles.mediaId, mediaId), partyTo(userId)))
    .limit(1);
  return rows.length > 0;
}

export async function countUpdates(db: DbOrTx, formId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(orderUpdates).where(eq(orderUpdates.formId, formId));
  return row?.n ?? 0;
}

export interface NewUpdate {
  formId: number;
  authorId: string;
  kind: OrderUpdateKind;
  message: string;
  revision: number;
}

/** Stores an update and its files (media ids in order); call inside a transaction. */
export async function insertUpdate(
  db: DbOrTx,
  update: NewUpdate,
  mediaIds: readonly string[],
): Promise<number> {
  const [row] = await db.insert(orderUpdates).values(update).returning({ id: orderUpdates.id });
  const updateId = row!.id;
  if (mediaIds.length > 0) {
    await db
      .insert(orderUpdateFiles)
      .values(mediaIds.map((mediaId, position) => ({ updateId, position, mediaId })));
  }
  return updateId;
}
