import type { MediaPlacement } from '../media/media.access.ts';
import { isSentInRoomOf } from './chat.repo.ts';

/**
 * Who may fetch a picture sent in a chat (registered in app.ts): the room's two members, as they
 * read its messages (memberOf). Blocking stops sending, not reading what was already sent.
 */
export const chatMediaPlacements: MediaPlacement[] = [
  {
    purpose: 'chat',
    readers: 'the two members of a room it was sent in',
    mayRead: async (ctx, actor, mediaId) => actor !== null && isSentInRoomOf(ctx.db, mediaId, actor.id),
  },
];
