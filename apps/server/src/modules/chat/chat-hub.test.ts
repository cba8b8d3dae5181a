import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CHAT_TYPING_THROTTLE_MS } from '@brushline/shared/chat/constants';
import type { ChatMessagePage, ChatRoom } from '@brushline/shared/chat/schemas';
import { messages } from '@brushline/shared/messages';
import { chatMessages } from '../../db/schema/chat.ts';
import { createTestApp, registerUser, type TestApp } from '../../test/harness.ts';
import {
  collect,
  connected,
  hubClient,
  listen,
  nextEvent,
  okData,
  type HubClient,
} from '../../test/hub-client.ts';
import { call, type TestUser } from '../../test/kit.ts';
import { openCasual } from './chat-fixtures.ts';

let t: TestApp;
let url: string;
let ann: TestUser;
let bob: TestUser;
let eve: TestUser;
let room: ChatRoom;
const open: HubClient[] = [];

beforeAll(async () => {
  t = await createTestApp();
  [ann, bob, eve] = await Promise.all([
    registerUser(t.app, t.dataDir),
    registerUser(t.app, t.dataDir),
    registerUser(t.app, t.dataDir),
  ]);
  room = await openCasual(t, ann, bob);
  url = await listen(t.app);
});
afterEach(() => {
  for (const s of open.splice(0)) s.disconnect();
});
afterAll(() => t.close());

const storedIn = async (roomId: number) =>
  (await t.app.deps.db.select({ n: count() }).from(chatMessages).where(eq(chatMessages.roomId, roomId)))[0]!
    .n;

async function socketOf(user: TestUser, base = url): Promise<HubClient> {
  const s = hubClient(base, user.cookie, open);
  await connected(s);
  return s;
}

const send = (s: HubClient, roomId: number, text: string, clientId = randomUUID()) =>
  s.emitWithAck('MessageSend', { room: roomId, clientId, text, attachments: [] });

describe('MessageSend', () => {
  it('acknowledges with the stored message, then both members receive it; the recipient’s badge counts it', async () => {
    const [a, b] = await Promise.all([socketOf(ann), socketOf(bob)]);
    const order: string[] = [];
    const atSender = nextEvent(a, 'MessageReceived').then((m) => (order.push('received'), m));
    const atRecipient = nextEvent(b, 'MessageReceived');
    const badge = nextEvent(b, 'NotificationRecieved', (p) => p.kind === 'chat');
    const ack = await send(a, room.id, 'hello bob').then((x) => (order.push('ack'), x));
    expect(ack.ok).toBe(true);
    const stored = okData(ack);
    expect(stored).toMatchObject({ roomId: room.id, text: 'hello bob', senderDisplayLogin: ann.login });
    expect(await atRecipient).toEqual(stored);
    expect(await atSender).toEqual(stored);
    expect(order).toEqual(['ack', 'received']);
    expect(await badge).toEqual({ kind: 'chat', roomId: room.id, unread: { casual: 1, working: 0 } });
  });

  it('pushes the recipient’s badge only when a room becomes unread, not for every message', async () => {
    const [p, q] = await Promise.all([registerUser(t.app, t.dataDir), registerUser(t.app, t.dataDir)]);
    const r = await openCasual(t, p, q);
    const [sp, sq] = await Promise.all([socketOf(p), socketOf(q)]);
    const badges = collect(sq, 'NotificationRecieved');
    okData(await send(sp, r.id, 'one'));
    const second = nextEvent(sq, 'MessageReceived', (m) => m.text === 'two');
    okData(await send(sp, r.id, 'two'));
    await second;
    // The read sends its own count; a message after it makes the room unread again.
    await sq.emitWithAck('ChatRead', { room: r.id });
    const third = nextEvent(sq, 'NotificationRecieved', (x) => x.kind === 'chat' && x.unread.casual === 1);
    okData(await send(sp, r.id, 'three'));
    await third;
    expect(badges.filter((x) => x.kind === 'chat').map((x) => x.kind === 'chat' && x.unread.casual)).toEqual([
      1, 0, 1,
    ]);
  });

  it('the same client id sent twice stores one message and acknowledges it twice', async () => {
    const a = await socketOf(ann);
    const before = await storedIn(room.id);
    const clientId = randomUUID();
    const [first, second] = await Promise.all([
      send(a, room.id, 'once', clientId),
      send(a, room.id, 'once', clientId),
    ]);
    expect(okData(first).id).toBe(okData(second).id);
    expect(await storedIn(room.id)).toBe(before + 1);
  });

  it('refuses someone else’s room (as missing), bad payloads and anonymous sockets; stores nothing', async () => {
    const e = await socketOf(eve);
    const before = await storedIn(room.id);
    const foreign = await send(e, room.id, 'let me in');
    expect(foreign).toMatchObject({ ok: false, error: { code: 'not_found' } });
    const bad = await e.emitWithAck('MessageSend', { room: 'x' } as never);
    expect(bad).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    const empty = await send(e, room.id, '   ');
    expect(empty).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(await storedIn(room.id)).toBe(before);
    const anon = hubClient(url, '', open);
    await expect(connected(anon)).rejects.toThrow('unauthorized');
  });

  it('a blocked sender hears only that sending failed', async () => {
    const [p, q] = await Promise.all([registerUser(t.app, t.dataDir), registerUser(t.app, t.dataDir)]);
    const r = await openCasual(t, p, q);
    await call(t.app, 'PUT', `/api/chat/block/${q.login}`, p.cookie);
    const s = await socketOf(q);
    expect(await send(s, r.id, 'hi?')).toEqual({
      ok: false,
      error: { code: 'send_refused', message: messages.chatSendFailed },
    });
  });
});

