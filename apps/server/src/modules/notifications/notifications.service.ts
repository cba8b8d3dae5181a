import type { NotificationType } from '@brushline/shared/notifications/constants';
import type { Notification } from '@brushline/shared/notifications/schemas';
import type { DbOrTx } from '../../db/client.ts';
import type { Deps } from '../../platform/deps.ts';
import { findNotification, insertNotification } from './notifications.repo.ts';
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
