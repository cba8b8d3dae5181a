import type { RateLimit } from '../rate-limit.ts';

/** SPEC §3: every room is one-to-one, casual (opened from a profile) or working (made by an accepted order). */
export const CHAT_ROOM_TYPES = ['casual', 'working'] as const;
export type ChatRoomType = (typeof CHAT_ROOM_TYPES)[number];

/**
 * A message's text. SPEC leaves it open; 4000 characters hold a long brief or a pasted list of
 * changes, and keep one message under ~16 kB (4-byte characters) on the wire and in a row.
 */
export const CHAT_MESSAGE_TEXT_MAX = 4000;
/** SPEC §5/§9: up to 10 attachments per message. */
export const CHAT_ATTACHMENTS_MAX = 10;

/** Messages per page of GET messages/chat/{roomId}/q (infinite scroll upwards). */
export const CHAT_MESSAGES_PAGE_SIZE = 30;
/** Rooms per page of the room lists. */
export const CHAT_ROOMS_PAGE_SIZE = 20;
/** The room-list search: the longest name it looks for. */
export const CHAT_SEARCH_MAX = 64;

/** SPEC §9: the room list's search waits this long after the last key. */
export const CHAT_SEARCH_DEBOUNCE_MS = 200;
/** SPEC §9: the room name and last message in the list are cut at these lengths. */
export const CHAT_ROOM_NAME_CUT = 14;
export const CHAT_LAST_MESSAGE_CUT = 12;
/** SPEC §9: timestamps in the message pane are redrawn this often. */
export const CHAT_TIMESTAMP_REFRESH_MS = 60_000;
/** SPEC §9: the same sender writing again after more than this shows a full header again. */
export const CHAT_GROUP_GAP_MS = 10 * 60_000;
/** SPEC §9: under this width the chat's panels show one at a time. */
export const CHAT_MOBILE_BREAKPOINT_PX = 720;

/**
 * Sending, per user, across every room and instance. A person typing fast sends a line every
 * second or two in a burst; a script sends hundreds. 20 in 10 s lets any burst through, 300 in
 * 10 minutes (one every 2 s for ten minutes straight) lets any conversation through.
 */
export const CHAT_SEND_LIMITS = {
  burst: { points: 20, seconds: 10 },
  sustained: { points: 300, seconds: 10 * 60 },
} as const satisfies Record<string, RateLimit>;
/** Opening casual chats with new people (CreatePrivateChat), per user: a spam run, not a day's talk. */
export const CHAT_OPEN_LIMIT: RateLimit = { points: 30, seconds: 60 * 60 };
/** Blocking and unblocking, per user. */
export const CHAT_BLOCK_LIMIT: RateLimit = { points: 30, seconds: 10 * 60 };

/** Typing indicators (not in the SPEC): a socket forwards at most one per this long, ... */
export const CHAT_TYPING_THROTTLE_MS = 2000;
/** ... and the other side hides it this long after the last one. */
export const CHAT_TYPING_SHOWN_MS = 5000;
