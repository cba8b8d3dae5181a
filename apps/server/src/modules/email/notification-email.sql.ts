import { type SQL } from 'drizzle-orm';
import {
  EMAIL_KIND_OF_TYPE,
  NOTIFICATION_CHANNEL_DEFAULTS,
  type NotificationType,
} from '@brushline/shared/notifications/constants';
import { enqueueIfWantedSql } from './email.repo.ts';

/**
 * The e-mail side of storing notifications of one type: the insert that queues those whose
 * recipients get the type's kind by e-mail (their choice, else the kind's default). `notes` is a
 * query answering `id` and `user_id` of the notifications. Undefined when the type is never
 * mailed. One rule for both callers: queueNotificationEmail (a notification already stored) and a
 * statement that stores the notification in a data-modifying CTE (a chat message's first unread).
 */
export function notificationEmailSql(type: NotificationType, notes: SQL): SQL | undefined {
  const kind = EMAIL_KIND_OF_TYPE[type];
  if (!kind) return undefined;
  return enqueueIfWantedSql({ notes, kind, byDefault: NOTIFICATION_CHANNEL_DEFAULTS[kind] === 'email' });
}
