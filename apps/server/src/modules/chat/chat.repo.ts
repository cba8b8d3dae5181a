import { and, asc, desc, eq, gt, inArray, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ChatRoomType } from '@brushline/shared/chat/constants';
import type { DbOrTx } from '../../db/client.ts';
import { likeContains } from '../../db/where.ts';
import { chatBlocks, chatMembers, chatMessageMedia, chatMessages, chatRooms } from '../../db/schema/chat.ts';
import { media } from '../../db/schema/media.ts';
import { unreadRoomsSql } from './chat-send.repo.ts';
import { ownPictureId, users } from '../../db/schema/users.ts';

/** The stored order of a pair: the unique index on (type, low, high) is what makes one room per pair. */
export const orderedPair = (a: string, b: string): [string, string] => {
  const [x, y] = [a.toLowerCase(), b.toLowerCase()];
  return x < y ? [x, y] : [y, x];
};

/**
 * The room of this pair and kind, made if missing. Two callers at once both insert with ON
 * CONFLICT DO NOTHING: the index lets one row in and the other finds it.
 */
export async function upsertRoom(db: DbOrTx, type: ChatRoomType, a: string, b: string): Promise<number> {
  const [low, high] = orderedPair(a, b);
  const [made] = await db
    .insert(chatRooms)
    .values({ type, userLow: low, userHigh: high })
    .onConflictDoNothing()
    .returning({ id: chatRooms.id });
  const id =
    made?.id ??
    (
      await db
        .select({ id: chatRooms.id })
        .from(chatRooms)
        .where(and(eq(chatRooms.type, type), eq(chatRooms.userLow, low), eq(chatRooms.userHigh, high)))
    )[0]!.id;
  await db
    .insert(chatMembers)
    .values([
      { roomId: id, userId: low },
      { roomId: id, userId: high },
    ])
    .onConflictDoNothing();
  return id;
}

export async function findRoomId(
  db: DbOrTx,
  type: ChatRoomType,
  a: string,
  b: string,
): Promise<number | undefined> {
  const [low, high] = orderedPair(a, b);
  const [row] = await db
    .select({ id: chatRooms.id })
    .from(chatRooms)
    .where(and(eq(chatRooms.type, type), eq(chatRooms.userLow, low), eq(chatRooms.userHigh, high)));
  return row?.id;
}

/** Rooms `userId` is one of the two members of. */
const hasMember = (userId: string) => or(eq(chatRooms.userLow, userId), eq(chatRooms.userHigh, userId));

/** The room and its two members' ids, when `userId` is one of them. */
export async function findMembership(db: DbOrTx, roomId: number, userId: string) {
  const [row] = await db
    .select({
      id: chatRooms.id,
      type: chatRooms.type,
      userLow: chatRooms.userLow,
      userHigh: chatRooms.userHigh,
    })
    .from(chatRooms)
    .where(and(eq(chatRooms.id, roomId), hasMember(userId)));
  if (!row) return undefined;
  return { ...row, otherId: row.userLow === userId ? row.userHigh : row.userLow };
}
export type Membership = NonNullable<Awaited<ReturnType<typeof findMembership>>>;

const me = alias(chatMembers, 'me');
const them = alias(chatMembers, 'them');
const other = alias(users, 'other');
const last = alias(chatMessages, 'last');

/** A room as one member sees it, in one query: the other member, the last message, unread count, blocks. */
const roomViewColumns = {
  id: chatRooms.id,
  type: chatRooms.type,
  userLow: chatRooms.userLow,
  userHigh: chatRooms.userHigh,
  lastMessageId: chatRooms.lastMessageId,
  lastMessageAt: chatRooms.lastMessageAt,
  readId: me.readId,
  otherReadId: them.readId,
  otherId: other.id,
  otherLogin: other.login,
  otherDisplayName: other.displayName,
  otherAvatarId: ownPictureId(other),
  // A message staff hid is gone for the other member (decision 0022); its sender still sees it.
  lastText: sql<
    string | null
  >`case when ${last.hiddenAt} is not null and ${last.senderId} <> ${me.userId} then '' else ${last.text} end`,
  lastSenderId: last.senderId,
  attachmentsLength: sql<number>`(select count(*)::int from chat_message_media mm where mm.message_id = ${chatRooms.lastMessageId})`,
  unread: sql<number>`(select count(*)::int from chat_messages m where m.room_id = ${chatRooms.id} and m.id > ${me.readId} and m.sender_id <> ${me.userId})`,
  blockedByMe: sql<boolean>`exists(select 1 from chat_blocks b where b.blocker_id = ${me.userId} and b.blocked_id = ${other.id})`,
};
export type RoomViewRow = Awaited<ReturnType<typeof selectRoomViews>>[number];

