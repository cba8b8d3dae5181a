import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHAT_ATTACHMENTS_MAX,
  CHAT_MESSAGE_TEXT_MAX,
  CHAT_MESSAGES_PAGE_SIZE,
  CHAT_SEND_LIMITS,
} from '@brushline/shared/chat/constants';
import { chatMessages as chatText } from '@brushline/shared/chat/messages';
import type { ChatMessage, ChatMessagePage, ChatRoom, ChatRoomPage } from '@brushline/shared/chat/schemas';
import { messages } from '@brushline/shared/messages';
import type { SentForm } from '@brushline/shared/orders/schemas';
import { chatMessages, chatRooms } from '../../db/schema/chat.ts';
import { createTestApp, registerUser, type TestApp } from '../../test/harness.ts';
import { call, createCard, registerArtist, sendForm, type TestUser } from '../../test/kit.ts';
import { chatPictures, openCasual, post, roomAs, say } from './chat-fixtures.ts';

let t: TestApp;
let ann: TestUser;
let bob: TestUser;
let eve: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  [ann, bob, eve] = await Promise.all([
    registerUser(t.app, t.dataDir),
    registerUser(t.app, t.dataDir),
    registerUser(t.app, t.dataDir),
  ]);
});
afterAll(() => t.close());

const db = () => t.app.deps.db;
const storedIn = async (roomId: number) =>
  (await db().select({ n: count() }).from(chatMessages).where(eq(chatMessages.roomId, roomId)))[0]!.n;

describe('rooms', () => {
  it('one casual room per pair, even when both open it at once', async () => {
    const [carl, dina] = await Promise.all([registerUser(t.app, t.dataDir), registerUser(t.app, t.dataDir)]);
    const opened = await Promise.all([
      ...Array.from({ length: 4 }, () => openCasual(t, carl, dina)),
      ...Array.from({ length: 4 }, () => openCasual(t, dina, carl)),
    ]);
    expect(new Set(opened.map((r) => r.id)).size).toBe(1);
    const [low, high] = [carl.id, dina.id].sort();
    const rows = await db().select().from(chatRooms).where(eq(chatRooms.userLow, low!));
    expect(rows.filter((r) => r.userHigh === high)).toHaveLength(1);
    // Each sees the other as the room's name.
    expect(opened[0]!.chatName).toBe(opened[0]!.other.displayName);
  });

  it('refuses a chat with yourself or with nobody, and anonymous callers', async () => {
    const self = await call(t.app, 'POST', '/api/chatroom/create', ann.cookie, { otherLogin: ann.login });
    expect(self.statusCode).toBe(400);
    expect(self.json()).toMatchObject({ error: { message: chatText.selfChat } });
    const nobody = await call(t.app, 'POST', '/api/chatroom/create', ann.cookie, {
      otherLogin: 'no_such_user',
    });
    expect(nobody.statusCode).toBe(404);
    const anon = await call(t.app, 'POST', '/api/chatroom/create', undefined, { otherLogin: bob.login });
    expect(anon.statusCode).toBe(401);
  });

  it('lists rooms newest first, searches by name, pages until an empty page', async () => {
    const me = await registerUser(t.app, t.dataDir);
    const others = await Promise.all([0, 1, 2].map(() => registerUser(t.app, t.dataDir)));
    for (const o of others) await openCasual(t, me, o);
    const middle = (await openCasual(t, me, others[1]!)).id;
    await say(t, others[1]!, middle, 'hello there');
    const page1 = (
      await call(t.app, 'GET', '/api/chatrooms/paginated/get?page=1', me.cookie)
    ).json<ChatRoomPage>();
    expect(page1.items.map((r) => r.other.login)).toEqual([
      others[1]!.login,
      others[2]!.login,
      others[0]!.login,
    ]);
    expect(page1.items[0]).toMatchObject({
      lastMessage: 'hello there',
      unreadMessages: 1,
      attachmentsLength: 0,
    });
    expect(page1.nextPage).toBeNull();
    const page2 = (
      await call(t.app, 'GET', '/api/chatrooms/paginated/get?page=2', me.cookie)
    ).json<ChatRoomPage>();
    expect(page2.items).toEqual([]);
    const found = (
      await call(
        t.app,
        'GET',
        `/api/chatrooms/paginated/get?search=${others[2]!.login.slice(0, -1)}`,
        me.cookie,
      )
    ).json<ChatRoomPage>();
    expect(found.items.map((r) => r.other.login)).toEqual([others[2]!.login]);
    // No working rooms between them.
    const working = (
      await call(t.app, 'GET', '/api/wchatrooms/paginated/get', me.cookie)
    ).json<ChatRoomPage>();
    expect(working.items).toEqual([]);
  });
});

