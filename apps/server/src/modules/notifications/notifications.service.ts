import { messages } from '@brushline/shared/messages';
import { NOTIFICATIONS_PAGE_SIZE, type NotificationType } from '@brushline/shared/notifications/constants';
import { notificationMessages } from '@brushline/shared/notifications/messages';
import {
  systemNotificationBodySchema,
  type Notification,
  type NotificationListQuery,
  type NotificationPage,
  type SystemNotificationBody,
} from '@brushline/shared/notifications/schemas';
import { isStaff } from '@brushline/shared/roles';
import { userNotFound } from '@brushline/shared/users/messages';
import type { Deps, TxCtx } from '../../platform/deps.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { Actor } from '../../platform/session.ts';
import { queueNotificationEmail } from '../email/email-preferences.service.ts';
import { userByLogin } from '../users/users.service.ts';
import {
  countUnread,
  countUnreadByForm,
  findNotification,
  findNotificationOwner,
  insertNotification,
  listNotifications,
  markFormRead,
  markChatRoomNotificationsRead,
  markRead,
} from './notifications.repo.ts';
import { toNotification } from './notifications.dto.ts';

/**
 * SQL fragments other modules' statements embed, so one round trip does both: a chat message's
 * notification and its mail (the chat's MessageSend) and the stamp of a user's unread
 * notifications about orders (the board's read cache).
 */
export { chatNotificationCtes } from './chat-notification.repo.ts';
export { unreadAboutOrdersStamp } from './notifications.repo.ts';

export interface NewNotification {
  /** Who receives it. */
  userId: string;
  type: NotificationType;
  message: string;
  /** changedPost */
  postId?: number | null;
  /** sentCard */
  formId?: number | null;
}

/**
 * Which client panel a notification type refreshes (SPEC §7 NotificationRecieved 'chat' | 'crm').
 * Chat messages are pushed by the chat module with the unread counts, never from here.
 */
const kindOf = (type: NotificationType): 'crm' | 'feed' =>
  type === 'post_liked' || type === 'system_notification' ? 'feed' : 'crm';

/**
 * Stores a notification and pushes it as NotificationRecieved. Every feature notifies through
 * this one function. The actor is who triggered it (userWhoTriggeredEvent); null when the site
 * itself speaks. Pass the transaction as the context's db when the cause is written in one, and
 * call `push` after it commits, so nobody is told about something that was rolled back.
 */
export async function createNotification(
  ctx: TxCtx,
  actor: Pick<Actor, 'id'> | null,
  n: NewNotification,
): Promise<{ notification: Notification; push: (deps: Pick<Deps, 'hub' | 'log'>) => void }> {
  const id = await insertNotification(ctx.db, { ...n, actorId: actor?.id ?? null });
  // In the same transaction: a notification that is rolled back is never mailed.
  await queueNotificationEmail(ctx, null, { userId: n.userId, notificationId: id, type: n.type });
  const row = await findNotification(ctx.db, id);
  const notification = toNotification(row!);
  return {
    notification,
    push: (deps) => {
      try {
        deps.hub.toUser(n.userId, 'NotificationRecieved', { kind: kindOf(n.type), notification });
      } catch (err) {
        deps.log.warn({ err }, 'could not push a notification');
      }
    },
  };
}

/** The actor read a room: its chat notification is read, so a mail still waiting leaves it out. */
export async function readChatNotifications(ctx: TxCtx, actor: Pick<Actor, 'id'>, chatRoomId: number) {
  await markChatRoomNotificationsRead(ctx.db, actor.id, chatRoomId);
}

/** Stores and pushes at once, for callers outside a transaction. */
export async function notify(
  ctx: Pick<Deps, 'db' | 'hub' | 'log'>,
  actor: Pick<Actor, 'id'> | null,
  n: NewNotification,
): Promise<Notification> {
  const created = await createNotification(ctx, actor, n);
  created.push(ctx);
  return created.notification;
}

