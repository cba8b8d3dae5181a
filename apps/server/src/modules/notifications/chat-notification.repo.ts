import { sql, type SQL } from 'drizzle-orm';
import { notifications } from '../../db/schema/notifications.ts';
import { notificationEmailSql } from '../email/email-preferences.service.ts';

/**
 * A chat message's notification for its recipient, for the statement that stores the message (the
 * chat module's MessageSend, through notifications.service.ts: one round trip and one commit, so an acknowledged message never lacks
 * its notification, and a burst of first messages costs no extra commits).
 *
 * Two CTEs, `chat_note` and `chat_note_mail`, to follow other CTEs of that statement: the
 * notification when `from` and `when` answer a row (the caller's condition: the room had nothing
 * unread for the recipient), unless one is still unread for the room (the partial unique index decides, so
 * two messages at once store one); then its place in the recipient's mail queue when they get chat
 * messages by e-mail (notificationEmailSql, the rule every notification follows).
 */
export function chatNotificationCtes(n: {
  /** A FROM list and a condition: one row when the notification is due, none otherwise. */
  from: SQL;
  when: SQL;
  userId: SQL;
  actorId: SQL;
  chatRoomId: SQL;
  message: string;
}): SQL {
  const note = sql`chat_note as (
      insert into ${notifications} (user_id, actor_id, chat_room_id, message, type)
      select ${n.userId}, ${n.actorId}, ${n.chatRoomId}, ${n.message}, 'chat_message' from ${n.from} where ${n.when}
      on conflict do nothing
      returning id, user_id
    )`;
  const mail = notificationEmailSql('chat_message', sql`select id, user_id from chat_note`);
  return mail ? sql`${note}, chat_note_mail as (${mail})` : note;
}
