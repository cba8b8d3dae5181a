import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage, ChatRoom } from '@brushline/shared/chat/schemas';
import { createTestApp, registerUser, type TestApp } from '../../test/harness.ts';
import { connected, hubClient, listen, type HubClient } from '../../test/hub-client.ts';
import { everyRouteHasARow, routeMatrix, routesOf, type MatrixRow } from '../../test/route-matrix.ts';
import { call, createCard, registerArtist, sendForm, type TestUser } from '../../test/kit.ts';
import { chatPictures, openCasual, say } from './chat-fixtures.ts';
import { chatRoutes } from './chat.routes.ts';

/**
 * Every chat route and hub call × {a member, another signed-in user, anonymous}: members get
 * their answer; anyone else gets 404 (a room they are not in is a room that does not exist) or
 * 401, and the rooms are unchanged afterwards. The routes are a table on the shared runner
 * (test/route-matrix.ts); opening a room, blocking and the hub calls are tests of their own.
 */
let t: TestApp;
let url: string;
let artist: TestUser;
let buyer: TestUser;
let other: TestUser;
let casual: ChatRoom;
let working: ChatRoom;
let picture: string;
const open: HubClient[] = [];

/** What a member sees of a room: its messages and both read pointers. */
async function snapshot(room: ChatRoom) {
  const res = await call(t.app, 'GET', `/api/messages/chat/${room.id}/q`, artist.cookie);
  const view = await call(
    t.app,
    'GET',
    `/api/${room.type === 'working' ? 'w' : ''}chatroom/get/${room.id}`,
    artist.cookie,
  );
  const r = view.json<ChatRoom>();
  return {
    messages: res.json<{ items: ChatMessage[] }>().items.map((m) => m.id),
    read: [r.readId, r.otherReadId],
  };
}

beforeAll(async () => {
  t = await createTestApp();
  artist = await registerArtist(t);
  [buyer, other] = await Promise.all([registerUser(t.app, t.dataDir), registerUser(t.app, t.dataDir)]);
  const form = await sendForm(t, buyer, await createCard(t, artist));
  await call(t.app, 'PUT', `/api/task/${form.task.id}/accept`, artist.cookie);
  casual = await openCasual(t, buyer, artist);
  working = (await call(t.app, 'GET', `/api/wchatroom/get/${artist.login}`, buyer.cookie)).json<ChatRoom>();
  const [pic] = await chatPictures(t, artist, 1);
  picture = pic!;
  const res = await call(t.app, 'POST', `/api/messages/chat/${casual.id}`, artist.cookie, {
    clientId: randomUUID(),
    attachments: [picture],
  });
  if (res.statusCode !== 200) throw new Error(res.body);
  await say(t, artist, working.id, 'about the order');
  url = await listen(t.app);
});
afterAll(async () => {
  for (const s of open.splice(0)) s.disconnect();
  await t.close();
});

/** "member" is the buyer, in both rooms with the artist; "other" another signed-in user. */
type Who = 'member' | 'other' | 'anon';
type Row = MatrixRow<Who, null>;
const members = (ok: number) => ({ member: ok, other: 404, anon: 401 });

const rows: Row[] = [
  {
    name: 'GET /chatroom/get/{id}',
    method: 'GET',
    url: () => `/api/chatroom/get/${casual.id}`,
    expect: members(200),
  },
  {
    name: 'GET /wchatroom/get/{idOrLogin}',
    method: 'GET',
    url: () => `/api/wchatroom/get/${working.id}`,
    expect: members(200),
  },
  {
    // By the other member's login: the pair's working room, so anyone else's answer is 404.
    name: 'GET /wchatroom/get/{idOrLogin} (by login)',
    method: 'GET',
    url: () => `/api/wchatroom/get/${artist.login}`,
    expect: members(200),
  },
  {
    name: 'GET /messages/chat/{roomId}/q',
    method: 'GET',
    url: () => `/api/messages/chat/${casual.id}/q?page=1`,
    expect: members(200),
  },
  {
    name: 'GET /messages/chat/{roomId}/q (working room)',
    method: 'GET',
    url: () => `/api/messages/chat/${working.id}/q`,
    expect: members(200),
  },
  {
    name: 'GET /task/comissions/get/{roomId}',
    method: 'GET',
    url: () => `/api/task/comissions/get/${working.id}`,
    expect: members(200),
  },
  {
    name: 'GET /chat/{roomId}/files/{mediaId}/{variant}',
    method: 'GET',
    url: () => `/api/chat/${casual.id}/files/${picture}/miniature`,
    expect: members(200),
  },
  {
    name: 'POST /messages/chat/{roomId}',
    method: 'POST',
    url: () => `/api/messages/chat/${working.id}`,
    body: () => ({ clientId: randomUUID(), text: 'hello' }),
    expect: members(200),
    mutates: ['member'],
  },
  {
    name: 'PUT /chatroom/read/{roomId}',
    method: 'PUT',
    url: () => `/api/chatroom/read/${casual.id}`,
    expect: members(200),
    mutates: ['member'],
  },
  // Room lists and unread counts: the caller's own rooms only (the other user has none).
  ...['/chatrooms/paginated/get', '/wchatrooms/paginated/get', '/chatrooms/unread'].map((path): Row => ({
    name: `GET ${path}`,
    method: 'GET',
    url: () => `/api/${path.slice(1)}`,
    expect: { member: 200, other: 200, anon: 401 },
    seenBy: ['member'],
    marker: () => String(casual.other.id),
    check: (res, who) => {
      if (who === 'other' && path === '/chatrooms/paginated/get')
        expect(res.json()).toEqual({ items: [], nextPage: null });
    },
  })),
];

