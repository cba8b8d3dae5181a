import { sql, type SQL } from 'drizzle-orm';
import { runStatement, type DbOrTx } from '../../db/client.ts';
import { chatNotificationCtes } from '../notifications/notifications.service.ts';

// MessageSend's one statement (decision 0016: a send was ~12 round trips, then 2, now 1): the
// checks and the message stored with everything that moves with it. A prepared statement: each
// connection plans it once (planning its CTEs took most of its time).

/**
 * Rooms of `userId` with at least one message from the other member above the user's read
 * pointer, per kind. `alsoRoom`, when given, counts as unread whatever the snapshot says (the
 * message being stored in the same statement is not visible to it yet).
 */
export const unreadRoomsSql = (userId: SQL | string, alsoRoom?: number) => sql`
  select count(*) filter (where r.type = 'casual')::int as casual,
         count(*) filter (where r.type = 'working')::int as working
  from chat_members m join chat_rooms r on r.id = m.room_id
  where m.user_id = ${userId}::uuid
    and (${alsoRoom === undefined ? sql`false` : sql`r.id = ${alsoRoom}`}
      or exists(select 1 from chat_messages x
                where x.room_id = m.room_id and x.id > m.read_id and x.sender_id <> m.user_id))`;

export interface SendOutcome {
  /** The room's other member; undefined when the sender is not a member (or no such room). */
  otherId?: string;
  /** The room of a message this sender already stored under the client id (a resend), or null. */
  earlierRoomId: number | null;
  blockedByMe: boolean;
  blockedByOther: boolean;
  senderLogin: string;
  /** The stored message; undefined when a check refused it or the client id won a race meanwhile. */
  stored?: StoredMessage;
}

export interface StoredMessage {
  id: number;
  createdAt: Date;
  /** The recipient's unread rooms per kind, this message included (their header badge). */
  recipientUnread: { casual: number; working: number };
  /**
   * Whether the room had unread messages for the recipient before this one. Then their chat
   * notification for it is already there (one per room until the room is read) and their badge
   * count does not change; otherwise the statement stored the notification.
   */
  hadUnread: boolean;
}

/**
 * Checks and stores a message in one statement, so one round trip and one implicit transaction.
 * The checks: the room when the sender is a member (with the other member's id), blocks either
 * way, and the room of a message this sender already stored under the client id (a resend).
 * Only when all pass: the row, its attachments in order (the caller checked they are the
 * sender's), the room's last message (GREATEST: of two sends committing out of order the room
 * keeps the newer), the sender's read pointer and, when the room had nothing unread for the
 * recipient, their chat notification with its place in their mail queue (chatNotificationCtes);
 * it also answers the recipient's unread counts.
 * A concurrent insert with the same client id stores nothing (`stored` undefined: the one that won
 * is the message). Answers undefined when the sender is not a member of such a room.
 */
export async function checkAndStoreMessage(
  db: DbOrTx,
  m: {
    roomId: number;
    senderId: string;
    clientId: string;
    text: string;
    mediaIds: readonly string[];
    /** The recipient's chat notification text, stored when the room had nothing unread for them. */
    noteText: string;
  },
): Promise<SendOutcome | undefined> {
  // The ids are the sender's own media rows (checked before), so they are uuids.
  const mediaIds = `{${m.mediaIds.join(',')}}`;
  const sender = sql`${m.senderId}::uuid`;
  const rows = await runStatement<{
    other_id: string;
    earlier_room_id: number | null;
    sender_login: string;
    blocked_by_me: boolean;
    blocked_by_other: boolean;
    id: number | null;
    created_at: string | Date | null;
    casual: number;
    working: number;
    had_unread: boolean;
  }>(
    db,
    sql`
    with ctx as (
      select r.id as room_id,
        case when r.user_low = ${sender} then r.user_high else r.user_low end as other_id,
        (select x.room_id from chat_messages x
         where x.sender_id = ${sender} and x.client_id = ${m.clientId}::uuid) as earlier_room_id,
        (select u.login from users u where u.id = ${sender}) as sender_login
      from chat_rooms r
      where r.id = ${m.roomId} and (r.user_low = ${sender} or r.user_high = ${sender})
    ), checked as (
      select ctx.*,
        exists(select 1 from chat_blocks b where b.blocker_id = ${sender} and b.blocked_id = ctx.other_id) as blocked_by_me,
        -- A deleted account (decision 0024) reads nothing more: as if it had blocked the sender.
        (exists(select 1 from chat_blocks b where b.blocker_id = ctx.other_id and b.blocked_id = ${sender})
          or exists(select 1 from users d where d.id = ctx.other_id and d.deleted_at is not null)) as blocked_by_other
      from ctx
    ), ins as (
      insert into chat_messages (room_id, sender_id, client_id, text)
      select c.room_id, ${sender}, ${m.clientId}::uuid, ${m.text} from checked c
      where c.earlier_room_id is null and not c.blocked_by_me and not c.blocked_by_other
      on conflict do nothing
      returning id, created_at
    ), files as (
      insert into chat_message_media (message_id, position, media_id)
      select ins.id, f.ord - 1, f.media_id
      from ins, unnest(${mediaIds}::uuid[]) with ordinality as f(media_id, ord)
    ), room as (
      update chat_rooms
      set last_message_id = greatest(coalesce(chat_rooms.last_message_id, 0), ins.id),
          last_message_at = case when coalesce(chat_rooms.last_message_id, 0) < ins.id
                                 then ins.created_at else chat_rooms.last_message_at end
      from ins where chat_rooms.id = ${m.roomId}
    ), pointer as (
      update chat_members set read_id = greatest(chat_members.read_id, ins.id)
      from ins where chat_members.room_id = ${m.roomId} and chat_members.user_id = ${sender}
    ), prior as (
      select exists(select 1 from chat_members r join chat_messages x on x.room_id = r.room_id
                    where r.room_id = ${m.roomId} and r.user_id = c.other_id
                      and x.id > r.read_id and x.sender_id <> r.user_id) as had_unread
      from checked c
    ), ${chatNotificationCtes({
      from: sql`checked c, ins, prior`,
      when: sql`not prior.had_unread`,
      userId: sql`c.other_id`,
      actorId: sender,
      chatRoomId: sql`${m.roomId}::int`,
      message: m.noteText,
    })}
    select c.other_id, c.earlier_room_id, c.sender_login, c.blocked_by_me, c.blocked_by_other,
      ins.id, ins.created_at, u.casual, u.working, prior.had_unread
    from checked c
    left join ins on true
    cross join prior
    cross join lateral (${unreadRoomsSql(sql`c.other_id`, m.roomId)}) u`,
  );
  const row = rows[0];
  if (!row) return undefined;
  return {
    otherId: row.other_id,
    earlierRoomId: row.earlier_room_id === null ? null : Number(row.earlier_room_id),
    senderLogin: row.sender_login,
    blockedByMe: row.blocked_by_me,
    blockedByOther: row.blocked_by_other,
    stored:
      row.id === null || row.created_at === null
        ? undefined
        : {
            id: Number(row.id),
            createdAt: new Date(row.created_at),
            recipientUnread: { casual: Number(row.casual), working: Number(row.working) },
            hadUnread: row.had_unread,
          },
  };
}
