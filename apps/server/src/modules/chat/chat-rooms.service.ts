import type { ChatRoomType } from '@brushline/shared/chat/constants';
import { CHAT_ROOMS_PAGE_SIZE } from '@brushline/shared/chat/constants';
import { chatMessages } from '@brushline/shared/chat/messages';
import type {
  ChatRoom,
  ChatRoomPage,
  ChatRoomsQuery,
  ChatUnread,
  CreatePrivateChat,
} from '@brushline/shared/chat/schemas';
import type { SentForm } from '@brushline/shared/orders/schemas';
import type { Deps, TxCtx } from '../../platform/deps.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { Actor } from '../../platform/session.ts';
import { listOrdersBetween } from '../orders/orders.service.ts';
import { userByLogin } from '../users/users.service.ts';
import { roomNotFound, toChatRoom } from './chat.dto.ts';
import { assertOwnLogin } from './chat.rules.ts';
import {
  countUnreadRooms,
  deleteBlock,
  findMembership,
  findRoomId,
  hasBlocked,
  insertBlock,
  isBlockedEitherWay,
  selectRoomViews,
  upsertRoom,
  type Membership,
} from './chat.repo.ts';

/** The room when the actor is one of its two members (of `type` when given); 404 otherwise. */
export async function memberOf(
  ctx: Pick<Deps, 'db'>,
  actor: Pick<Actor, 'id'>,
  roomId: number,
  type?: ChatRoomType,
): Promise<Membership> {
  const room = await findMembership(ctx.db, roomId, actor.id);
  if (!room || (type && room.type !== type)) throw roomNotFound();
  return room;
}

async function roomView(ctx: Pick<Deps, 'db'>, actor: Pick<Actor, 'id'>, roomId: number): Promise<ChatRoom> {
  const [row] = await selectRoomViews(ctx.db, { userId: actor.id, roomId, limit: 1 });
  if (!row) throw roomNotFound();
  return toChatRoom(row);
}

/**
 * The working room of an artist (the actor, accepting an order) and a buyer, made when the first
 * order between them is accepted. Runs inside the accept's transaction: an accept that rolls back
 * makes no room. Blocking does not stop it (the order goes on); it stops writing in it.
 */
export async function openWorkingRoom(ctx: TxCtx, actor: Pick<Actor, 'id'>, input: { buyerId: string }) {
  if (input.buyerId === actor.id) return;
  await upsertRoom(ctx.db, 'working', actor.id, input.buyerId);
}

/**
 * SPEC §7 CreatePrivateChat: the one casual room of the actor and `otherLogin`, made if missing
 * (counted against CHAT_OPEN_LIMIT only then). Working rooms are made by orders: asking for one
 * answers it when it exists. While either has blocked the other no room opens; the blocked side is
 * told only that it could not.
 */
export async function openPrivateChat(
  ctx: Pick<Deps, 'db' | 'limits'>,
  actor: Actor,
  input: CreatePrivateChat,
): Promise<ChatRoom> {
  assertOwnLogin(actor, input.login);
  const other = await userByLogin(ctx, actor, input.otherLogin);
  if (!other) throw notFound(chatMessages.userNotFound);
  if (other.id === actor.id) throw new AppError(400, 'self_chat', chatMessages.selfChat);
  const existing = await findRoomId(ctx.db, input.type, actor.id, other.id);
  if (input.type === 'working') {
    if (existing === undefined) throw notFound(chatMessages.noWorkingChat);
    return roomView(ctx, actor, existing);
  }
  if (await hasBlocked(ctx.db, actor.id, other.id))
    throw new AppError(403, 'blocked_by_you', chatMessages.blockedByYou);
  if (await isBlockedEitherWay(ctx.db, actor.id, other.id))
    throw new AppError(403, 'chat_unavailable', chatMessages.openFailed);
  if (existing !== undefined) return roomView(ctx, actor, existing);
  await ctx.limits.hit('chatOpenUser', actor.id);
  return roomView(ctx, actor, await upsertRoom(ctx.db, 'casual', actor.id, other.id));
}

