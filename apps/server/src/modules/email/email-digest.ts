import type { ChatRoomType } from '@brushline/shared/chat/constants';
import {
  EMAIL_BATCH_ITEMS_MAX,
  NOTIFICATION_KINDS,
  type NotificationKind,
  type NotificationType,
} from '@brushline/shared/notifications/constants';
import { kindsInWords, NOTIFICATION_KIND_TEXT } from '@brushline/shared/notifications/preferences';
import { toPath } from '@brushline/shared/paths';
import { PRODUCT_NAME } from '@brushline/shared/site';
import type { MailMessage } from '../../platform/mail.ts';

export interface DigestItem {
  kind: NotificationKind;
  type: NotificationType;
  message: string;
  /** The artist of the order the notification is about, if it is about one. */
  formArtistId: string | null;
  /** The order the notification is about, if any. */
  formId: number | null;
  /** The chat room a chat_message notification is about. */
  chatRoomId: number | null;
  chatRoomType: ChatRoomType | null;
}

export interface DigestInput {
  publicUrl: string;
  recipient: { id: string; email: string; login: string };
  items: DigestItem[];
  /** The signed token that turns these kinds off (unsubscribe-token.ts). */
  unsubscribeToken: (kinds: NotificationKind[]) => string;
}

/**
 * Where an event is handled: a chat message in its room; a new request in the artist's Incoming
 * list; a status change, a delivery or work in progress on the order's own page; anything else in
 * /notifications.
 */
function linkOf(item: DigestItem): string {
  if (item.chatRoomId !== null)
    return toPath(item.chatRoomType === 'working' ? 'wchatRoom' : 'chatRoom', { id: item.chatRoomId });
  if (item.type === 'commission_request_status') return toPath('crmIncoming');
  if (item.formId !== null) return toPath('order', { id: item.formId });
  return toPath('notifications');
}

/** A send-back comment may span lines; in a mail each event is one line, and a subject must be. */
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * One plain-text mail for a batch: a line per event with its link, the way to all notifications,
 * and per kind in the mail a link that turns that kind off without signing in. The one-click
 * List-Unsubscribe header (RFC 8058) turns off every kind the mail is about.
 */
export function buildDigest(input: DigestInput): MailMessage {
  const { publicUrl, recipient, items } = input;
  const url = (path: string) => `${publicUrl}${path}`;
  const shown = items.slice(0, EMAIL_BATCH_ITEMS_MAX);
  const kinds = NOTIFICATION_KINDS.filter((k) => items.some((i) => i.kind === k));
  const lines = [
    `Hello ${recipient.login},`,
    '',
    items.length === 1
      ? `This happened on ${PRODUCT_NAME}:`
      : `${plural(items.length, 'thing', 'things')} happened on ${PRODUCT_NAME}:`,
    '',
    ...shown.map((i) => `- ${oneLine(i.message)} ${url(linkOf(i))}`),
  ];
  if (items.length > shown.length) lines.push(`- and ${plural(items.length - shown.length, 'more', 'more')}`);
  lines.push(
    '',
    `All your notifications: ${url(toPath('notifications'))}`,
    '',
    '--',
    `You get these e-mails because you chose e-mail for ${kindsInWords(kinds)}.`,
    `Choose what is e-mailed to you: ${url(toPath('settingsNotifications'))}`,
    ...kinds.map(
      (k) =>
        `Stop e-mails about ${NOTIFICATION_KIND_TEXT[k].label.toLowerCase()}: ${url(toPath('unsubscribe', { token: input.unsubscribeToken([k]) }))}`,
    ),
  );
  return {
    to: recipient.email,
    subject:
      items.length === 1
        ? oneLine(items[0]!.message)
        : `${plural(items.length, 'update', 'updates')} on ${PRODUCT_NAME}`,
    text: `${lines.join('\n')}\n`,
    headers: {
      'List-Unsubscribe': `<${url(`/api/notifications/unsubscribe/${input.unsubscribeToken(kinds)}`)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
