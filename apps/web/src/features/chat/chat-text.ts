import { CHAT_LAST_MESSAGE_CUT, CHAT_ROOM_NAME_CUT } from '@brushline/shared/chat/constants';
import type { ChatRoom } from '@brushline/shared/chat/schemas';
import { messages } from '@brushline/shared/messages';
import { cutText } from '@brushline/shared/text';

/** Text cut after `max` characters, with an ellipsis when anything was left out (cutText). */
export const cut = (text: string, max: number) => cutText(text, max);

/** SPEC §9: the room's name in the list, cut at 14 characters. */
export const roomName = (room: ChatRoom) => cut(room.chatName, CHAT_ROOM_NAME_CUT);

/** SPEC §9: the last message in the list, cut at 12; a picture-only message says so. */
export function lastMessageLine(room: ChatRoom, myId: string | undefined): string {
  if (room.lastMessage === null) return messages.chatNoMessages;
  const own = room.lastMessageSenderId === myId ? 'You: ' : '';
  const text = room.lastMessage.replace(/\s+/g, ' ').trim();
  if (!text && room.attachmentsLength > 0)
    return `${own}${room.attachmentsLength === 1 ? 'a picture' : `${room.attachmentsLength} pictures`}`;
  return own + cut(text, CHAT_LAST_MESSAGE_CUT);
}