/** GET chatroom/get/{id} and wchatroom/get/{id}: one room of the actor's, of that kind. */
export async function getRoom(
  ctx: Pick<Deps, 'db'>,
  actor: Actor,
  type: ChatRoomType,
  id: number,
): Promise<ChatRoom> {
  await memberOf(ctx, actor, id, type);
  return roomView(ctx, actor, id);
}

/** wchatroom/get/{login or id}: SPEC §2's /wchat/{login or id} names the room or the other member. */
export async function getWorkingRoom(
  ctx: Pick<Deps, 'db'>,
  actor: Actor,
  idOrLogin: string,
): Promise<ChatRoom> {
  if (/^[1-9][0-9]{0,9}$/.test(idOrLogin) && Number(idOrLogin) <= 2_147_483_647)
    return getRoom(ctx, actor, 'working', Number(idOrLogin));
  const other = await userByLogin(ctx, actor, idOrLogin);
  const id = other ? await findRoomId(ctx.db, 'working', actor.id, other.id) : undefined;
  if (id === undefined) throw roomNotFound();
  return roomView(ctx, actor, id);
}

/**
 * The actor's rooms of one kind, the most recently active first; `search` keeps those whose other
 * member's login or name contains it. Pages from 1 until an empty one (SPEC §9).
 */
export async function listRooms(
  ctx: Pick<Deps, 'db'>,
  actor: Actor,
  type: ChatRoomType,
  query: ChatRoomsQuery,
): Promise<ChatRoomPage> {
  const page = query.page ?? 1;
  const rows = await selectRoomViews(ctx.db, {
    userId: actor.id,
    type,
    search: query.search || undefined,
    limit: CHAT_ROOMS_PAGE_SIZE + 1,
    offset: (page - 1) * CHAT_ROOMS_PAGE_SIZE,
  });
  return {
    items: rows.slice(0, CHAT_ROOMS_PAGE_SIZE).map(toChatRoom),
    nextPage: rows.length > CHAT_ROOMS_PAGE_SIZE ? page + 1 : null,
  };
}

/** How many of the actor's rooms of each kind have unread messages (the header badge). */
export async function unreadRooms(ctx: Pick<Deps, 'db'>, actor: Pick<Actor, 'id'>): Promise<ChatUnread> {
  return countUnreadRooms(ctx.db, actor.id);
}

/** GET task/comissions/get/{roomId}: the orders between the room's two members, for its members only. */
export async function listRoomTasks(
  ctx: Pick<Deps, 'db'>,
  actor: Actor,
  roomId: number,
): Promise<SentForm[]> {
  const room = await memberOf(ctx, actor, roomId);
  return listOrdersBetween(ctx, actor, room.otherId);
}

async function blockTarget(ctx: Pick<Deps, 'db'>, actor: Actor, login: string) {
  const other = await userByLogin(ctx, actor, login);
  if (!other) throw notFound(chatMessages.userNotFound);
  if (other.id === actor.id) throw new AppError(400, 'self_block', chatMessages.selfBlock);
  return other;
}

/** Blocks a user: from now on neither can open a chat with the other or write in one. */
export async function blockUser(ctx: Pick<Deps, 'db' | 'limits'>, actor: Actor, login: string) {
  const other = await blockTarget(ctx, actor, login);
  await ctx.limits.hit('chatBlockUser', actor.id);
  await insertBlock(ctx.db, actor.id, other.id);
  return { blocked: true, message: chatMessages.blocked(other.login) };
}

export async function unblockUser(ctx: Pick<Deps, 'db' | 'limits'>, actor: Actor, login: string) {
  const other = await blockTarget(ctx, actor, login);
  await ctx.limits.hit('chatBlockUser', actor.id);
  await deleteBlock(ctx.db, actor.id, other.id);
  return { blocked: false, message: chatMessages.unblocked(other.login) };
}