describe('chat routes × actors', () => {
  routeMatrix({
    t: () => t,
    // The member last: every refused call meets the rooms as they were made.
    who: ['other', 'anon', 'member'],
    rows,
    context: async () => null,
    cookieOf: (who) => ({ member: buyer.cookie, other: other.cookie, anon: undefined })[who],
    // What the members see of both rooms: their messages and read pointers.
    snapshot: async () => [await snapshot(casual), await snapshot(working)],
  });

  it('opening a room and blocking act for the caller alone; anonymous 401; the members’ rooms unchanged', async () => {
    const before = [await snapshot(casual), await snapshot(working)];
    const open = (cookie: string | undefined, body: object) =>
      call(t.app, 'POST', '/api/chatroom/create', cookie, body);
    expect((await open(undefined, { otherLogin: artist.login })).statusCode).toBe(401);
    // Never as someone else, and no working room without an accepted order between the two.
    expect((await open(other.cookie, { login: buyer.login, otherLogin: artist.login })).statusCode).toBe(403);
    expect((await open(other.cookie, { otherLogin: artist.login, type: 'working' })).statusCode).toBe(404);
    const mine = await open(other.cookie, { otherLogin: artist.login });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json<ChatRoom>().id).not.toBe(casual.id);
    for (const method of ['PUT', 'DELETE'] as const) {
      expect((await call(t.app, method, `/api/chat/block/${artist.login}`)).statusCode).toBe(401);
      const res = await call(t.app, method, `/api/chat/block/${artist.login}`, other.cookie);
      expect(res.statusCode, res.body).toBe(200);
    }
    expect([await snapshot(casual), await snapshot(working)]).toEqual(before);
    expect((await open(buyer.cookie, { otherLogin: artist.login })).json<ChatRoom>().id).toBe(casual.id);
  });

  // Each route is a row of the table, or in the test of opening and blocking.
  everyRouteHasARow(
    () => routesOf(chatRoutes(t.app.deps)),
    [
      ...rows,
      ...['POST /chatroom/create', 'PUT /chat/block/{login}', 'DELETE /chat/block/{login}'].map((name) => ({
        name,
      })),
    ],
  );
});

describe('hub calls × actors', () => {
  const socketOf = async (u: TestUser) => {
    const s = hubClient(url, u.cookie, open);
    await connected(s);
    return s;
  };

  it('MessageSend, ChatRead: another user is answered not_found and nothing changes; a member is answered', async () => {
    const [o, m] = await Promise.all([socketOf(other), socketOf(buyer)]);
    for (const room of [casual, working]) {
      const before = await snapshot(room);
      const sent = await o.emitWithAck('MessageSend', {
        room: room.id,
        clientId: randomUUID(),
        text: 'intruder',
        attachments: [],
      });
      expect(sent).toMatchObject({ ok: false, error: { code: 'not_found' } });
      expect(await o.emitWithAck('ChatRead', { room: room.id })).toMatchObject({
        ok: false,
        error: { code: 'not_found' },
      });
      expect(await snapshot(room)).toEqual(before);
      const mine = await m.emitWithAck('MessageSend', {
        room: room.id,
        clientId: randomUUID(),
        text: 'member',
        attachments: [],
      });
      expect(mine.ok).toBe(true);
    }
  });

  it('CreatePrivateChat: a working room only for the pair that has one; anonymous sockets never connect', async () => {
    const o = await socketOf(other);
    const asked = await o.emitWithAck('CreatePrivateChat', { otherLogin: artist.login, type: 'working' });
    expect(asked).toMatchObject({ ok: false, error: { code: 'not_found' } });
    const m = await socketOf(buyer);
    const mine = await m.emitWithAck('CreatePrivateChat', { otherLogin: artist.login, type: 'working' });
    expect(mine).toMatchObject({ ok: true, data: { id: working.id } });
    await expect(connected(hubClient(url, '', open))).rejects.toThrow('unauthorized');
  });
});
