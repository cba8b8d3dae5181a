import { z } from 'zod';
import { mediaSchema } from '../media/schemas.ts';
import { PAGE_NUMBER_MAX, pageNumberSchema, rowIdSchema } from '../paging.ts';
import { LOGIN_LOOKUP_MAX } from '../users/constants.ts';
import { personSchema } from '../users/schemas.ts';
import { uuidSchema } from '../uuid.ts';
import { proseText, text } from '../text.ts';
import {
  CHAT_ATTACHMENTS_MAX,
  CHAT_MESSAGE_TEXT_MAX,
  CHAT_ROOM_TYPES,
  CHAT_SEARCH_MAX,
} from './constants.ts';
import { chatMessages } from './messages.ts';

export const chatRoomTypeSchema = z.enum(CHAT_ROOM_TYPES);

const roomIdError = 'Must be a chat id';
const messageIdError = 'Must be a message id';
export const chatRoomIdSchema = rowIdSchema(roomIdError);

/**
 * SPEC §3 Chat room as the signed-in member sees it. `chatName` is the other member's display
 * name; `lastMessage` its text (null before the first message), `attachmentsLength` how many
 * pictures it carried. `otherReadId` is the other member's read pointer (the newest message id
 * they have seen, 0 for none): "seen" goes under the last of the viewer's messages at or below it.
 */
export const chatRoomSchema = z.object({
  id: z.number().int(),
  type: chatRoomTypeSchema,
  usersId: z.array(uuidSchema),
  chatName: z.string(),
  other: personSchema,
  unreadMessages: z.number().int(),
  lastMessage: z.string().nullable(),
  lastMessageId: z.number().int().nullable(),
  lastMessageAt: z.iso.datetime().nullable(),
  lastMessageSenderId: uuidSchema.nullable(),
  attachmentsLength: z.number().int(),
  /** The viewer's own read pointer. */
  readId: z.number().int(),
  otherReadId: z.number().int(),
  /** The viewer blocked the other member (nobody is told they were blocked). */
  blockedByMe: z.boolean(),
});
export type ChatRoom = z.infer<typeof chatRoomSchema>;

/** A picture in a message; its URLs go through the room's own route, which only members may read. */
export const chatAttachmentSchema = mediaSchema;
export type ChatAttachment = z.infer<typeof chatAttachmentSchema>;