describe('messages', () => {
  let room: ChatRoom;
  beforeAll(async () => {
    room = await openCasual(t, ann, bob);
  });

  it('stores a message once per client id, however often it is sent', async () => {
    const clientId = randomUUID();
    const before = await storedIn(room.id);
    const answers = await Promise.all(
      [0, 1, 2].map(() => post(t, ann, room.id, { clientId, text: 'only once' })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((a) => a.json<ChatMessage>().id)).size).toBe(1);
    const again = await post(t, ann, room.id, { clientId, text: 'only once' });
    expect(again.json<ChatMessage>().id).toBe(answers[0]!.json<ChatMessage>().id);
    expect(await storedIn(room.id)).toBe(before + 1);
    // The same id used for another room is a conflict, not a second message.
    const other = await openCasual(t, ann, eve);
    const reused = await post(t, ann, other.id, { clientId, text: 'elsewhere' });
    expect(reused.statusCode).toBe(409);
    expect(await storedIn(other.id)).toBe(0);
  });

  it('refuses bad input and stores nothing', async () => {
    const before = await storedIn(room.id);
    const pics = await chatPictures(t, ann, CHAT_ATTACHMENTS_MAX + 1);
    const bobPic = (await chatPictures(t, bob, 1))[0]!;
    const cases: [object, number, string][] = [
      [{ text: '' }, 400, chatText.empty],
      [{ text: '   \n ' }, 400, chatText.empty],
      [{ text: 'x'.repeat(CHAT_MESSAGE_TEXT_MAX + 1) }, 400, chatText.textTooLong],
      [{ text: 'too many', attachments: pics }, 400, chatText.tooManyAttachments],
      [{ text: 'twice', attachments: [pics[0], pics[0]] }, 400, chatText.duplicateAttachments],
      [{ text: 'not mine', attachments: [bobPic] }, 404, messages.notFound],
      [{ text: 'bad id', clientId: 'nope' }, 400, chatText.clientIdInvalid],
    ];
    for (const [body, status, message] of cases) {
      const res = await post(t, ann, room.id, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 60)).toBe(status);
      expect(res.body).toContain(message.slice(0, 30));
    }
    expect(await storedIn(room.id)).toBe(before);
    // Exactly the limit is fine, and members can fetch the pictures; nobody else can.
    const ok = await post(t, ann, room.id, { attachments: pics.slice(0, CHAT_ATTACHMENTS_MAX) });
    expect(ok.statusCode).toBe(200);
    const sent = ok.json<ChatMessage>();
    expect(sent.attachments).toHaveLength(CHAT_ATTACHMENTS_MAX);
    const url = sent.attachments[0]!.miniatureUrl;
    expect(url).toMatch(new RegExp(`^/api/chat/${room.id}/files/`));
    expect((await call(t.app, 'GET', url, bob.cookie)).statusCode).toBe(200);
    expect((await call(t.app, 'GET', url, eve.cookie)).statusCode).toBe(404);
    expect((await call(t.app, 'GET', url, undefined)).statusCode).toBe(401);
    // Private: the media route answers the room's members too, and nobody else.
    expect((await call(t.app, 'GET', `/api/media/${pics[0]}/full`, bob.cookie)).statusCode).toBe(200);
    expect((await call(t.app, 'GET', `/api/media/${pics[0]}/full`, eve.cookie)).statusCode).toBe(404);
    // The room list counts the last message's pictures.
    expect((await roomAs(t, bob, room.id)).attachmentsLength).toBe(CHAT_ATTACHMENTS_MAX);
  });

  it('pages back by page and by cursor, and catches up with after', async () => {
    const pair = await openCasual(t, await registerUser(t.app, t.dataDir), eve);
    const sent: ChatMessage[] = [];
    for (let i = 0; i < CHAT_MESSAGES_PAGE_SIZE + 5; i += 1) sent.push(await say(t, eve, pair.id, `m${i}`));
    const get = async (q: string) =>
      (await call(t.app, 'GET', `/api/messages/chat/${pair.id}/q${q}`, eve.cookie)).json<ChatMessagePage>();
    const newest = await get('?page=1');
    expect(newest.items.map((m) => m.text)).toEqual(sent.slice(5).map((m) => m.text));
    const older = await get(`?before=${newest.nextCursor}`);
    expect(older.items.map((m) => m.text)).toEqual(['m0', 'm1', 'm2', 'm3', 'm4']);
    expect(older.nextCursor).toBeNull();
    expect((await get('?page=2')).items.map((m) => m.text)).toEqual(['m0', 'm1', 'm2', 'm3', 'm4']);
    expect((await get('?page=3')).items).toEqual([]);
    // A new message does not shift the cursor's page.
    await say(t, eve, pair.id, 'late');
    expect((await get(`?before=${newest.nextCursor}`)).items.map((m) => m.text)).toEqual(
      older.items.map((m) => m.text),
    );
    const since = await get(`?after=${sent.at(-2)!.id}`);
    expect(since.items.map((m) => m.text)).toEqual([sent.at(-1)!.text, 'late']);
    expect(since.nextCursor).toBeNull();
    const bad = await call(t.app, 'GET', `/api/messages/chat/${pair.id}/q?before=1&after=2`, eve.cookie);
    expect(bad.statusCode).toBe(400);
  });

  it('read pointers give unread counts and "seen"', async () => {
    const [p, q] = await Promise.all([registerUser(t.app, t.dataDir), registerUser(t.app, t.dataDir)]);
    const r = await openCasual(t, p, q);
    await say(t, p, r.id, 'one');
    const two = await say(t, p, r.id, 'two');
    const unread = async (u: TestUser) =>
      (await call(t.app, 'GET', '/api/chatrooms/unread', u.cookie)).json<{
        casual: number;
        working: number;
      }>();
    expect(await unread(q)).toEqual({ casual: 1, working: 0 });
    expect(await unread(p)).toEqual({ casual: 0, working: 0 });
    expect((await roomAs(t, q, r.id)).unreadMessages).toBe(2);
    expect((await roomAs(t, p, r.id)).otherReadId).toBe(0);
    const read = await call(t.app, 'PUT', `/api/chatroom/read/${r.id}`, q.cookie);
    expect(read.json()).toEqual({ readId: two.id });
    expect(await unread(q)).toEqual({ casual: 0, working: 0 });
    expect((await roomAs(t, q, r.id)).unreadMessages).toBe(0);
    expect((await roomAs(t, p, r.id)).otherReadId).toBe(two.id);
    // Someone else reading it changes nothing for anyone.
    expect((await call(t.app, 'PUT', `/api/chatroom/read/${r.id}`, eve.cookie)).statusCode).toBe(404);
  });

  it('limits sending per user and stores nothing past the limit', async () => {
    const [p, q] = await Promise.all([registerUser(t.app, t.dataDir), registerUser(t.app, t.dataDir)]);
    const r = await openCasual(t, p, q);
    for (let i = 0; i < CHAT_SEND_LIMITS.burst.points; i += 1)
      expect((await post(t, p, r.id, { text: `flood ${i}` })).statusCode).toBe(200);
    const refused = await post(t, p, r.id, { text: 'one too many' });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(await storedIn(r.id)).toBe(CHAT_SEND_LIMITS.burst.points);
  });

  it('a resend is neither counted nor refused by the limit: a reconnecting client gets its message', async () => {
    const [p, q] = await Promise.all([registerUser(t.app, t.dataDir), registerUser(t.app, t.dataDir)]);
    const r = await openCasual(t, p, q);
    const first = randomUUID();
    const original = await post(t, p, r.id, { clientId: first, text: 'first' });
    expect(original.statusCode).toBe(200);
    // Resent many times: none of them counts, so the whole burst is still there afterwards.
    for (let i = 0; i < CHAT_SEND_LIMITS.burst.points; i += 1)
      expect((await post(t, p, r.id, { clientId: first, text: 'first' })).json()).toEqual(original.json());
    for (let i = 1; i < CHAT_SEND_LIMITS.burst.points; i += 1)
      expect((await post(t, p, r.id, { text: `more ${i}` })).statusCode).toBe(200);
    expect((await post(t, p, r.id, { text: 'one too many' })).statusCode).toBe(429);
    // At the limit, the resend still answers the stored message.
    const again = await post(t, p, r.id, { clientId: first, text: 'first' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(original.json());
    expect(await storedIn(r.id)).toBe(CHAT_SEND_LIMITS.burst.points);
  });
});

describe('blocking', () => {
  it('neither side can open or write while blocked; the blocked side only hears that sending failed', async () => {
    const [p, q] = await Promise.all([registerUser(t.app, t.dataDir), registerUser(t.app, t.dataDir)]);
    const r = await openCasual(t, p, q);
    const blocked = await call(t.app, 'PUT', `/api/chat/block/${q.login}`, p.cookie);
    expect(blocked.statusCode).toBe(200);
    expect((await roomAs(t, p, r.id)).blockedByMe).toBe(true);
    expect((await roomAs(t, q, r.id)).blockedByMe).toBe(false);

    const fromBlocked = await post(t, q, r.id, { text: 'hello?' });
    expect(fromBlocked.statusCode).toBe(403);
    expect(fromBlocked.json()).toEqual({ error: { code: 'send_refused', message: messages.chatSendFailed } });
    const fromBlocker = await post(t, p, r.id, { text: 'hi' });
    expect(fromBlocker.statusCode).toBe(403);
    expect(fromBlocker.json()).toMatchObject({ error: { message: chatText.blockedByYou } });
    expect(await storedIn(r.id)).toBe(0);
    const reopen = await call(t.app, 'POST', '/api/chatroom/create', q.cookie, { otherLogin: p.login });
    expect(reopen.statusCode).toBe(403);
    expect(reopen.body).not.toContain('block');

    expect((await call(t.app, 'DELETE', `/api/chat/block/${q.login}`, p.cookie)).statusCode).toBe(200);
    expect((await post(t, q, r.id, { text: 'hello again' })).statusCode).toBe(200);
    expect((await call(t.app, 'PUT', `/api/chat/block/${p.login}`, p.cookie)).statusCode).toBe(400);
  });
});

describe('working rooms', () => {
  it('the first accepted order opens one working room, with the orders beside it', async () => {
    const artist = await registerArtist(t);
    const buyer = await registerUser(t.app, t.dataDir);
    const card = await createCard(t, artist);
    const first = await sendForm(t, buyer, card);
    const second = await sendForm(t, buyer, card);
    const list = async (u: TestUser) =>
      (await call(t.app, 'GET', '/api/wchatrooms/paginated/get', u.cookie)).json<ChatRoomPage>().items;
    expect(await list(buyer)).toEqual([]);
    expect(
      (
        await call(t.app, 'POST', '/api/chatroom/create', buyer.cookie, {
          otherLogin: artist.login,
          type: 'working',
        })
      ).statusCode,
    ).toBe(404);
    // A decline opens nothing.
    await call(t.app, 'DELETE', `/api/comissionform/decline/${second.id}`, artist.cookie);
    expect(await list(artist)).toEqual([]);

    expect((await call(t.app, 'PUT', `/api/task/${first.task.id}/accept`, artist.cookie)).statusCode).toBe(
      200,
    );
    const [room] = await list(buyer);
    expect(room).toMatchObject({ type: 'working', other: { login: artist.login } });
    expect((await list(artist)).map((r) => r.id)).toEqual([room!.id]);
    // Casual chats are another kind.
    expect((await call(t.app, 'GET', `/api/chatroom/get/${room!.id}`, buyer.cookie)).statusCode).toBe(404);
    expect((await roomAs(t, buyer, room!.id, 'wchatroom')).id).toBe(room!.id);
    const byLogin = await call(t.app, 'GET', `/api/wchatroom/get/${artist.login}`, buyer.cookie);
    expect(byLogin.json<ChatRoom>().id).toBe(room!.id);

    const tasks = await call(t.app, 'GET', `/api/task/comissions/get/${room!.id}`, buyer.cookie);
    expect(tasks.json<SentForm[]>().map((f) => [f.id, f.status])).toEqual([
      [second.id, 'declined'],
      [first.id, 'waiting'],
    ]);
    expect((await call(t.app, 'GET', `/api/task/comissions/get/${room!.id}`, eve.cookie)).statusCode).toBe(
      404,
    );

    // Another accepted order between them reuses the room.
    const third = await sendForm(t, buyer, card);
    await call(t.app, 'PUT', `/api/task/${third.task.id}/accept`, artist.cookie);
    expect((await list(artist)).map((r) => r.id)).toEqual([room!.id]);
  });
});
