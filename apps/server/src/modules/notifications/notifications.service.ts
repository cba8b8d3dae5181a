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
import type { Db, DbOrTx } from '../../db/client.ts';
import type { Deps } from '../../platform/deps.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { Actor } from '../../platform/session.ts';
import { queueNotificationEmail } from '../email/email-preferences.service.ts';
import { findUserByLogin } from '../users/users.repo.ts';
import {
  countUnread,
  findNotification,
  findNotificationOwner,
  insertNotification,
  listNotifications,
  markRead,
} from './notifications.repo.ts';
import { toNotification } from './notifications.dto.ts';

export interface NewNotification {
  /** Who receives it. */
  userId: string;
  type: NotificationType;
  message: string;
  /** userWhoTriggeredEvent */
  actorId?: string | null;
  /** changedPost */
  postId?: number | null;
  /** sentCard */
  formId?: number | null;
}

/** Which client panel a notification type refreshes (SPEC §7 NotificationRecieved 'chat' | 'crm'). */
const kindOf = (type: NotificationType): 'crm' | 'feed' =>
  type === 'post_liked' || type === 'system_notification' ? 'feed' : 'crm';

/**
 * Stores a notification and pushes it as NotificationRecieved. Every feature notifies through
 * this one function. Pass the transaction when the cause is written in one, and call `push`
 * after it commits, so nobody is told about something that was rolled back.
 */
export async function createNotification(
  db: DbOrTx,
  n: NewNotification,
): Promise<{ notification: Notification; push: (deps: Pick<Deps, 'hub' | 'log'>) => void }> {
  const id = await insertNotification(db, n);
  // In the same transaction: a notification that is rolled back is never mailed.
  await queueNotificationEmail(db, { userId: n.userId, notificationId: id, type: n.type });
  const row = await findNotification(db, id);
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

/** Stores and pushes at once, for callers outside a transaction. */
export async function notify(
  deps: Pick<Deps, 'db' | 'hub' | 'log'>,
  n: NewNotification,
): Promise<Notification> {
  const created = await createNotification(deps.db, n);
  created.push(deps);
  return created.notification;
}

/**
 * The actor's notifications, newest first. A cursor pages by id (stable while new ones arrive);
 * a page number serves SPEC §9's "pages from 1 until an empty page". Either way nextCursor is
 * the id to continue after, or null at the end.
 */
export async function listOwnNotifications(
  db: Db,
  actor: Actor,
  query: NotificationListQuery,
): Promise<NotificationPage> {
  const size = NOTIFICATIONS_PAGE_SIZE;
  const offset = query.page === undefined ? 0 : (query.page - 1) * size;
  // One extra row tells whether another page exists without a count query.
  const rows = await listNotifications(db, actor.id, size + 1, query.cursor, offset);
  const items = rows.slice(0, size).map(toNotification);
  const last = items.at(-1);
  return { items, nextCursor: rows.length > size && last ? last.id : null };
}

export async function unreadCount(db: Db, actor: Actor): Promise<{ count: number }> {
  return { count: await countUnread(db, actor.id) };
}

/** Marks one of the actor's notifications read; someone else's answers the same 404 as a missing one. */
export async function markOneRead(db: Db, actor: Actor, id: number): Promise<Notification> {
  if ((await findNotificationOwner(db, id)) !== actor.id) throw notFound(notificationMessages.notFound);
  await markRead(db, actor.id, id);
  return toNotification((await findNotification(db, id))!);
}

export async function markAllRead(db: Db, actor: Actor): Promise<{ updated: number }> {
  return { updated: await markRead(db, actor.id) };
}

/** A staff member (admin or moderator) sends a system_notification to one user. */
export async function sendSystemNotification(
  deps: Pick<Deps, 'db' | 'hub' | 'log'>,
  actor: Actor,
  body: SystemNotificationBody,
): Promise<Notification> {
  if (!isStaff(actor.roles)) throw new AppError(403, 'forbidden', messages.forbidden);
  const user = await findUserByLogin(deps.db, body.userLogin);
  if (!user) throw notFound('User not found');
  // No actorId: the message comes from the site, not from a person the user could answer.
  return notify(deps, { userId: user.id, type: 'system_notification', message: body.message });
}

/**
 * `npm run admin -- notify <login> <message>`. The command line has no hub, so the notification
 * is stored only: the user sees it when their bell or list next loads.
 */
export async function notifyFromCommandLine(
  db: Db,
  login: string,
  message: string,
): Promise<{ code: number; out: string }> {
  const parsed = systemNotificationBodySchema.safeParse({ userLogin: login, message });
  if (!parsed.success) return { code: 2, out: parsed.error.issues[0]!.message };
  const user = await findUserByLogin(db, parsed.data.userLogin);
  if (!user) return { code: 1, out: `No user with login "${login}".` };
  await createNotification(db, {
    userId: user.id,
    type: 'system_notification',
    message: parsed.data.message,
  });
  return { code: 0, out: `Notified ${user.login}.` };
}
