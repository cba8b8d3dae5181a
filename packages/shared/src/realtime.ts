import type {
  ChatMessage,
  ChatRoom,
  ChatUnread,
  CreatePrivateChat,
  HubAnswer,
  MessageSend,
  ChatRead,
} from './chat/schemas.ts';
import type { Notification } from './notifications/schemas.ts';

/**
 * The real-time hub's typed events (SPEC §7), shared by the Socket.IO server and client.
 * Names are the spec's, spelling included (NotificationRecieved, ComissionRequestRecieved).
 */
export interface ServerToClientEvents {
  /**
   * A new stored notification for the signed-in user; kind tells which panel refreshes. Kind
   * 'chat' carries no stored notification: a message arrived (or a room was read on another tab),
   * and `unread` is the user's rooms with unread messages now, per kind, for the header badge.
   */
  NotificationRecieved: (
    payload:
      | { kind: 'crm' | 'feed'; notification: Notification }
      | { kind: 'chat'; roomId: number; unread: ChatUnread },
  ) => void;
  /** A message stored in one of the user's rooms (theirs or the other member's), after its ack. */
  MessageReceived: (message: ChatMessage) => void;
  /** A member's read pointer moved: "seen" and unread counts follow. */
  ChatReadUpdated: (payload: { roomId: number; userId: string; readId: number }) => void;
  /** The other member is typing in a room (not stored; gone after CHAT_TYPING_SHOWN_MS). */
  ChatTyping: (payload: { roomId: number; userId: string }) => void;
  /** An artist received a commission form. */
  ComissionRequestRecieved: (payload: {
    formId: number;
    cardUuid: string | null;
    senderLogin: string;
  }) => void;
  /**
   * SPEC §7: an artist applied to one of the user's requests (or updated their pending
   * application). Pushed by the server after the application committed (issue 12 §2,
   * docs/decisions/0018-requests.md); the client refreshes its pending list.
   */
  AppliedForRequestRecieved: (payload: {
    applicationId: number;
    requestGuid: string;
    senderLogin: string;
  }) => void;
  /**
   * The signed-in user's board changed (a save in another tab or device, or a commission whose
   * status changed moved): a client holding an older version reloads it.
   */
  BoardUpdated: (payload: { guid: string; version: number }) => void;
  UserConnected: (payload: { userId: string }) => void;
  UserDisconnected: (payload: { userId: string }) => void;
}

/** Users one WhoIsOnline question may name; the rest are left out (a feed page names far fewer). */
export const WHO_IS_ONLINE_MAX = 200;

export interface ClientToServerEvents {
  /**
   * Which of these users are online right now (profile and feed show the dot); up to
   * WHO_IS_ONLINE_MAX ids. Asking is also watching: the socket then hears UserConnected and
   * UserDisconnected about them (only watchers hear those).
   */
  WhoIsOnline: (userIds: string[], reply: (onlineIds: string[]) => void) => void;
  /** SPEC §7: opens (or finds) the one room of this pair and kind; answers the room. */
  CreatePrivateChat: (payload: CreatePrivateChat, reply: (answer: HubAnswer<ChatRoom>) => void) => void;
  /**
   * SPEC §7: stores the message (once per clientId), acknowledges with the stored message, then
   * emits MessageReceived to both members on every instance.
   */
  MessageSend: (payload: MessageSend, reply: (answer: HubAnswer<ChatMessage>) => void) => void;
  /** SPEC §7: moves the caller's read pointer in the room. */
  ChatRead: (payload: ChatRead, reply: (answer: HubAnswer<{ readId: number }>) => void) => void;
  /** Typing in a room (beyond the SPEC): throttled, forwarded to the other member, never stored. */
  ChatTyping: (payload: { room: number }) => void;
}

/** The hub's path on the server (same origin as the API). */
export const HUB_PATH = '/api/hub';
