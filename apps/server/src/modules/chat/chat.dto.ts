import type { ChatAttachment, ChatMessage, ChatRoom } from '@brushline/shared/chat/schemas';
import { chatMessages } from '@brushline/shared/chat/messages';
import { notFound } from '../../platform/errors.ts';
import type { MediaRow } from '../media/media.dto.ts';
import { toPerson } from '../users/users.dto.ts';
import type { MessageRow, RoomViewRow } from './chat.repo.ts';

/** A room that does not exist and someone else's room answer the same 404. */
export const roomNotFound = () => notFound(chatMessages.roomNotFound);

export type ChatFileVariant = 'full' | 'miniature';

/** A chat picture's bytes come through the room (members only), never through the public media route. */
export const chatFileUrl = (roomId: number, mediaId: string, variant: ChatFileVariant) =>
  `/api/chat/${roomId}/files/${mediaId}/${variant}`;

export function toChatAttachment(
  roomId: number,
  row: Pick<MediaRow, 'id' | 'width' | 'height' | 'mime' | 'purpose'>,
): ChatAttachment {
  return {
    id: row.id,
    url: chatFileUrl(roomId, row.id, 'full'),
    miniatureUrl: chatFileUrl(roomId, row.id, 'miniature'),
    width: row.width,
    height: row.height,
    mime: row.mime,
    purpose: row.purpose,
  };
}

export function toChatMessage(row: MessageRow, attachments: ChatAttachment[]): ChatMessage {
  return {
    id: row.id,
    roomId: row.roomId,
    clientId: row.clientId,
    senderId: row.senderId,
    senderDisplayLogin: row.senderLogin,
    text: row.text,
    attachments,
    hiddenByStaff: row.hiddenReason,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toChatRoom(row: RoomViewRow): ChatRoom {
  const other = toPerson({
    id: row.otherId,
    login: row.otherLogin,
    displayName: row.otherDisplayName,
    avatarId: row.otherAvatarId,
  });
  return {
    id: row.id,
    type: row.type,
    usersId: [row.userLow, row.userHigh],
    chatName: row.otherDisplayName || row.otherLogin,
    other,
    unreadMessages: row.unread,
    lastMessage: row.lastMessageId === null ? null : (row.lastText ?? ''),
    lastMessageId: row.lastMessageId,
    lastMessageAt: row.lastMessageAt ? row.lastMessageAt.toISOString() : null,
    lastMessageSenderId: row.lastSenderId ?? null,
    attachmentsLength: row.attachmentsLength,
    readId: row.readId,
    otherReadId: row.otherReadId,
    blockedByMe: row.blockedByMe,
  };
}
