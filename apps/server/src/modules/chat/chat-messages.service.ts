import { randomUUID } from 'node:crypto';
import type { DbOrTx } from '../../db/client.ts';
import { CHAT_MESSAGES_PAGE_SIZE } from '@brushline/shared/chat/constants';
import { chatMessages } from '@brushline/shared/chat/messages';
import type {
  ChatMessage,
  ChatMessagePage,
  ChatMessagesQuery,
  ChatRead,
  MessageSend,
} from '@brushline/shared/chat/schemas';
import { messages } from '@brushline/shared/messages';
import type { Deps, TxCtx } from '../../platform/deps.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { Actor } from '../../platform/session.ts';
import { assertOwnMedia } from '../media/media.service.ts';
import { openStoredMedia, type MediaFile } from '../media/media.open.ts';
import { readChatNotifications } from '../notifications/notifications.service.ts';
import { roomNotFound, toChatAttachment, toChatMessage, type ChatFileVariant } from './chat.dto.ts';
import {
  byMessageId,
  countUnreadRooms,
  findMembership,
  findRoomId,
  findRoomMedia,
  inRoom,
  isBlockedEitherWay,
  moveReadPointer,
  newerThan,
  olderThan,
  readableBy,
  roomLastMessageId,
  selectMessageMedia,
  selectMessages,
  sentWithClientId,
  setMessageHidden,
  type MessageRow,
} from './chat.repo.ts';
import { checkAndStoreMessage, type StoredMessage } from './chat-send.repo.ts';
import { memberOf } from './chat-rooms.service.ts';
import { assertOwnLogin } from './chat.rules.ts';

type HubCtx = Pick<Deps, 'hub' | 'log'>;

async function present(db: DbOrTx, rows: MessageRow[]): Promise<ChatMessage[]> {
  const files = await selectMessageMedia(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) =>
    toChatMessage(
      r,
      files.filter((f) => f.messageId === r.id).map((f) => toChatAttachment(r.roomId, f)),
    ),
  );
}

async function messageBy(db: DbOrTx, senderId: string, clientId: string): Promise<ChatMessage | undefined> {
  const rows = await selectMessages(db, sentWithClientId(senderId, clientId), 'asc', 1);
  return (await present(db, rows))[0];
}

/** A push that fails must not fail what was already stored and acknowledged. */
function safely(ctx: HubCtx, what: string, push: () => void) {
  try {
    push();
  } catch (err) {
    ctx.log.warn({ err }, `could not push ${what}`);
  }
}

type Unread = Awaited<ReturnType<typeof countUnreadRooms>>;

/** The user's header badge: their unread rooms per kind, after this message or read. */
async function pushUnread(
  ctx: Pick<Deps, 'db' | 'hub' | 'log'>,
  userId: string,
  roomId: number,
  known?: Unread,
) {
  const unread = known ?? (await countUnreadRooms(ctx.db, userId));
  safely(ctx, 'chat unread counts', () =>
    ctx.hub.toUser(userId, 'NotificationRecieved', { kind: 'chat', roomId, unread }),
  );
}

export interface SentMessage {
  message: ChatMessage;
  /**
   * Emits MessageReceived to both members on every instance, then the recipient's unread counts
   * when the room just became unread for them. The hub calls it after
   * acknowledging, so the sender has the stored message first. It never throws: what it does
   * comes after the message is stored and acknowledged.
   */
  deliver: () => Promise<void>;
}

/**
 * SPEC §7 MessageSend. Only a member may write (anyone else: 404). The client's id makes it
 * idempotent: a message already stored under it is answered again (and delivered again, in case
 * the first delivery was lost with its server) without storing a second or counting a send. A block
 * either way refuses it; the blocked side hears only that sending failed. Attachments must be the
 * sender's own chat uploads.
 *
 * The hot path is one database round trip (decision 0016): the rate limits first (Redis, both in
 * one write), then one statement that checks membership, blocks and a resend and, when they pass,
 * stores the message with its attachments, the room's last message, the sender's read pointer
 * and the recipient's chat notification (one per room until read, which is what the batched e-mail
 * carries), and answers the recipient's unread counts (checkAndStoreMessage): one commit, so an
 * acknowledged message always has its notification. A resend is not counted (its counts are given
 * back) nor refused by the limit.
 */
