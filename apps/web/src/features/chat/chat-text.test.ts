import { describe, expect, it } from 'vitest';
import { CHAT_LAST_MESSAGE_CUT, CHAT_ROOM_NAME_CUT } from '@brushline/shared/chat/constants';
import { startsGroup } from './components/message-list.tsx';
import { cut, lastMessageLine, roomName } from './chat-text.ts';
import { aRoom } from './test/chat-fixtures.ts';

describe('chat text in the room list (SPEC §9)', () => {
  it('cuts room names at 14 characters and last messages at 12, with an ellipsis', () => {
    expect(roomName(aRoom({ chatName: 'Alexandra Konstantinopolskaya' }))).toBe(
      `${'Alexandra Konstantinopolskaya'.slice(0, CHAT_ROOM_NAME_CUT)}…`,
    );
    expect(roomName(aRoom({ chatName: 'Short name' }))).toBe('Short name');
    const line = lastMessageLine(aRoom({ lastMessage: 'a long message about the sketch' }), 'someone-else');
    expect(line).toBe(`${'a long message about the sketch'.slice(0, CHAT_LAST_MESSAGE_CUT)}…`);
    expect(cut('🦊🦊🦊🦊', 3)).toBe('🦊🦊🦊…');
  });

  it('says whose message it was, and names pictures sent without text', () => {
    const mine = aRoom({ lastMessage: 'ok', lastMessageSenderId: 'me' });
    expect(lastMessageLine(mine, 'me')).toBe('You: ok');
    expect(lastMessageLine(aRoom({ lastMessage: '', attachmentsLength: 3 }), 'me')).toBe('3 pictures');
    expect(lastMessageLine(aRoom({ lastMessage: null, lastMessageId: null }), 'me')).toBe(
      'No messages yet...',
    );
  });

  it('starts a full header for another sender, or the same sender after more than 10 minutes', () => {
    const at = (min: number) => new Date(Date.UTC(2026, 0, 1, 12, min)).toISOString();
    expect(startsGroup(undefined, { senderId: 'a', createdAt: at(0) })).toBe(true);
    expect(startsGroup({ senderId: 'a', createdAt: at(0) }, { senderId: 'a', createdAt: at(10) })).toBe(
      false,
    );
    expect(startsGroup({ senderId: 'a', createdAt: at(0) }, { senderId: 'a', createdAt: at(11) })).toBe(true);
    expect(startsGroup({ senderId: 'a', createdAt: at(0) }, { senderId: 'b', createdAt: at(1) })).toBe(true);
  });
});
