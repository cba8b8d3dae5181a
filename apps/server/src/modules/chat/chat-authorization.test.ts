import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage, ChatRoom } from '@brushline/shared/chat/schemas';
import { createTestApp, registerUser, type TestApp } from '../../test/harness.ts';
import { connected, hubClient, listen, type HubClient } from '../../test/hub-client.ts';
import { call, createCard, registerArtist, sendForm, type TestUser } from '../orders/commission-fixtures.ts';
import { chatPictures, openCasual, say } from './chat-fixtures.ts';

/**
 * Every chat route and hub call × {a member, another signed-in user, anonymous}: members get
 * their answer; anyone else gets 404 (a room they are not in is a room that does not exist) or
 * 401, and the room is unchanged afterwards.
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

type Route = {
  name: string;
  room: () => ChatRoom;
  method: 'GET' | 'PUT' | 'POST';
  path: (r: ChatRoom) => string;
  body?: () => object;
  ok: number;
};
const routes: Route[] = [
  {
    name: 'chatroom/get',
    room: () => casual,
    method: 'GET',
    path: (r) => `/api/chatroom/get/${r.id}`,
    ok: 200,
  },
  {
    name: 'wchatroom/get',
    room: () => working,
    method: 'GET',
    path: (r) => `/api/wchatroom/get/${r.id}`,
    ok: 200,
  },
  {
    name: 'messages q',
    room: () => casual,
    method: 'GET',
    path: (r) => `/api/messages/chat/${r.id}/q?page=1`,
    ok: 200,
  },
  {
    name: 'messages q (working)',
    room: () => working,
    method: 'GET',
    path: (r) => `/api/messages/chat/${r.id}/q`,
    ok: 200,
  },
  {
    name: 'task/comissions/get',
    room: () => working,
    method: 'GET',
    path: (r) => `/api/task/comissions/get/${r.id}`,
    ok: 200,
  },
  {
    name: 'chat file',
    room: () => casual,
    method: 'GET',
    path: (r) => `/api/chat/${r.id}/files/${picture}/miniature`,
    ok: 200,
  },
  {
    name: 'send',
    room: () => working,
    method: 'POST',
    path: (r) => `/api/messages/chat/${r.id}`,
    body: () => ({ clientId: randomUUID(), text: 'hello' }),
    ok: 200,
  },
  { name: 'read', room: () => casual, method: 'PUT', path: (r) => `/api/chatroom/read/${r.id}`, ok: 200 },
];

describe('chat routes × actors', () => {
  for (const route of routes) {
    it(`${route.name}: member ${route.ok}, another user 404 and nothing changed, anonymous 401`, async () => {
      const room = route.room();
      const before = await snapshot(room);
      const asOther = await call(t.app, route.method, route.path(room), other.cookie, route.body?.());
      expect(asOther.statusCode).toBe(404);
      const asAnon = await call(t.app, route.method, route.path(room), undefined, route.body?.());
      expect(asAnon.statusCode).toBe(401);
      expect(await snapshot(room)).toEqual(before);
      const asMember = await call(t.app, route.method, route.path(room), buyer.cookie, route.body?.());
      expect(asMember.statusCode, asMember.body).toBe(route.ok);
    });
  }

  it('room lists and unread counts show only the caller’s own rooms; anonymous 401', async () => {
    for (const path of [
      '/api/chatrooms/paginated/get',
      '/api/wchatrooms/paginated/get',
      '/api/chatrooms/unread',
    ]) {
      expect((await call(t.app, 'GET', path, undefined)).statusCode).toBe(401);
      const mine = await call(t.app, 'GET', path, other.cookie);
      expect(mine.statusCode).toBe(200);
      expect(mine.body).not.toContain(String(casual.other.id));
    }
    expect((await call(t.app, 'GET', '/api/chatrooms/paginated/get', other.cookie)).json()).toEqual({
      items: [],
      nextPage: null,
    });
  });
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
