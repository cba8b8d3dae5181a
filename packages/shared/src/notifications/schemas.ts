import { z } from 'zod';
import { NOTIFICATION_TYPES } from './constants.ts';

export const notificationTypeSchema = z.enum(NOTIFICATION_TYPES);

/** SPEC §3 Notification as the API and the hub show it. */
export const notificationSchema = z.object({
  id: z.number().int(),
  type: notificationTypeSchema,
  createdAt: z.iso.datetime(),
  message: z.string(),
  isRead: z.boolean(),
  userWhoTriggeredEvent: z
    .object({
      id: z.uuid(),
      login: z.string(),
      displayName: z.string(),
      avatarMiniatureUrl: z.string().nullable(),
    })
    .nullable(),
  changedPost: z.object({ id: z.number().int() }).nullable(),
  sentCard: z.object({ id: z.number().int(), isAccepted: z.boolean() }).nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationPageSchema = z.object({
  items: z.array(notificationSchema),
  nextCursor: z.number().int().nullable(),
});
export type NotificationPage = z.infer<typeof notificationPageSchema>;
