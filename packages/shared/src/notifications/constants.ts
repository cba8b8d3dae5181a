/** SPEC §3 notification types. */
export const NOTIFICATION_TYPES = [
  'post_liked',
  'approval_request_status',
  'commission_request_status',
  'commission_status',
  'system_notification',
  /** Not in SPEC §3's list: an artist delivered work or shared work in progress (decision 0013). */
  'commission_delivery',
  /**
   * Not in SPEC §3's list: someone wrote in a chat (decision 0016). Stored once per room until the
   * room is read, only so the e-mail batch can carry it; the bell and /notifications leave it out
   * (the header's chat badge shows unread chats).
   */
  'chat_message',
  /** Not in SPEC §3's list: money in an order (requests, confirmations, refunds, extensions, reminders; decision 0020). */
  'payment',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];
export const NOTIFICATIONS_PAGE_SIZE = 20;
/** A staff member's system notification (SPEC §3 type system_notification). */
export const SYSTEM_MESSAGE_MAX = 500;

/**
 * What a user can choose to be e-mailed about (decision 0010). Every notification type that may send
 * an e-mail belongs to one kind (EMAIL_KIND_OF_TYPE); a kind may have no type yet (chat messages)
 * and is then offered but never mailed. Append new kinds at the end: unsubscribe links carry the
 * kinds as bits in this order.
 */
export const NOTIFICATION_KINDS = [
  'newOrders',
  'statusChanges',
  'deliveries',
  'chatMessages',
  'applications',
  'payments',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** How a user is told about one kind: by e-mail too, or only on the site (bell, /notifications). */
export const NOTIFICATION_CHANNELS = ['email', 'inApp'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/**
 * The one table from notification type to e-mail kind: adding a type that should be mailable is
 * one line here. Types not listed (likes, staff messages) are shown on the site only.
 */
export const EMAIL_KIND_OF_TYPE: Partial<Record<NotificationType, NotificationKind>> = {
  commission_request_status: 'newOrders',
  commission_status: 'statusChanges',
  commission_delivery: 'deliveries',
  approval_request_status: 'applications',
  chat_message: 'chatMessages',
  payment: 'payments',
};

/**
 * Until a user chooses: what someone away must not miss (their orders moving, and messages they
 * have not read: one mail per room per batch window, decision 0016) is e-mailed; applications stay
 * on the site.
 */
export const NOTIFICATION_CHANNEL_DEFAULTS: Record<NotificationKind, NotificationChannel> = {
  newOrders: 'email',
  statusChanges: 'email',
  deliveries: 'email',
  chatMessages: 'email',
  applications: 'inApp',
  payments: 'email',
};

/** A burst is one mail: the first pending event waits this long for the others before it is sent. */
export const EMAIL_BATCH_WINDOW_SECONDS = 120;
/** How often a server looks for batches that are due (never more often than the window allows). */
export const EMAIL_FLUSH_INTERVAL_MS = 15_000;
/** Even a tiny window is not polled more often than this. */
export const EMAIL_FLUSH_INTERVAL_MIN_MS = 500;
/** Users mailed per flush at most; the rest are due at the next one. */
export const EMAIL_FLUSH_USERS_MAX = 50;
/** Events listed in one mail at most; the rest are behind the link to /notifications. */
export const EMAIL_BATCH_ITEMS_MAX = 20;
/** Sending to one user is given up after this many failed tries (a dead address must not retry forever). */
export const EMAIL_SEND_ATTEMPTS_MAX = 5;
/** A claimed batch whose server died mid-send, or whose send failed, is tried again after this long. */
export const EMAIL_CLAIM_LEASE_SECONDS = 300;
/**
 * An unsubscribe link works for this long after its mail was sent. It also stops working for a
 * kind the user changed after the mail was sent: an old mail's link must not undo a newer choice
 * (docs/decisions/0010-email-notifications.md "Unsubscribe without signing in").
 */
export const UNSUBSCRIBE_LINK_TTL_DAYS = 90;
