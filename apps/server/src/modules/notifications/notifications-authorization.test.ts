import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe } from 'vitest';
import type { Notification } from '@brushline/shared/notifications/schemas';
import { createTestApp, registerUser, type TestApp } from '../../test/harness.ts';
import { everyRouteHasARow, routeMatrix, routesOf, type MatrixRow } from '../../test/route-matrix.ts';
import { emailRoutes } from '../email/email.routes.ts';
import { signUnsubscribe } from '../email/unsubscribe-token.ts';
import { call, type TestUser } from '../../test/kit.ts';
import { registerStaff } from '../tags/tag-fixtures.ts';
import { notificationsRoutes } from './notifications.routes.ts';
import { notify } from './notifications.service.ts';

/**
 * Every notification route, and the e-mail preference and unsubscribe routes, × every kind of
 * caller: "owner" receives the notification, "stranger" is another signed-in user, "staff" a
 * moderator (who may send anyone a system notification, and read no one's), "anon" has no
 * session. A list, a count and preferences are always the caller's own; someone else's
 * notification answers 404; an unsubscribe link works for whoever holds it, signed in or not (it
 * is the capability), and a forged one for nobody. The owner calls last, so every refused call meets
 * their notifications and preferences as they were; after every call but the allowed ones they
 * are unchanged, and no answer but the owner's may carry the notification's text.
 */
type Who = 'owner' | 'stranger' | 'staff' | 'anon';
const WHO: Who[] = ['stranger', 'staff', 'anon', 'owner'];

interface Ctx {
  notification: Notification;
  text: string;
  /** A link from a mail of the owner's turning off e-mail about new orders. */
  token: string;
}
type Row = MatrixRow<Who, Ctx>;

let t: TestApp;
const users = {} as Record<Exclude<Who, 'anon'>, TestUser>;
beforeAll(async () => {
  t = await createTestApp();
  users.owner = await registerUser(t.app, t.dataDir);
  users.stranger = await registerUser(t.app, t.dataDir);
  users.staff = await registerStaff(t);
});
afterAll(() => t.close());

/** An unread notification of the owner's, with e-mail about new orders on (as by default). */
async function context(): Promise<Ctx> {
  const text = `Note ${randomBytes(4).toString('hex')}`;
  const notification = await notify(t.app.deps, null, {
    userId: users.owner.id,
    type: 'system_notification',
    message: text,
  });
  const res = await call(t.app, 'PUT', '/api/notifications/preferences', users.owner.cookie, {
    newOrders: 'email',
  });
  if (res.statusCode !== 200) throw new Error(`preferences ${res.statusCode}: ${res.body}`);
  const token = signUnsubscribe(t.app.deps.signingSecret, {
    userId: users.owner.id,
    kinds: ['newOrders'],
    sentAt: new Date(),
  });
  return { notification, text, token };
}

/** What the owner sees: their notifications (read or not), the bell's count, their preferences. */
async function snapshot() {
  const get = async (url: string) => (await call(t.app, 'GET', url, users.owner.cookie)).body;
  return [
    await get('/api/notifications'),
    await get('/api/notifications/unread-count'),
    await get('/api/notifications/preferences'),
  ];
}

/** The token with one character of its signature changed. */
const altered = (token: string) => {
  const [body, sig] = token.split('.') as [string, string];
  return `${body}.${sig.startsWith('A') ? 'B' : 'A'}${sig.slice(1)}`;
};

const signedIn = { owner: 200, stranger: 200, staff: 200, anon: 401 };
const everyone = { owner: 200, stranger: 200, staff: 200, anon: 200 };

const rows: Row[] = [
  {
    name: 'GET /notifications',
    method: 'GET',
    url: () => '/api/notifications',
    expect: signedIn,
  },
  {
    name: 'GET /notifications/unread-count',
    method: 'GET',
    url: () => '/api/notifications/unread-count',
    expect: signedIn,
  },
  {
    name: 'PUT /notifications/read/{id}',
    method: 'PUT',
    url: (c) => `/api/notifications/read/${c.notification.id}`,
    expect: { owner: 200, stranger: 404, staff: 404, anon: 401 },
    mutates: ['owner'],
  },
  {
    // Each caller's own notifications only.
    name: 'PUT /notifications/read-all',
    method: 'PUT',
    url: () => '/api/notifications/read-all',
    expect: signedIn,
    mutates: ['owner'],
  },
  {
    name: 'POST /notifications/system',
    method: 'POST',
    url: () => '/api/notifications/system',
    body: () => ({ userLogin: users.owner.login, message: 'A word from the staff' }),
    expect: { owner: 403, stranger: 403, staff: 201, anon: 401 },
    mutates: ['staff'],
  },
  {
    name: 'GET /notifications/preferences',
    method: 'GET',
    url: () => '/api/notifications/preferences',
    expect: signedIn,
  },
  {
    name: 'PUT /notifications/preferences',
    method: 'PUT',
    url: () => '/api/notifications/preferences',
    body: () => ({ newOrders: 'inApp' }),
    expect: signedIn,
    mutates: ['owner'],
  },
  {
    name: "POST /notifications/unsubscribe/{token} (the owner's link)",
    method: 'POST',
    url: (c) => `/api/notifications/unsubscribe/${c.token}`,
    expect: everyone,
    mutates: WHO,
  },
  {
    name: "POST /notifications/unsubscribe/{token} (the owner's link, altered)",
    method: 'POST',
    url: (c) => `/api/notifications/unsubscribe/${altered(c.token)}`,
    expect: { owner: 400, stranger: 400, staff: 400, anon: 400 },
  },
  {
    // A GET never unsubscribes (link scanners open every link of a mail): it leads to the page.
    name: "GET /notifications/unsubscribe/{token} (the owner's link)",
    method: 'GET',
    url: (c) => `/api/notifications/unsubscribe/${c.token}`,
    expect: { owner: 303, stranger: 303, staff: 303, anon: 303 },
  },
];

describe('notification routes × callers', () => {
  everyRouteHasARow(() => routesOf(notificationsRoutes(t.app.deps), emailRoutes(t.app.deps)), rows);

  routeMatrix({
    t: () => t,
    who: WHO,
    rows,
    context: () => context(),
    cookieOf: (who) => (who === 'anon' ? undefined : users[who].cookie),
    snapshot: () => snapshot(),
    markers: (c) => [c.text],
    defaults: { seenBy: ['owner'] },
    mutatesMust: true,
  });
});
