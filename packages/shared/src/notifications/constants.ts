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
