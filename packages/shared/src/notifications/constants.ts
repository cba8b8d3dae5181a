/** SPEC §3 notification types. */
export const NOTIFICATION_TYPES = [
  'post_liked',
  'approval_request_status',
  'commission_request_status',
  'commission_status',
  'system_notification',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];
export const NOTIFICATIONS_PAGE_SIZE = 20;
/** A staff member's system notification (SPEC §3 type system_notification). */
export const SYSTEM_MESSAGE_MAX = 500;
