import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CHAT_ATTACHMENTS_MAX,
  CHAT_MESSAGE_TEXT_MAX,
  CHAT_MESSAGES_PAGE_SIZE,
  CHAT_ROOMS_PAGE_SIZE,
  CHAT_SEND_LIMITS,
  type ChatRoomType,
} from '@brushline/shared/chat/constants';
import {
  blockAnswerSchema,
  chatMessagePageSchema,
  chatMessageSchema,
  chatMessagesQuerySchema,
  chatRoomIdParamsSchema,
  chatRoomPageSchema,
  chatRoomParamsSchema,
  chatRoomSchema,
  chatRoomsQuerySchema,
  chatUnreadSchema,
  createPrivateChatSchema,
  loginParamsSchema,
  messageSendBodySchema,
  workingRoomParamsSchema,
} from '@brushline/shared/chat/schemas';
import { sentFormSchema } from '@brushline/shared/orders/schemas';
import { uuidSchema } from '@brushline/shared/uuid';
import type { Deps } from '../../platform/deps.ts';
import { errorResponses } from '../../platform/openapi.ts';
import { requireActor } from '../../platform/session.ts';
import { sendMediaFile } from '../media/media.open.ts';
import { listMessages, openRoomFile, readRoom, sendMessage } from './chat-messages.service.ts';
import {
  blockUser,
  getRoom,
  getWorkingRoom,
  listRoomTasks,
  listRooms,
  openPrivateChat,
  unblockUser,
  unreadRooms,
} from './chat-rooms.service.ts';

const tags = ['chat'];
const security = [{ session: [] }];
const membersOnly =
  'Only the two members of the room may read it; anyone else gets 404, as for a missing room.';
const { burst, sustained } = CHAT_SEND_LIMITS;

