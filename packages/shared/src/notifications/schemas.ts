import { z } from 'zod';
import { cursorPageSchema, onlyPageOrCursor, pagingQueryShape, rowIdSchema } from '../paging.ts';
import { LOGIN_LOOKUP_MAX } from '../users/constants.ts';
import { personSchema } from '../users/schemas.ts';
import { NOTIFICATION_TYPES, SYSTEM_MESSAGE_MAX } from './constants.ts';
import { notificationMessages } from './messages.ts';
import { text } from '../text.ts';

export const notificationTypeSchema = z.enum(NOTIFICATION_TYPES);

/** SPEC §3 Notification as the API and the hub show it. */
export const notificationSchema = z.object({
  id: z.number().int(),
  type: notificationTypeSchema,
  createdAt: z.iso.datetime(),
  message: z.string(),
  isRead: z.boolean(),
  userWhoTriggeredEvent: personSchema.nullable(),
  changedPost: z.object({ id: z.number().int() }).nullable(),
  sentCard: z.object({ id: z.number().int(), isAccepted: z.boolean() }).nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationPageSchema = cursorPageSchema(notificationSchema);
export type NotificationPage = z.infer<typeof notificationPageSchema>;

const notificationIdError = 'Must be a notification id';

/**
 * GET notifications: `page` (from 1; an empty page ends, SPEC §9) or `cursor` (the
 * `nextCursor` of the previous answer). Neither means the first page.
 */
export const notificationListQuerySchema = z
  .object(pagingQueryShape(notificationIdError))
  .refine(...onlyPageOrCursor);
export type NotificationListQuery = z.infer<typeof notificationListQuerySchema>;

export const notificationIdParamsSchema = z.object({ id: rowIdSchema(notificationIdError) });

export const unreadCountSchema = z.object({ count: z.number().int() });
export type UnreadCount = z.infer<typeof unreadCountSchema>;

/** A staff member's message to one user (type system_notification). */
export const systemNotificationBodySchema = z.object({
  userLogin: text({ error: notificationMessages.loginRequired })
    .trim()
    .min(1, { error: notificationMessages.loginRequired })
    .max(LOGIN_LOOKUP_MAX),
  message: text({ error: notificationMessages.messageRequired })
    .trim()
    .min(1, { error: notificationMessages.messageRequired })
    .max(SYSTEM_MESSAGE_MAX, { error: notificationMessages.messageTooLong }),
});
export type SystemNotificationBody = z.infer<typeof systemNotificationBodySchema>;
