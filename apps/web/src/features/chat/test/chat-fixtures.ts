import type { ChatMessage, ChatRoom } from '@brushline/shared/chat/schemas';

export const ME = '6f1c1f9e-1111-4111-8111-111111111111';
export const BOB = '6f1c1f9e-2222-4222-8222-222222222222';

/** Test data: Ann's casual room with Bob. */
export function aRoom(over: Partial<ChatRoom> = {}): ChatRoom {
  return {
    id: 5,
    type: 'casual',
    usersId: [ME, BOB],
    chatName: 'Bob',
    other: { id: BOB, login: 'bob', displayName: 'Bob', avatarMiniatureUrl: null },
    unreadMessages: 0,
    lastMessage: 'hello',
    lastMessageId: 1,
    lastMessageAt: new Date().toISOString(),
    lastMessageSenderId: BOB,
    attachmentsLength: 0,
    readId: 1,
    otherReadId: 0,
    blockedByMe: false,
    ...over,
  };
}

export function aMessage(id: number, over: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id,
    roomId: 5,
    clientId: crypto.randomUUID(),
    senderId: BOB,
    senderDisplayLogin: 'bob',
    text: `message ${id}`,
    attachments: [],
    hiddenByStaff: null,
    createdAt: new Date().toISOString(),
    ...over,
  };
}

export const me = {
  id: ME,
  displayName: 'Ann',
  displayLogin: 'ann',
  loginName: 'ann',
  email: 'ann@example.test',
  roles: [],
  badges: [],
  isOnline: true,
  connectedSocials: [],
  userProfileStore: { profilePicture: null, bannerPicture: null },
  createdAt: new Date().toISOString(),
};
