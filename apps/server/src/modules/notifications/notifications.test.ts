import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATIONS_PAGE_SIZE } from '@brushline/shared/notifications/constants';
import type { Notification, NotificationPage } from '@brushline/shared/notifications/schemas';
import { adminCommand } from '../../cli/admin-command.ts';
import { createTestApp, registerUser, type TestApp } from '../../test/harness.ts';
import { notify } from './notifications.service.ts';

type U = Awaited<ReturnType<typeof registerUser>>;
let t: TestApp;
let ann: U;
let bob: U;
let mod: U;
/** Ann's notifications, oldest first, as created. */
const annIds: number[] = [];
const TOTAL = NOTIFICATIONS_PAGE_SIZE + 5;

beforeAll(async () => {
  t = await createTestApp();
  [ann, bob, mod] = [
    await registerUser(t.app, t.dataDir),
    await registerUser(t.app, t.dataDir),
    await registerUser(t.app, t.dataDir),
  ];
  await adminCommand(t.app.deps.db, ['grant-role', mod.login, 'moderator']);
  for (let i = 1; i <= TOTAL; i += 1) {
    const n = await notify(t.app.deps, bob, { userId: ann.id, type: 'post_liked', message: `like ${i}` });
    annIds.push(n.id);
  }
  await notify(t.app.deps, null, { userId: bob.id, type: 'system_notification', message: 'for bob' });
});
afterAll(() => t.close());

const get = (url: string, cookie?: string) => t.app.inject({ url, headers: cookie ? { cookie } : {} });
const put = (url: string, cookie?: string) =>
  t.app.inject({ method: 'PUT', url, headers: cookie ? { cookie } : {} });
const unread = async (cookie: string) =>
  (await get('/api/notifications/unread-count', cookie)).json<{ count: number }>().count;

describe('listing', () => {
  it('pages newest first by cursor until nextCursor is null, with who triggered it', async () => {
    const first = await get('/api/notifications', ann.cookie);
    expect(first.statusCode).toBe(200);
    const p1 = first.json<NotificationPage>();
    expect(p1.items).toHaveLength(NOTIFICATIONS_PAGE_SIZE);
    expect(p1.items[0]).toMatchObject({
      id: annIds.at(-1),
      type: 'post_liked',
      message: `like ${TOTAL}`,
      isRead: false,
      userWhoTriggeredEvent: { id: bob.id, login: bob.login, avatarMiniatureUrl: null },
      changedPost: null,
      sentCard: null,
    });
    expect(p1.nextCursor).toBe(p1.items.at(-1)!.id);

    const p2 = (await get(`/api/notifications?cursor=${p1.nextCursor}`, ann.cookie)).json<NotificationPage>();
    expect(p2.items.map((n) => n.message)).toEqual(['like 5', 'like 4', 'like 3', 'like 2', 'like 1']);
    expect(p2.nextCursor).toBeNull();
  });

  it('pages by number from 1 until an empty page, and only shows the caller’s own', async () => {
    const pages: Notification[][] = [];
    for (let page = 1; page <= 4; page += 1) {
      const res = await get(`/api/notifications?page=${page}`, ann.cookie);
      const items = res.json<NotificationPage>().items;
      if (items.length === 0) break;
      pages.push(items);
    }
    expect(pages.map((p) => p.length)).toEqual([NOTIFICATIONS_PAGE_SIZE, 5]);
    expect(new Set(pages.flat().map((n) => n.id))).toEqual(new Set(annIds));

    const bobs = (await get('/api/notifications', bob.cookie)).json<NotificationPage>();
    expect(bobs.items.map((n) => [n.type, n.message, n.userWhoTriggeredEvent])).toEqual([
      ['system_notification', 'for bob', null],
    ]);
  });

  it('refuses bad paging input with 400', async () => {
    for (const q of ['page=0', 'page=abc', 'cursor=-1', 'cursor=99999999999', 'page=1&cursor=3']) {
      const res = await get(`/api/notifications?${q}`, ann.cookie);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().error.code).toBe('validation_error');
    }
  });
});