export async function sendMessage(
  ctx: Pick<Deps, 'db' | 'hub' | 'log' | 'limits'>,
  actor: Actor,
  input: MessageSend,
): Promise<SentMessage> {
  assertOwnLogin(actor, input.login);
  const deliverFor = (otherId: string, message: ChatMessage, stored?: StoredMessage) => async () => {
    safely(ctx, 'a chat message', () => ctx.hub.toUsers([actor.id, otherId], 'MessageReceived', message));
    // The badge counts unread rooms: a message into a room already unread for the recipient
    // changes nothing there, so only the first unread one is pushed (a resend, not knowing,
    // pushes the count as it is now).
    if (stored && stored.hadUnread) return;
    try {
      await pushUnread(ctx, otherId, input.room, stored?.recipientUnread);
    } catch (err) {
      ctx.log.warn({ err }, 'could not push the unread chat count to its recipient');
    }
  };
  /** The message stored earlier under this client id, answered (and delivered) again. */
  const resent = async (otherId?: string) => {
    const earlier = await messageBy(ctx.db, actor.id, input.clientId);
    if (!earlier) return undefined;
    if (earlier.roomId !== input.room)
      throw new AppError(409, 'client_id_reused', chatMessages.clientIdReused);
    const other = otherId ?? (await memberOf(ctx, actor, input.room)).otherId;
    return { message: earlier, deliver: deliverFor(other, earlier) };
  };
  const counts = ['chatSendBurst', 'chatSendSustained'] as const;
  try {
    await Promise.all(counts.map((name) => ctx.limits.hit(name, actor.id)));
  } catch (err) {
    // At the limit, a resend (a reconnecting client) still gets its stored message.
    if (err instanceof AppError && err.statusCode === 429) {
      const again = await resent();
      if (again) return again;
    }
    throw err;
  }
  const files = await assertOwnMedia(ctx, actor, input.attachments, ['chat']);
  const outcome = await checkAndStoreMessage(ctx.db, {
    roomId: input.room,
    senderId: actor.id,
    clientId: input.clientId,
    text: input.text,
    mediaIds: input.attachments,
    noteText: chatMessages.notificationText(actor.login),
  });
  if (!outcome?.otherId) throw roomNotFound();
  const otherId = outcome.otherId;
  const giveBack = () => Promise.all(counts.map((name) => ctx.limits.refund(name, actor.id)));
  if (outcome.earlierRoomId !== null) {
    await giveBack();
    const again = await resent(otherId);
    if (again) return again;
  }
  if (outcome.blockedByMe) throw new AppError(403, 'blocked_by_you', chatMessages.blockedByYou);
  if (outcome.blockedByOther) throw new AppError(403, 'send_refused', messages.chatSendFailed);
  const stored = outcome.stored;
  // undefined: the same client id won a race meanwhile; that one is the message.
  if (!stored) {
    await giveBack();
    const again = await resent(otherId);
    if (again) return again;
    throw roomNotFound();
  }
  const message = toChatMessage(
    {
      id: stored.id,
      roomId: input.room,
      clientId: input.clientId,
      senderId: actor.id,
      senderLogin: outcome.senderLogin,
      text: input.text,
      hiddenReason: null,
      createdAt: stored.createdAt,
    },
    files.map((f) => toChatAttachment(input.room, f)),
  );
  return { message, deliver: deliverFor(otherId, message, stored) };
}

/**
 * Posts `text` from the actor into their working room with `otherId`, exactly as MessageSend
 * would (the send limits, blocks, the recipient's chat notification and unread badge, the push to
 * both), for features that speak in the working chat: an order's comment on a work in progress.
 * Answers the message, or null when the two have no working room (one opens with their first
 * accepted order). Refusals throw like sendMessage's.
 */
export async function postInWorkingRoom(
  ctx: Pick<Deps, 'db' | 'hub' | 'log' | 'limits'>,
  actor: Actor,
  input: { otherId: string; text: string },
): Promise<ChatMessage | null> {
  const room = await findRoomId(ctx.db, 'working', actor.id, input.otherId);
  if (room === undefined) return null;
  const sent = await sendMessage(ctx, actor, {
    room,
    clientId: randomUUID(),
    text: input.text,
    attachments: [],
  });
  await sent.deliver();
  return sent.message;
}

/**
 * GET messages/chat/{roomId}/q, oldest first within a page. `page` counts from the newest;
 * `before` pages back by id (new messages do not shift it); `after` answers what arrived since
 * (a reconnect's catch-up), oldest first, continued from `nextCursor`.
 */