describe('reading, opening, typing, catching up', () => {
  it('ChatRead moves the pointer: the other member sees "seen", the reader’s badge drops', async () => {
    const [a, b] = await Promise.all([socketOf(ann), socketOf(bob)]);
    const sent = { data: okData(await send(a, room.id, 'read me')) };
    const seen = nextEvent(a, 'ChatReadUpdated', (p) => p.userId === bob.id);
    const badge = nextEvent(b, 'NotificationRecieved', (p) => p.kind === 'chat' && p.unread.casual === 0);
    const answer = await b.emitWithAck('ChatRead', { room: room.id });
    expect(answer).toEqual({ ok: true, data: { readId: sent.data.id } });
    expect(await seen).toEqual({ roomId: room.id, userId: bob.id, readId: sent.data.id });
    await badge;
    const e = await socketOf(eve);
    expect(await e.emitWithAck('ChatRead', { room: room.id })).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
  });

  it('CreatePrivateChat opens one room for both, even at once', async () => {
    const [p, q] = await Promise.all([registerUser(t.app, t.dataDir), registerUser(t.app, t.dataDir)]);
    const [sp, sq] = await Promise.all([socketOf(p), socketOf(q)]);
    const answers = await Promise.all([
      sp.emitWithAck('CreatePrivateChat', { otherLogin: q.login, type: 'casual' }),
      sq.emitWithAck('CreatePrivateChat', { otherLogin: p.login, type: 'casual' }),
      sp.emitWithAck('CreatePrivateChat', { login: p.login, otherLogin: q.login, type: 'casual' }),
    ]);
    const ids = answers.map((x) => (x.ok ? x.data.id : null));
    expect(ids[0]).not.toBeNull();
    expect(new Set(ids).size).toBe(1);
  });

  it('typing reaches the other member only, throttled', async () => {
    const [a, b, e] = await Promise.all([socketOf(ann), socketOf(bob), socketOf(eve)]);
    const atBob = collect(b, 'ChatTyping');
    const atEve = collect(e, 'ChatTyping');
    const atAnn = collect(a, 'ChatTyping');
    const first = nextEvent(b, 'ChatTyping');
    for (let i = 0; i < 5; i += 1) a.emit('ChatTyping', { room: room.id });
    e.emit('ChatTyping', { room: room.id });
    // Barriers, not a wait: the one typing that must arrive, then a call on each sender's socket,
    // answered after the server handled everything that socket sent before it (events of one
    // socket are handled in order; the throttle drops a repeat before any await).
    await first;
    await Promise.all([
      a.emitWithAck('ChatRead', { room: room.id }),
      e.emitWithAck('ChatRead', { room: room.id }),
    ]);
    expect(atBob).toEqual([{ roomId: room.id, userId: ann.id }]);
    expect(atEve).toEqual([]);
    expect(atAnn).toEqual([]);
    // Once the throttle's time has passed (the clock moved on, not waited for), typing is sent again.
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    try {
      vi.setSystemTime(Date.now() + CHAT_TYPING_THROTTLE_MS);
      a.emit('ChatTyping', { room: room.id });
      await nextEvent(b, 'ChatTyping');
    } finally {
      vi.useRealTimers();
    }
    expect(atBob).toHaveLength(2);
  });

  it('after a reconnect, fetching after the last message held returns everything missed', async () => {
    const a = await socketOf(ann);
    const b1 = await socketOf(bob);
    const last = { data: okData(await send(a, room.id, 'before the drop')) };
    await nextEvent(b1, 'MessageReceived', (m) => m.id === last.data.id);
    b1.disconnect();
    const missed: number[] = [];
    for (const text of ['while away 1', 'while away 2', 'while away 3'])
      missed.push(okData(await send(a, room.id, text)).id);
    await socketOf(bob);
    const res = await call(t.app, 'GET', `/api/messages/chat/${room.id}/q?after=${last.data.id}`, bob.cookie);
    expect(res.json<ChatMessagePage>().items.map((m) => m.id)).toEqual(missed);
  });
});

describe.skipIf(!process.env.REDIS_URL)('two instances on Redis', () => {
  it('a message sent through instance A reaches its recipient on instance B, and the sender’s other tab on B', async () => {
    const b = await createTestApp({}, t.app.database);
    try {
      const baseB = await listen(b.app);
      const [a, bobOnB, annOnB] = await Promise.all([
        socketOf(ann),
        socketOf(bob, baseB),
        socketOf(ann, baseB),
      ]);
      const toBob = nextEvent(bobOnB, 'MessageReceived', (m) => m.text === 'across instances');
      const toAnnsTab = nextEvent(annOnB, 'MessageReceived', (m) => m.text === 'across instances');
      const stored = okData(await send(a, room.id, 'across instances'));
      expect(await toBob).toEqual(stored);
      expect(await toAnnsTab).toEqual(stored);
    } finally {
      await b.close();
    }
  });
});
