import { z } from 'zod';
import { messages } from '../messages.ts';
import {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_KINDS,
  UNSUBSCRIBE_LINK_TTL_DAYS,
  type NotificationChannel,
  type NotificationKind,
} from './constants.ts';

export const notificationKindSchema = z.enum(NOTIFICATION_KINDS);
export const notificationChannelSchema = z.enum(NOTIFICATION_CHANNELS, {
  error: `Choose one of: ${NOTIFICATION_CHANNELS.join(', ')}`,
});

/** Every kind with its channel: what GET answers and what the settings page shows. */
export const notificationPreferencesSchema = z.object(
  Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, notificationChannelSchema])) as Record<
    NotificationKind,
    typeof notificationChannelSchema
  >,
);
export type NotificationPreferences = Record<NotificationKind, NotificationChannel>;

/** PUT: the kinds to change (at least one); kinds left out keep their channel. */
export const updateNotificationPreferencesSchema = notificationPreferencesSchema
  .partial()
  .strict()
  .refine((body) => Object.keys(body).length > 0, { error: 'Choose at least one kind to change' });
export type UpdateNotificationPreferences = z.infer<typeof updateNotificationPreferencesSchema>;

export const notificationPreferencesAnswerSchema = z.object({
  preferences: notificationPreferencesSchema,
  message: z.string(),
});

/** Names a person reads: the settings switches, the mail's footer, the unsubscribe page. */
export const NOTIFICATION_KIND_TEXT: Record<NotificationKind, { label: string; description: string }> = {
  newOrders: { label: 'New orders', description: 'Someone sent you a commission request' },
  statusChanges: {
    label: 'Order status changes',
    description: 'An order of yours was accepted, started, finished, approved, sent back or canceled',
  },
  deliveries: { label: 'Deliveries', description: 'The artist delivered files or a work-in-progress' },
  chatMessages: { label: 'Chat messages', description: 'Someone wrote to you in a chat' },
  applications: { label: 'Applications', description: 'An artist applied to your public request' },
  payments: {
    label: 'Payments',
    description: 'Payment requests and confirmations, refunds, due-date extensions and approval reminders',
  },
};

/** "new orders and deliveries": kinds in a sentence. */
export function kindsInWords(kinds: readonly NotificationKind[]): string {
  const words = kinds.map((k) => NOTIFICATION_KIND_TEXT[k].label.toLowerCase());
  return words.length < 2 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

export const unsubscribeAnswerSchema = z.object({
  kinds: z.array(notificationKindSchema),
  message: z.string(),
});
export type UnsubscribeAnswer = z.infer<typeof unsubscribeAnswerSchema>;

/** The token is checked by the server (a mangled one answers the readable 400 below, not a schema error). */
export const unsubscribeParamsSchema = z.object({ token: z.string() });

export const preferenceMessages = {
  saved: messages.settingsUpdated,
  unsubscribed: (kinds: readonly NotificationKind[]) =>
    `You will no longer get e-mails about ${kindsInWords(kinds)}. You still see them on the site.`,
  invalidUnsubscribeLink:
    'This unsubscribe link is not valid. Copy the whole link from the e-mail, or change your e-mail settings after signing in',
  unsubscribeLinkExpired: `This unsubscribe link has expired: links in e-mails work for ${UNSUBSCRIBE_LINK_TTL_DAYS} days. Sign in and choose which e-mails you get in your notification settings`,
  unsubscribeLinkOutdated:
    'This unsubscribe link no longer works: you changed these e-mail settings after the e-mail was sent, and an old link does not undo a newer choice. Sign in and choose which e-mails you get in your notification settings',
  /** Said after `unsubscribed` when a link names kinds the user turned back on after its mail. */
  keptOn: (kinds: readonly NotificationKind[]) =>
    `E-mails about ${kindsInWords(kinds)} stay on: you turned them on again after this e-mail was sent.`,
  // The window is configurable (EMAIL_BATCH_SECONDS), so the page does not state a number.
  batching:
    'Events that come close together arrive as one e-mail. Anything you have already read on the site is left out.',
};