/**
 * The actor's notifications, newest first. A cursor pages by id (stable while new ones arrive);
 * a page number serves SPEC §9's "pages from 1 until an empty page". Either way nextCursor is
 * the id to continue after, or null at the end.
 */
export async function listOwnNotifications(
  ctx: Pick<Deps, 'db'>,
  actor: Actor,
  query: NotificationListQuery,
): Promise<NotificationPage> {
  const size = NOTIFICATIONS_PAGE_SIZE;
  const offset = query.page === undefined ? 0 : (query.page - 1) * size;
  // One extra row tells whether another page exists without a count query.
  const rows = await listNotifications(ctx.db, actor.id, size + 1, query.cursor, offset);
  const items = rows.slice(0, size).map(toNotification);
  const last = items.at(-1);
  return { items, nextCursor: rows.length > size && last ? last.id : null };
}

export async function unreadCount(ctx: Pick<Deps, 'db'>, actor: Actor): Promise<{ count: number }> {
  return { count: await countUnread(ctx.db, actor.id) };
}

/** Marks one of the actor's notifications read; someone else's answers the same 404 as a missing one. */
export async function markOneRead(ctx: Pick<Deps, 'db'>, actor: Actor, id: number): Promise<Notification> {
  if ((await findNotificationOwner(ctx.db, id)) !== actor.id) throw notFound(notificationMessages.notFound);
  await markRead(ctx.db, actor.id, id);
  return toNotification((await findNotification(ctx.db, id))!);
}

/**
 * The actor's unread notifications about each of these orders (form ids), as formId → count;
 * with null, about every order (one query that needs no list of orders first).
 */
export async function unreadAboutOrders(
  ctx: Pick<Deps, 'db'>,
  actor: Actor,
  formIds: number[] | null,
): Promise<Map<number, number>> {
  const rows = await countUnreadByForm(ctx.db, actor.id, formIds);
  return new Map(rows.flatMap((r) => (r.formId === null ? [] : [[r.formId, r.n] as const])));
}

/** Marks the actor's notifications about one order read (opening its board task, SPEC §4). */
export async function markOrderNotificationsRead(
  ctx: Pick<Deps, 'db'>,
  actor: Actor,
  formId: number,
): Promise<{ updated: number }> {
  return { updated: await markFormRead(ctx.db, actor.id, formId) };
}

export async function markAllRead(ctx: Pick<Deps, 'db'>, actor: Actor): Promise<{ updated: number }> {
  return { updated: await markRead(ctx.db, actor.id) };
}

/** A staff member (admin or moderator) sends a system_notification to one user. */
export async function sendSystemNotification(
  ctx: Pick<Deps, 'db' | 'hub' | 'log'>,
  actor: Actor,
  body: SystemNotificationBody,
): Promise<Notification> {
  if (!isStaff(actor.roles)) throw new AppError(403, 'forbidden', messages.forbidden);
  const user = await userByLogin(ctx, actor, body.userLogin);
  if (!user) throw notFound(userNotFound);
  // No actor on it: the message comes from the site, not from a person the user could answer.
  return notify(ctx, null, { userId: user.id, type: 'system_notification', message: body.message });
}

/**
 * `npm run admin -- notify <login> <message>`. The command line has no hub, so the notification
 * is stored only: the user sees it when their bell or list next loads.
 */
export async function notifyFromCommandLine(
  ctx: Pick<Deps, 'db'>,
  _actor: null,
  login: string,
  message: string,
): Promise<{ code: number; out: string }> {
  const parsed = systemNotificationBodySchema.safeParse({ userLogin: login, message });
  if (!parsed.success) return { code: 2, out: parsed.error.issues[0]!.message };
  const user = await userByLogin(ctx, null, parsed.data.userLogin);
  if (!user) return { code: 1, out: `No user with login "${login}".` };
  await createNotification(ctx, null, {
    userId: user.id,
    type: 'system_notification',
    message: parsed.data.message,
  });
  return { code: 0, out: `Notified ${user.login}.` };
}