export async function selectRoomViews(
  db: DbOrTx,
  q: {
    userId: string;
    type?: ChatRoomType;
    roomId?: number;
    search?: string;
    limit: number;
    offset?: number;
  },
) {
  const pattern = q.search ? likeContains(q.search) : undefined;
  return db
    .select(roomViewColumns)
    .from(me)
    .innerJoin(chatRooms, eq(chatRooms.id, me.roomId))
    .innerJoin(them, and(eq(them.roomId, chatRooms.id), ne(them.userId, me.userId)))
    .innerJoin(other, eq(other.id, them.userId))
    .leftJoin(last, eq(last.id, chatRooms.lastMessageId))
    .where(
      and(
        eq(me.userId, q.userId),
        q.type ? eq(chatRooms.type, q.type) : undefined,
        q.roomId ? eq(chatRooms.id, q.roomId) : undefined,
        pattern
          ? or(sql`${other.login} ilike ${pattern}`, sql`${other.displayName} ilike ${pattern}`)
          : undefined,
      ),
    )
    .orderBy(desc(sql`coalesce(${chatRooms.lastMessageAt}, ${chatRooms.createdAt})`), desc(chatRooms.id))
    .limit(q.limit)
    .offset(q.offset ?? 0);
}

/** Rooms of each kind with at least one unread message from the other member. */
export async function countUnreadRooms(db: DbOrTx, userId: string) {
  const result = await db.execute<{ casual: number; working: number }>(unreadRoomsSql(userId));
  const row = result.rows[0];
  return { casual: Number(row?.casual ?? 0), working: Number(row?.working ?? 0) };
}