export const chatRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    const roomRoute = (path: string, type: ChatRoomType) =>
      app.get(
        path,
        {
          schema: {
            tags,
            security,
            summary: `SPEC §7: one ${type} room as the signed-in member sees it`,
            description: `${membersOnly} A room of the other kind under this path is 404 too.`,
            params: chatRoomParamsSchema,
            response: { 200: chatRoomSchema, ...errorResponses(400, 401, 404) },
          },
        },
        async (req) => getRoom(deps, requireActor(req), type, req.params.id),
      );
    roomRoute('/chatroom/get/:id', 'casual');

    app.get(
      '/wchatroom/get/:idOrLogin',
      {
        schema: {
          tags,
          security,
          summary:
            'SPEC §7: one working room, by its id or by the other member’s login (SPEC §2 /wchat/{login or id})',
          description: membersOnly,
          params: workingRoomParamsSchema,
          response: { 200: chatRoomSchema, ...errorResponses(400, 401, 404) },
        },
      },
      async (req) => getWorkingRoom(deps, requireActor(req), req.params.idOrLogin),
    );

    const listRoute = (path: string, type: ChatRoomType) =>
      app.get(
        path,
        {
          schema: {
            tags,
            security,
            summary: `SPEC §7: the signed-in user's ${type} rooms, most recently active first`,
            description:
              `Pages of ${CHAT_ROOMS_PAGE_SIZE} from page 1; nextPage is null after the last (SPEC §9). ` +
              "search keeps rooms whose other member's login or display name contains it.",
            querystring: chatRoomsQuerySchema,
            response: { 200: chatRoomPageSchema, ...errorResponses(400, 401) },
          },
        },
        async (req) => listRooms(deps, requireActor(req), type, req.query),
      );
    listRoute('/chatrooms/paginated/get', 'casual');
    listRoute('/wchatrooms/paginated/get', 'working');

    app.get(
      '/chatrooms/unread',
      {
        schema: {
          tags,
          security,
          summary: 'How many rooms of each kind have unread messages (the header badge)',
          description:
            'Path not in SPEC §7; chosen here. The hub keeps it fresh: NotificationRecieved with kind "chat" carries the same counts.',
          response: { 200: chatUnreadSchema, ...errorResponses(401) },
        },
      },
      async (req) => unreadRooms(deps, requireActor(req)),
    );

    app.get(
      '/messages/chat/:roomId/q',
      {
        schema: {
          tags,
          security,
          summary: "SPEC §7: a room's messages, oldest first within a page",
          description:
            `${membersOnly} Pages of ${CHAT_MESSAGES_PAGE_SIZE}. page (from 1, newest first; an empty page ends, SPEC §9); ` +
            'or before={message id}: the page older than it, which new messages do not shift (nextCursor is the next before, ' +
            'null at the start of the room); or after={message id}: what arrived since, for a client back from a reconnect ' +
            '(nextCursor is the next after, null once caught up).',
          params: chatRoomIdParamsSchema,
          querystring: chatMessagesQuerySchema,
          response: { 200: chatMessagePageSchema, ...errorResponses(400, 401, 404) },
        },
      },
      async (req) => listMessages(deps, requireActor(req), req.params.roomId, req.query),
    );

    app.post(
      '/messages/chat/:roomId',
      {
        schema: {
          tags,
          security,
          summary: 'Send a message (the HTTP form of the hub call MessageSend)',
          description:
            'Path not in SPEC §7; chosen here for clients without the hub. The same rules as MessageSend: text up to ' +
            `${CHAT_MESSAGE_TEXT_MAX} characters and/or up to ${CHAT_ATTACHMENTS_MAX} of your own uploads of purpose chat ` +
            '(POST /api/media?purpose=chat); one of them non-empty. clientId (a UUID your client makes) makes it idempotent: ' +
            'sending it again answers the stored message and stores nothing. Blocked either way: 403. Limited to ' +
            `${burst.points} per ${burst.seconds} s and ${sustained.points} per ${sustained.seconds / 60} minutes per user (429). ` +
            'Both members get MessageReceived on the hub.',
          params: chatRoomIdParamsSchema,
          body: messageSendBodySchema,
          response: { 200: chatMessageSchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
        },
      },
      async (req) => {
        const sent = await sendMessage(deps, requireActor(req), { ...req.body, room: req.params.roomId });
        await sent.deliver();
        return sent.message;
      },
    );

    app.put(
      '/chatroom/read/:roomId',
      {
        schema: {
          tags,
          security,
          summary: 'Mark the room read up to its last message (the HTTP form of the hub call ChatRead)',
          description: `Path not in SPEC §7; chosen here. ${membersOnly}`,
          params: chatRoomIdParamsSchema,
          response: { 200: z.object({ readId: z.number().int() }), ...errorResponses(400, 401, 404) },
        },
      },
      async (req) => readRoom(deps, requireActor(req), { room: req.params.roomId }),
    );

    app.post(
      '/chatroom/create',
      {
        schema: {
          tags,
          security,
          summary: 'Open the chat with a user (the HTTP form of the hub call CreatePrivateChat)',
          description:
            'Path not in SPEC §7; chosen here. One room per pair and kind, even when both open it at once. Casual rooms ' +
            'are made on demand; working rooms are made when an order between the two is accepted (asking for a missing one: 404). ' +
            "Yourself: 400; a user you blocked, or who blocked you: 403. `login` (SPEC §7 names the caller's login) " +
            'may be left out; when sent it must be yours (403 login_mismatch).',
          body: createPrivateChatSchema,
          response: { 200: chatRoomSchema, ...errorResponses(400, 401, 403, 404, 429) },
        },
      },
      async (req) => openPrivateChat(deps, requireActor(req), req.body),
    );

    app.get(
      '/task/comissions/get/:roomId',
      {
        schema: {
          tags,
          security,
          summary: "SPEC §7: the commission tasks between the room's two members, newest first",
          description: membersOnly,
          params: chatRoomIdParamsSchema,
          response: { 200: z.array(sentFormSchema), ...errorResponses(400, 401, 404) },
        },
      },
      async (req) => listRoomTasks(deps, requireActor(req), req.params.roomId),
    );

    const blockRoute = (method: 'put' | 'delete') =>
      app[method](
        '/chat/block/:login',
        {
          schema: {
            tags,
            security,
            summary: method === 'put' ? 'Block a user in chat' : 'Unblock a user',
            description:
              'Path not in SPEC §7; chosen here. While a block lasts neither can open a chat with the other or write in ' +
              'one; the blocked user is only told that sending failed.',
            params: loginParamsSchema,
            response: { 200: blockAnswerSchema, ...errorResponses(400, 401, 404, 429) },
          },
        },
        async (req) =>
          (method === 'put' ? blockUser : unblockUser)(deps, requireActor(req), req.params.login),
      );
    blockRoute('put');
    blockRoute('delete');

    app.get(
      '/chat/:roomId/files/:mediaId/:variant',
      {
        schema: {
          tags,
          security,
          summary: 'A picture sent in the room: full size or miniature',
          description: `${membersOnly} Only pictures sent in this room; served with nosniff and a private cache.`,
          produces: ['image/jpeg', 'image/png', 'image/webp', 'image/gif'],
          params: chatRoomIdParamsSchema.extend({
            mediaId: uuidSchema,
            variant: z.enum(['full', 'miniature']),
          }),
          response: { 200: z.unknown().describe('The image bytes'), ...errorResponses(400, 401, 404) },
        },
      },
      async (req, reply) => sendMediaFile(reply, () => openRoomFile(deps, requireActor(req), req.params)),
    );
  };
