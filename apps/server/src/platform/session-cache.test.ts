import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  lastMailTo,
  nextBusMessage,
  nextIp,
  registerUser,
  resetCode,
  sessionCookie,
  type TestApp,
} from '../test/harness.ts';
import { sampleCard } from '../test/kit.ts';
import { SESSION_TOPIC } from './session.ts';

// Session lookups are cached for SESSION_CACHE_TTL_MS (docs/decisions/0006-feed-speed.md). Every
// test first makes a request that puts the session in the cache, so what it checks is that the
// cache lets go at once, not that the database says no.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const check = (app: TestApp['app'], cookie: string) =>
  app.inject({ url: '/api/sessioncheck', headers: { cookie } }).then((r) => r.statusCode);

const signIn = async (app: TestApp['app'], login: string, password: string) =>
  sessionCookie(
    await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { login, password },
      remoteAddress: nextIp(),
    }),
  );

async function resetPassword(app: TestApp['app'], u: { login: string; email: string }) {
  const post = (url: string, payload: object) =>
    app.inject({ method: 'POST', url, payload, remoteAddress: nextIp() });
  expect((await post('/api/reset/send-email', { emailOrLogin: u.login })).statusCode).toBe(200);
  const code = resetCode(await lastMailTo(t.dataDir, u.email));
  const { resetToken } = (await post('/api/reset/send-code', { resetCode: code })).json<{
    resetToken: string;
  }>();
  const done = await post('/api/reset/new-password', { resetToken, newPassword: 'brand-new-pass' });
  expect(done.statusCode).toBe(200);
}

describe('session cache', () => {
  it('a logged-out session is refused on its next request; other sessions of the user go on', async () => {
    const u = await registerUser(t.app, t.dataDir);
    const other = await signIn(t.app, u.login, u.password);
    expect(await check(t.app, u.cookie)).toBe(200);
    expect(await check(t.app, other)).toBe(200);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: u.cookie },
    });
    expect(out.statusCode).toBe(204);
    expect(await check(t.app, u.cookie)).toBe(401);
    expect(await check(t.app, other)).toBe(200);
  });

  it('a password reset refuses every session of the account on its next request', async () => {
    const u = await registerUser(t.app, t.dataDir);
    const other = await signIn(t.app, u.login, u.password);
    const stranger = await registerUser(t.app, t.dataDir);
    for (const cookie of [u.cookie, other, stranger.cookie]) expect(await check(t.app, cookie)).toBe(200);
    await resetPassword(t.app, u);
    expect(await check(t.app, u.cookie)).toBe(401);
    expect(await check(t.app, other)).toBe(401);
    expect(await check(t.app, stranger.cookie)).toBe(200);
  });

  it('the artist role switched on in settings counts from the next request', async () => {
    const u = await registerUser(t.app, t.dataDir);
    const create = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/commissioncard/create',
        headers: { cookie: u.cookie },
        payload: sampleCard(),
      });
    // The role check reads the session's (cached) roles.
    expect((await create()).statusCode).toBe(403);
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/user/update/settings/id/${u.id}`,
      headers: { cookie: u.cookie },
      payload: { displayNSFW: false, displayQuestionable: false, isArtist: true },
    });
    expect(res.statusCode).toBe(200);
    expect((await create()).statusCode).toBe(200);
  });
});

describe.skipIf(!process.env.REDIS_URL)('session cache on two instances sharing Redis', () => {
  let b: TestApp;
  beforeAll(async () => {
    b = await createTestApp({}, t.app.database);
  });
  afterAll(() => b.close());

  it('a logout served by instance A is refused by instance B on the next request', async () => {
    const u = await registerUser(t.app, t.dataDir);
    expect(await check(b.app, u.cookie)).toBe(200);
    const heard = nextBusMessage(b.app, SESSION_TOPIC);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: u.cookie },
    });
    expect(out.statusCode).toBe(204);
    await heard;
    expect(await check(b.app, u.cookie)).toBe(401);
  });

  it('a password reset on instance A refuses the account’s sessions on instance B', async () => {
    const u = await registerUser(t.app, t.dataDir);
    const other = await signIn(b.app, u.login, u.password);
    for (const cookie of [u.cookie, other]) expect(await check(b.app, cookie)).toBe(200);
    const heard = nextBusMessage(b.app, SESSION_TOPIC);
    await resetPassword(t.app, u);
    await heard;
    for (const cookie of [u.cookie, other]) expect(await check(b.app, cookie)).toBe(401);
  });
});