export async function listMessages(
  ctx: Pick<Deps, 'db'>,
  actor: Actor,
  roomId: number,
  query: ChatMessagesQuery,
): Promise<ChatMessagePage> {
  await memberOf(ctx, actor, roomId);
  const size = CHAT_MESSAGES_PAGE_SIZE;
  // Another member's message staff hid is gone for this reader (decision 0022).
  const readable = readableBy(actor.id);
  if (query.after !== undefined) {
    const rows = await selectMessages(
      ctx.db,
      inRoom(roomId, newerThan(query.after), readable),
      'asc',
      size + 1,
    );
    const items = await present(ctx.db, rows.slice(0, size));
    return { items, nextCursor: rows.length > size ? items.at(-1)!.id : null };
  }
  const rows =
    query.before !== undefined
      ? await selectMessages(ctx.db, inRoom(roomId, olderThan(query.before), readable), 'desc', size + 1)
      : await selectMessages(
          ctx.db,
          inRoom(roomId, readable),
          'desc',
          size + 1,
          ((query.page ?? 1) - 1) * size,
        );
  const items = await present(ctx.db, rows.slice(0, size).reverse());
  return { items, nextCursor: rows.length > size ? items[0]!.id : null };
}

/**
 * SPEC §7 ChatRead: the actor's read pointer moves forward to `upTo` (the newest message their
 * pane shows; at most the room's last), or to the room's last message. Both members hear where it
 * is ("seen"), and the actor's other tabs get their unread counts. Read to its end, the room's
 * chat notification becomes read, so a batched e-mail not yet sent leaves it out.
 */
export async function readRoom(
  ctx: Pick<Deps, 'db' | 'hub' | 'log'>,
  actor: Actor,
  input: ChatRead,
): Promise<{ readId: number }> {
  assertOwnLogin(actor, input.login);
  const room = await memberOf(ctx, actor, input.room);
  const last = await roomLastMessageId(ctx.db, room.id);
  const upTo = Math.min(input.upTo ?? last, last);
  const readId = await moveReadPointer(ctx.db, room.id, actor.id, upTo);
  // Only a room read to its end has nothing left to mail: a message sent while the room still has
  // unread ones notes nothing new (sendMessage), so a partly read room keeps its notification.
  if (readId >= last) await readChatNotifications(ctx, actor, room.id);
  safely(ctx, 'a read pointer', () =>
    ctx.hub.toUsers([actor.id, room.otherId], 'ChatReadUpdated', {
      roomId: room.id,
      userId: actor.id,
      readId,
    }),
  );
  await pushUnread(ctx, actor.id, room.id);
  return { readId };
}

/** A picture sent in the room: its members only, and only pictures sent in this room (else 404). */
export async function openRoomFile(
  ctx: Pick<Deps, 'db' | 'storage'>,
  actor: Actor,
  input: { roomId: number; mediaId: string; variant: ChatFileVariant },
): Promise<MediaFile> {
  await memberOf(ctx, actor, input.roomId);
  const row = await findRoomMedia(ctx.db, input.roomId, input.mediaId, actor.id);
  if (!row) throw notFound();
  return openStoredMedia(ctx, row, input.variant);
}

/** Typing (beyond the SPEC): told to the other member only, never stored; members only. */
export async function announceTyping(ctx: Pick<Deps, 'db' | 'hub' | 'log'>, actor: Actor, roomId: number) {
  const room = await memberOf(ctx, actor, roomId);
  if (await isBlockedEitherWay(ctx.db, actor.id, room.otherId)) return;
  safely(ctx, 'typing', () =>
    ctx.hub.toUser(room.otherId, 'ChatTyping', { roomId: room.id, userId: actor.id }),
  );
}

/**
 * One message as a member of its room reads it (a report's snapshot, decision 0022): its sender,
 * text and attachment ids; undefined when there is none or `actor` is not a member of its room.
 */
export async function messageForMember(ctx: Pick<Deps, 'db'>, actor: Actor, id: number) {
  const [row] = await selectMessages(ctx.db, byMessageId(id), 'asc', 1);
  if (!row || !(await findMembership(ctx.db, row.roomId, actor.id))) return undefined;
  const media = await selectMessageMedia(ctx.db, [row.id]);
  return { ...row, attachmentIds: media.map((m) => m.id) };
}

/** A reported message as staff read it (they are not members of its room); undefined when there is none. */
export async function messageForStaff(ctx: Pick<Deps, 'db'>, _actor: Actor, id: number) {
  const [row] = await selectMessages(ctx.db, byMessageId(id), 'asc', 1);
  if (!row) return undefined;
  const media = await selectMessageMedia(ctx.db, [row.id]);
  return { ...row, attachmentIds: media.map((m) => m.id) };
}

/**
 * Staff hide a message (with the reason its sender reads) or show it again (null): the other
 * member no longer reads it or its pictures. Inside the staff's transaction; answers whether it exists.
 */
export async function setMessageHiddenByStaff(
  ctx: TxCtx,
  _actor: Actor,
  id: number,
  reason: string | null,
): Promise<boolean> {
  return (await setMessageHidden(ctx.db, id, reason)) !== null;
}
