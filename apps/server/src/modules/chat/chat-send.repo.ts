import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { chatRooms } from '../../db/schema/chat.ts';

// MessageSend's two statements (issue 10 §5: a send was ~12 round trips, now 2): what the send
// needs to know, then the message stored with everything that moves with it.

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

/**
 * One query for the checks before a send: the room when `userId` is a member (with the other
 * member's id), blocks either way, the room of a message this sender already stored under
 * `clientId` (a resend), and the sender's login as it is now.
 */
export async function findSendContext(db: DbOrTx, q: { roomId: number; userId: string; clientId: string }) {
  const otherId = sql<string>`case when ${chatRooms.userLow} = ${q.userId} then ${chatRooms.userHigh} else ${chatRooms.userLow} end`;
  const [row] = await db
    .select({
      id: chatRooms.id,
      otherId,
      blockedByMe: sql<boolean>`exists(select 1 from chat_blocks b where b.blocker_id = ${q.userId} and b.blocked_id = ${otherId})`,
      blockedByOther: sql<boolean>`exists(select 1 from chat_blocks b where b.blocker_id = ${otherId} and b.blocked_id = ${q.userId})`,
      earlierRoomId: sql<
        number | null
      >`(select m.room_id from chat_messages m where m.sender_id = ${q.userId} and m.client_id = ${q.clientId})`,
      senderLogin: sql<string>`(select u.login from users u where u.id = ${q.userId})`,
    })
    .from(chatRooms)
    .where(
      and(eq(chatRooms.id, q.roomId), or(eq(chatRooms.userLow, q.userId), eq(chatRooms.userHigh, q.userId))),
    );
  return row;
}

export interface StoredMessage {
  id: number;
  createdAt: Date;
  /** The recipient's unread rooms per kind, this message included (their header badge). */
  recipientUnread: { casual: number; working: number };
  /**
   * Whether the room had unread messages for the recipient before this one. Then their chat
   * notification for it is already there (one per room until the room is read), and nothing more
   * is noted for the e-mail.
   */
  hadUnread: boolean;
}

/**
 * Stores a message once per (sender, client id) in one statement, so one implicit transaction:
 * the row, its attachments in order, the room's last message (GREATEST: of two sends committing
 * out of order the room keeps the newer) and the sender's read pointer; it also answers the
 * recipient's unread counts. A second insert with the same client id stores nothing and answers
 * undefined (the one that won is the message).
 */
export async function storeMessage(
  db: DbOrTx,
  m: {
    roomId: number;
    senderId: string;
    recipientId: string;
    clientId: string;
    text: string;
    mediaIds: readonly string[];
  },
): Promise<StoredMessage | undefined> {
  // The ids are the sender's own media rows (checked before), so they are uuids.
  const mediaIds = `{${m.mediaIds.join(',')}}`;
  const result = await db.execute<{
    id: number;
    created_at: string | Date;
    casual: number;
    working: number;
    had_unread: boolean;
  }>(sql`
    with ins as (
      insert into chat_messages (room_id, sender_id, client_id, text)
      values (${m.roomId}, ${m.senderId}::uuid, ${m.clientId}::uuid, ${m.text})
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
      from ins where chat_members.room_id = ${m.roomId} and chat_members.user_id = ${m.senderId}::uuid
    )
    select ins.id, ins.created_at, u.casual, u.working,
      exists(select 1 from chat_members r join chat_messages x on x.room_id = r.room_id
             where r.room_id = ${m.roomId} and r.user_id = ${m.recipientId}::uuid
               and x.id > r.read_id and x.sender_id <> r.user_id) as had_unread
    from ins cross join lateral (${unreadRoomsSql(m.recipientId, m.roomId)}) u`);
  const row = result.rows[0];
  if (!row) return undefined;
  return {
    id: Number(row.id),
    createdAt: new Date(row.created_at),
    recipientUnread: { casual: Number(row.casual), working: Number(row.working) },
    hadUnread: row.had_unread,
  };
}
