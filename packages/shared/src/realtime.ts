import type { Notification } from './notifications/schemas.ts';

/**
 * The real-time hub's typed events (SPEC §7), shared by the Socket.IO server and client.
 * Names are the spec's, spelling included (NotificationRecieved, ComissionRequestRecieved).
 */
export interface ServerToClientEvents {
  /** A new stored notification for the signed-in user; kind tells which panel refreshes. */
  NotificationRecieved: (payload: { kind: 'chat' | 'crm' | 'feed'; notification: Notification }) => void;
  /** An artist received a commission form. */
  ComissionRequestRecieved: (payload: {
    formId: number;
    cardUuid: string | null;
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
  /** Which of these users are online right now (profile and feed show the dot); up to WHO_IS_ONLINE_MAX ids. */
  WhoIsOnline: (userIds: string[], reply: (onlineIds: string[]) => void) => void;
}

/** The hub's path on the server (same origin as the API). */
export const HUB_PATH = '/api/hub';