export async function isBlockedEitherWay(db: DbOrTx, a: string, b: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(chatBlocks)
    .where(
      or(
        and(eq(chatBlocks.blockerId, a), eq(chatBlocks.blockedId, b)),
        and(eq(chatBlocks.blockerId, b), eq(chatBlocks.blockedId, a)),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function hasBlocked(db: DbOrTx, blockerId: string, blockedId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(chatBlocks)
    .where(and(eq(chatBlocks.blockerId, blockerId), eq(chatBlocks.blockedId, blockedId)));
  return row !== undefined;
}

export async function insertBlock(db: DbOrTx, blockerId: string, blockedId: string) {
  await db.insert(chatBlocks).values({ blockerId, blockedId }).onConflictDoNothing();
}

export async function deleteBlock(db: DbOrTx, blockerId: string, blockedId: string) {
  await db
    .delete(chatBlocks)
    .where(and(eq(chatBlocks.blockerId, blockerId), eq(chatBlocks.blockedId, blockedId)));
}

const sender = alias(users, 'sender');
const messageColumns = {
  id: chatMessages.id,
  roomId: chatMessages.roomId,
  clientId: chatMessages.clientId,
  senderId: chatMessages.senderId,
  senderLogin: sender.login,
  text: chatMessages.text,
  hiddenReason: chatMessages.hiddenReason,
  createdAt: chatMessages.createdAt,
};
export type MessageRow = Awaited<ReturnType<typeof selectMessages>>[number];

export async function selectMessages(
  db: DbOrTx,
  where: SQL | undefined,
  order: 'asc' | 'desc',
  limit: number,
  offset = 0,
) {
  return db
    .select(messageColumns)
    .from(chatMessages)
    .innerJoin(sender, eq(sender.id, chatMessages.senderId))
    .where(where)
    .orderBy(order === 'asc' ? asc(chatMessages.id) : desc(chatMessages.id))
    .limit(limit)
    .offset(offset);
}

export const inRoom = (roomId: number, ...also: SQL[]) => and(eq(chatMessages.roomId, roomId), ...also);
export const byMessageId = (id: number) => eq(chatMessages.id, id);
/** Messages `readerId` may read in a room they belong to: all but the others' messages staff hid. */
export const readableBy = (readerId: string) =>
  or(isNull(chatMessages.hiddenAt), eq(chatMessages.senderId, readerId))!;
export const olderThan = (id: number) => lt(chatMessages.id, id);
export const newerThan = (id: number) => gt(chatMessages.id, id);
export const sentWithClientId = (senderId: string, clientId: string) =>
  and(eq(chatMessages.senderId, senderId), eq(chatMessages.clientId, clientId));

/** The media rows attached to these messages, in their order. */
export async function selectMessageMedia(db: DbOrTx, messageIds: number[]) {
  if (messageIds.length === 0) return [];
  return db
    .select({
      messageId: chatMessageMedia.messageId,
      id: media.id,
      width: media.width,
      height: media.height,
      mime: media.mime,
      purpose: media.purpose,
    })
    .from(chatMessageMedia)
    .innerJoin(media, eq(media.id, chatMessageMedia.mediaId))
    .where(inArray(chatMessageMedia.messageId, messageIds))
    .orderBy(asc(chatMessageMedia.messageId), asc(chatMessageMedia.position));
}

/** Moves a member's pointer forward only (never back); answers the pointer after. */
export async function moveReadPointer(db: DbOrTx, roomId: number, userId: string, upTo: number) {
  const [row] = await db
    .update(chatMembers)
    .set({ readId: sql`greatest(${chatMembers.readId}, ${upTo})` })
    .where(and(eq(chatMembers.roomId, roomId), eq(chatMembers.userId, userId)))
    .returning({ readId: chatMembers.readId });
  return row?.readId ?? 0;
}

export async function roomLastMessageId(db: DbOrTx, roomId: number): Promise<number> {
  const [row] = await db
    .select({ id: chatRooms.lastMessageId })
    .from(chatRooms)
    .where(eq(chatRooms.id, roomId));
  return row?.id ?? 0;
}

/** Whether this media is attached to a message of this room that `readerId` may read (the members' file route). */
export async function findRoomMedia(db: DbOrTx, roomId: number, mediaId: string, readerId: string) {
  const [row] = await db
    .select({ media })
    .from(chatMessageMedia)
    .innerJoin(chatMessages, eq(chatMessages.id, chatMessageMedia.messageId))
    .innerJoin(media, eq(media.id, chatMessageMedia.mediaId))
    .where(and(eq(chatMessages.roomId, roomId), eq(chatMessageMedia.mediaId, mediaId), readableBy(readerId)))
    .limit(1);
  return row?.media;
}

/** Whether `mediaId` was sent in a room `userId` is a member of. */
export async function isSentInRoomOf(db: DbOrTx, mediaId: string, userId: string): Promise<boolean> {
  const rows = await db
    .select({ messageId: chatMessageMedia.messageId })
    .from(chatMessageMedia)
    .innerJoin(chatMessages, eq(chatMessages.id, chatMessageMedia.messageId))
    .innerJoin(chatRooms, eq(chatRooms.id, chatMessages.roomId))
    .where(and(eq(chatMessageMedia.mediaId, mediaId), hasMember(userId)))
    .limit(1);
  return rows.length > 0;
}

/** Staff hide a message (with the reason its sender reads) or show it again (null); its room, or null when there is none. */
export async function setMessageHidden(db: DbOrTx, id: number, reason: string | null) {
  const [row] = await db
    .update(chatMessages)
    .set(
      reason === null
        ? { hiddenAt: null, hiddenReason: null }
        : { hiddenAt: sql`now()`, hiddenReason: reason },
    )
    .where(eq(chatMessages.id, id))
    .returning({ roomId: chatMessages.roomId, senderId: chatMessages.senderId });
  return row ?? null;
}
