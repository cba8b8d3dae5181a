import type { Notification } from '@brushline/shared/notifications/schemas';
import { toPerson } from '../users/users.dto.ts';
import type { NotificationRow } from './notifications.repo.ts';

export function toNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    type: row.type,
    createdAt: row.createdAt.toISOString(),
    message: row.message,
    isRead: row.isRead,
    userWhoTriggeredEvent:
      row.actorId && row.actorLogin && row.actorDisplayName !== null
        ? toPerson({
            id: row.actorId,
            login: row.actorLogin,
            displayName: row.actorDisplayName,
            avatarId: row.actorAvatarId,
          })
        : null,
    changedPost: row.postId === null ? null : { id: row.postId },
    sentCard:
      row.formId === null
        ? null
        : {
            id: row.formId,
            isAccepted: row.taskStatus !== null && !['none', 'declined', 'canceled'].includes(row.taskStatus),
          },
  };
}
