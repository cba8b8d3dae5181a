import type {
  ChatMessage,
  ChatRoom,
  ChatUnread,
  CreatePrivateChat,
  HubAnswer,
  MessageSend,
  ChatRead,
} from './chat/schemas.ts';
import type { ChatRoomType } from './chat/constants.ts';
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
   * application). Pushed by the server after the application committed (decision 0018,
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
  /**
   * Staff suspended or banned the signed-in user (decision 0022): `message` is what sign-in now
   * answers (the end date and the reason). The server drops the socket right after; the client
   * signs out and shows the message on the sign-in page.
   */
  AccountRestricted: (payload: { message: string }) => void;
}

/** Users one WhoIsOnline question may name; the rest are left out (a feed page names far fewer). */
export const WHO_IS_ONLINE_MAX = 200;

/**
 * Client calls come in two forms, both answered through the acknowledgement (the last argument)
 * with a HubAnswer. The web app sends one object (ClientToServerEvents below); a client written
 * from SPEC §7 sends the SPEC's argument list (SpecClientToServerEvents), named here in order.
 * `login` is the caller's own: the hub acts as the signed-in user, and a login naming anyone else
 * is refused (login_mismatch), never trusted as identity.
 */
export const SPEC_HUB_ARGUMENTS = {
  CreatePrivateChat: ['login', 'otherLogin', 'type'],
  MessageSend: ['room', 'login', 'text', 'attachments'],
  ChatRead: ['room', 'login'],
  ComissionRequestCreate: ['uuid'],
  ComissionApprovalRequestCreatedNotification: ['application'],
} as const;

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
  /**
   * SPEC §7, kept for clients that call it after sending a form: the server already told the
   * artist (ComissionRequestRecieved) when the form was stored, so this sends nothing again. It
   * answers the caller's newest form to the card with this uuid (404 when they sent none).
   */
  ComissionRequestCreate: (
    payload: { uuid: string },
    reply: (answer: HubAnswer<CommissionRequestSent>) => void,
  ) => void;
  /**
   * SPEC §7, kept for clients that call it after applying: the server already told the request's
   * owner (AppliedForRequestRecieved), so this sends nothing again. `application` is the
   * caller's application id, or the guid of the request it applied to (one application per
   * request and artist); 404 for anything else.
   */
  ComissionApprovalRequestCreatedNotification: (
    payload: { application: number | string },
    reply: (answer: HubAnswer<ApplicationSent>) => void,
  ) => void;
}

/** What ComissionRequestCreate confirms: the form the owner of the card was told about. */
export interface CommissionRequestSent {
  formId: number;
  cardUuid: string;
}

/** What ComissionApprovalRequestCreatedNotification confirms: the application the owner was told about. */
export interface ApplicationSent {
  applicationId: number;
  requestGuid: string;
}

/**
 * The same calls with the SPEC §7 argument lists (SPEC_HUB_ARGUMENTS), for clients written from
 * the SPEC. MessageSend without a client id is stored once per call (the object form's clientId
 * makes a resend safe); ChatRead reads to the room's last message; `type` defaults to casual.
 */
export interface SpecClientToServerEvents {
  CreatePrivateChat: (
    login: string,
    otherLogin: string,
    type: ChatRoomType,
    reply: (answer: HubAnswer<ChatRoom>) => void,
  ) => void;
  MessageSend: (
    room: number,
    login: string,
    text: string,
    attachments: string[],
    reply: (answer: HubAnswer<ChatMessage>) => void,
  ) => void;
  ChatRead: (room: number, login: string, reply: (answer: HubAnswer<{ readId: number }>) => void) => void;
  ComissionRequestCreate: (uuid: string, reply: (answer: HubAnswer<CommissionRequestSent>) => void) => void;
  ComissionApprovalRequestCreatedNotification: (
    application: number | string,
    reply: (answer: HubAnswer<ApplicationSent>) => void,
  ) => void;
}

/** The hub's path on the server (same origin as the API). */
export const HUB_PATH = '/api/hub';