/** SPEC §3 Message, plus what a client needs to place it: its room, sender id and client-made id. */
export const chatMessageSchema = z.object({
  id: z.number().int(),
  roomId: z.number().int(),
  clientId: uuidSchema,
  senderId: uuidSchema,
  senderDisplayLogin: z.string(),
  text: z.string(),
  attachments: z.array(chatAttachmentSchema),
  /** Why staff hid the message: only its sender still sees it then; null otherwise. */
  hiddenByStaff: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/**
 * A page of messages, oldest first (the order a pane shows them). Paging back (`page` or `before`):
 * `nextCursor` is the `before` of the older page, null at the start of the room. Catching up
 * (`after`): `nextCursor` is the `after` of the next batch, null once nothing newer is left.
 */
export const chatMessagePageSchema = z.object({
  items: z.array(chatMessageSchema),
  nextCursor: z.number().int().nullable(),
});
export type ChatMessagePage = z.infer<typeof chatMessagePageSchema>;

export const chatRoomPageSchema = z.object({
  items: z.array(chatRoomSchema),
  /** The next `page`, null after the last one. */
  nextPage: z.number().int().nullable(),
});
export type ChatRoomPage = z.infer<typeof chatRoomPageSchema>;

export const chatRoomParamsSchema = z.object({ id: chatRoomIdSchema });
export const chatRoomIdParamsSchema = z.object({ roomId: chatRoomIdSchema });

/** wchatroom/get/{id}: a room id, or the other member's login (SPEC §2 /wchat/{login or id}). */
export const workingRoomParamsSchema = z.object({
  idOrLogin: text({ error: roomIdError }).trim().min(1, { error: roomIdError }).max(LOGIN_LOOKUP_MAX),
});

/**
 * GET messages/chat/{roomId}/q: `page` (from 1, newest first; an empty page ends, SPEC §9),
 * `before` (a message id: the page older than it, which new messages do not shift) or `after`
 * (a message id: what arrived since, for a client coming back from a reconnect). One at most;
 * none is the newest page.
 */
export const chatMessagesQuerySchema = z
  .object({
    page: pageNumberSchema.optional(),
    before: rowIdSchema(messageIdError).optional(),
    after: z
      .string({ error: messageIdError })
      .regex(/^(0|[1-9][0-9]{0,9})$/, { error: messageIdError })
      .transform(Number)
      .optional(),
  })
  .refine((q) => [q.page, q.before, q.after].filter((v) => v !== undefined).length <= 1, {
    error: 'Use one of page, before or after',
    path: ['before'],
  });
export type ChatMessagesQuery = z.infer<typeof chatMessagesQuerySchema>;

/** GET chatrooms/paginated/get and wchatrooms/paginated/get: page from 1, optional name search. */
export const chatRoomsQuerySchema = z.object({
  page: pageNumberSchema.optional(),
  search: text().trim().max(CHAT_SEARCH_MAX).optional(),
});
export type ChatRoomsQuery = z.infer<typeof chatRoomsQuerySchema>;
export { PAGE_NUMBER_MAX };

const messageShape = {
  clientId: z.uuid({ error: chatMessages.clientIdInvalid }),
  text: proseText(chatMessages.badCharacters)
    .max(CHAT_MESSAGE_TEXT_MAX, { error: chatMessages.textTooLong })
    .default(''),
  attachments: z
    .array(uuidSchema)
    .max(CHAT_ATTACHMENTS_MAX, { error: chatMessages.tooManyAttachments })
    .default([]),
};

function messageRules<T extends z.ZodType<{ text: string; attachments: string[] }>>(schema: T) {
  return schema
    .refine((m) => m.text.trim().length > 0 || m.attachments.length > 0, {
      error: chatMessages.empty,
      path: ['text'],
    })
    .refine((m) => new Set(m.attachments).size === m.attachments.length, {
      error: chatMessages.duplicateAttachments,
      path: ['attachments'],
    });
}

/** SPEC §7 MessageSend(room, login, text, attachments), with the client-made id (decision 0016). */
export const messageSendSchema = messageRules(
  z.object({
    room: z.number({ error: roomIdError }).int({ error: roomIdError }).positive({ error: roomIdError }),
    /** The sender's own login, as the SPEC's call names it; the server signs by the session, not by this. */
    login: text().max(LOGIN_LOOKUP_MAX).optional(),
    ...messageShape,
  }),
);
export type MessageSend = z.infer<typeof messageSendSchema>;

/** The HTTP form of MessageSend (POST messages/chat/{roomId}): the room is the path's. */
export const messageSendBodySchema = messageRules(z.object(messageShape));
export type MessageSendBody = z.infer<typeof messageSendBodySchema>;

/** SPEC §7 CreatePrivateChat(login, otherLogin, type); `login` is the caller's own and optional. */
export const createPrivateChatSchema = z.object({
  login: text().max(LOGIN_LOOKUP_MAX).optional(),
  otherLogin: text({ error: chatMessages.userNotFound })
    .trim()
    .min(1, { error: chatMessages.userNotFound })
    .max(LOGIN_LOOKUP_MAX, { error: chatMessages.userNotFound }),
  type: chatRoomTypeSchema.default('casual'),
});
export type CreatePrivateChat = z.infer<typeof createPrivateChatSchema>;

/** SPEC §7 ChatRead(room, login): the reader's pointer moves to `upTo` (the newest message shown), or to the end. */
export const chatReadSchema = z.object({
  room: z.number({ error: roomIdError }).int().positive({ error: roomIdError }),
  login: text().max(LOGIN_LOOKUP_MAX).optional(),
  upTo: z.number().int().positive().optional(),
});
export type ChatRead = z.infer<typeof chatReadSchema>;

/** Rooms with unread messages, per kind: the header badge and the casual/working toggle. */
export const chatUnreadSchema = z.object({ casual: z.number().int(), working: z.number().int() });
export type ChatUnread = z.infer<typeof chatUnreadSchema>;

export const loginParamsSchema = z.object({
  login: text({ error: chatMessages.userNotFound }).trim().min(1).max(LOGIN_LOOKUP_MAX),
});
export const blockAnswerSchema = z.object({ blocked: z.boolean(), message: z.string() });

/** What a hub call answers: the result, or the same error shape as the HTTP API. */
export type HubAnswer<T> = { ok: true; data: T } | { ok: false; error: { code: string; message: string } };
