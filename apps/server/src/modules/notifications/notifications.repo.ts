import { and, desc, eq, inArray, isNotNull, lt, ne, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { commissionTasks } from '../../db/schema/orders.ts';
import { ownPictureId, users } from '../../db/schema/users.ts';
import type { NewNotification } from './notifications.service.ts';

export async function insertNotification(
  db: DbOrTx,
  n: NewNotification & { actorId: string | null },
): Promise<number> {
  const [row] = await db
    .insert(notifications)
    .values({
      userId: n.userId,
      type: n.type,
      message: n.message,
      actorId: n.actorId,
      postId: n.postId ?? null,
      formId: n.formId ?? null,
    })
    .returning({ id: notifications.id });
  return row!.id;
}

/** The room's chat notifications of the user become read (they read the room). */
export async function markChatRoomNotificationsRead(db: DbOrTx, userId: string, chatRoomId: number) {
  await db
    .update(notifications)
    .set({ isRead: true })
    .where(
      and(
        eq(notifications.userId, userId),
        eq(notifications.chatRoomId, chatRoomId),
        eq(notifications.isRead, false),
      ),
    );
}

/** The bell and /notifications leave chat messages out: the header's chat badge counts those. */
const notChat = ne(notifications.type, 'chat_message');

/** A notification with who triggered it and whether its form was accepted, in one query. */
const columns = {
  id: notifications.id,
  type: notifications.type,
  message: notifications.message,
  isRead: notifications.isRead,
  createdAt: notifications.createdAt,
  postId: notifications.postId,
  formId: notifications.formId,
  actorId: users.id,
  actorLogin: users.login,
  actorDisplayName: users.displayName,
  actorAvatarId: ownPictureId(users),
  taskStatus: commissionTasks.status,
};

export type NotificationRow = Awaited<ReturnType<typeof findNotification>> & {};

function baseQuery(db: DbOrTx) {
  return db
    .select(columns)
    .from(notifications)
    .leftJoin(users, eq(users.id, notifications.actorId))
    .leftJoin(commissionTasks, eq(commissionTasks.formId, notifications.formId));
}

export async function findNotification(db: DbOrTx, id: number) {
  const [row] = await baseQuery(db).where(eq(notifications.id, id));
  return row;
}

/** Newest first; `before` is the id cursor (keyset paging), `offset` serves numbered pages. */
export async function listNotifications(
  db: DbOrTx,
  userId: string,
  limit: number,
  before?: number,
  offset = 0,
) {
  return baseQuery(db)
    .where(and(eq(notifications.userId, userId), notChat, before ? lt(notifications.id, before) : undefined))
    .orderBy(desc(notifications.id))
    .limit(limit)
    .offset(offset);
}

/** Who a notification belongs to, or undefined when there is no such notification. */
export async function findNotificationOwner(db: DbOrTx, id: number): Promise<string | undefined> {
  const [row] = await db
    .select({ userId: notifications.userId })
    .from(notifications)
    .where(eq(notifications.id, id));
  return row?.userId;
}

export async function countUnread(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), notChat, eq(notifications.isRead, false)));
  return row?.n ?? 0;
}

/** Marks one (when `id` is given) or all of the user's notifications read; answers how many changed. */
export async function markRead(db: DbOrTx, userId: string, id?: number): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ isRead: true })
    .where(
      and(
        eq(notifications.userId, userId),
        eq(notifications.isRead, false),
        id === undefined ? undefined : eq(notifications.id, id),
      ),
    )
    .returning({ id: notifications.id });
  return rows.length;
}

/** The user's unread notifications about each of these forms (orders), as formId → count. */
/** Unread counts by form (order) of these forms, or of every form with null. */
export async function countUnreadByForm(db: DbOrTx, userId: string, formIds: number[] | null) {
  if (formIds !== null && formIds.length === 0) return [];
  return db
    .select({ formId: notifications.formId, n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        eq(notifications.isRead, false),
        formIds === null ? isNotNull(notifications.formId) : inArray(notifications.formId, formIds),
      ),
    )
    .groupBy(notifications.formId);
}

/** Marks the user's notifications about one form (order) read; answers how many changed. */
export async function markFormRead(db: DbOrTx, userId: string, formId: number): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ isRead: true })
    .where(
      and(
        eq(notifications.userId, userId),
        eq(notifications.isRead, false),
        eq(notifications.formId, formId),
      ),
    )
    .returning({ id: notifications.id });
  return rows.length;
}

/**
 * A subquery answering a short text that changes whenever the user's unread notifications about
 * orders change (one arrives, one is read): their count, highest and summed ids. The board's read
 * cache compares it instead of counting per order (docs/decisions/0014-kanban-board.md). A SQL
 * fragment: the board embeds it in its own prepared statement (through notifications.service.ts).
 */
export function unreadAboutOrdersStamp(userId: string | Placeholder): SQL<string> {
  return sql<string>`(select count(*) || ':' || coalesce(max(n.id), 0) || ':' || coalesce(sum(n.id), 0)
    from ${notifications} n
    where n.user_id = ${userId} and n.is_read = false and n.form_id is not null)`;
}