describe('reading', () => {
  it('counts unread, marks one read (idempotently) and then all', async () => {
    expect(await unread(ann.cookie)).toBe(TOTAL);
    const id = annIds[0]!;
    const one = await put(`/api/notifications/read/${id}`, ann.cookie);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ id, isRead: true });
    expect((await put(`/api/notifications/read/${id}`, ann.cookie)).statusCode).toBe(200);
    expect(await unread(ann.cookie)).toBe(TOTAL - 1);

    const all = await put('/api/notifications/read-all', ann.cookie);
    expect(all.json()).toEqual({ updated: TOTAL - 1 });
    expect(await unread(ann.cookie)).toBe(0);
    const listed = (await get('/api/notifications', ann.cookie)).json<NotificationPage>();
    expect(listed.items.every((n) => n.isRead)).toBe(true);
  });

  it("someone else's notification answers 404 and stays unread; bad ids answer 400", async () => {
    const bobsId = (await get('/api/notifications', bob.cookie)).json<NotificationPage>().items[0]!.id;
    const res = await put(`/api/notifications/read/${bobsId}`, ann.cookie);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('not_found');
    expect((await put('/api/notifications/read/2000000000', ann.cookie)).statusCode).toBe(404);
    expect((await put('/api/notifications/read/abc', ann.cookie)).statusCode).toBe(400);
    // Ann's read-all must not touch Bob's either.
    await put('/api/notifications/read-all', ann.cookie);
    expect(await unread(bob.cookie)).toBe(1);
  });

  it('answers 401 to anonymous callers on every route', async () => {
    for (const [method, url] of [
      ['GET', '/api/notifications'],
      ['GET', '/api/notifications/unread-count'],
      ['PUT', `/api/notifications/read/${annIds[1]}`],
      ['PUT', '/api/notifications/read-all'],
      ['POST', '/api/notifications/system'],
    ] as const) {
      const payload = method === 'POST' ? { userLogin: bob.login, message: 'hi' } : undefined;
      const res = await t.app.inject({ method, url, payload });
      expect(res.statusCode, url).toBe(401);
    }
  });
});

describe('system notifications', () => {
  const send = (cookie: string, payload: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: '/api/notifications/system', headers: { cookie }, payload });

  it('staff send one to a user by login', async () => {
    const res = await send(mod.cookie, { userLogin: ann.login.toUpperCase(), message: '  Welcome!  ' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ type: 'system_notification', message: 'Welcome!', isRead: false });
    const newest = (await get('/api/notifications', ann.cookie)).json<NotificationPage>().items[0];
    expect(newest).toMatchObject({ id: res.json().id, userWhoTriggeredEvent: null });
  });

  it('others get 403, unknown logins 404, empty messages 400 — and nothing is stored', async () => {
    const before = await unread(bob.cookie);
    expect((await send(ann.cookie, { userLogin: bob.login, message: 'hi' })).statusCode).toBe(403);
    expect((await send(mod.cookie, { userLogin: 'no_such_user', message: 'hi' })).statusCode).toBe(404);
    const empty = await send(mod.cookie, { userLogin: bob.login, message: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe('Please write a message');
    expect(await unread(bob.cookie)).toBe(before);
  });

  it('npm run admin -- notify sends one from the command line', async () => {
    const res = await adminCommand(t.app.deps.db, ['notify', bob.login, 'Maintenance', 'tonight']);
    expect(res).toEqual({ code: 0, out: `Notified ${bob.login}.` });
    const newest = (await get('/api/notifications', bob.cookie)).json<NotificationPage>().items[0];
    expect(newest).toMatchObject({ type: 'system_notification', message: 'Maintenance tonight' });
    expect((await adminCommand(t.app.deps.db, ['notify', bob.login])).code).toBe(2);
    expect((await adminCommand(t.app.deps.db, ['notify', 'no_such_user', 'x'])).code).toBe(1);
  });
});
