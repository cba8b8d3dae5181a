import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, tooManyRequestsMessage } from '@brushline/shared/messages';
import {
  createTestApp,
  lastMailTo,
  nextIp,
  registerUser,
  registrationCode,
  uniqueUser,
  type TestApp,
} from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: unknown, ip = nextIp()) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, remoteAddress: ip });
const userCount = async () =>
  (await t.app.deps.db.execute<{ n: number }>(sql`select count(*)::int as n from users`)).rows[0]!.n;

async function requestAndCode(user: ReturnType<typeof uniqueUser>, ip = nextIp()) {
  const res = await post('/api/register/request', user, ip);
  expect(res.statusCode, res.body).toBe(200);
  return registrationCode(await lastMailTo(t.dataDir, user.email));
}

describe('POST /api/register/request', () => {
  it('mails a 6-digit code and creates no account yet', async () => {
    const before = await userCount();
    const user = uniqueUser();
    const code = await requestAndCode(user);
    expect(code).toMatch(/^\d{6}$/);
    expect(await userCount()).toBe(before);
  });

  it.each([
    [{ login: 'ab' }, messages.loginInvalid],
    [{ login: 'a'.repeat(33) }, messages.loginTooLong],
    [{ login: 'bad__login' }, messages.loginInvalid],
    [{ login: '_lead' }, messages.loginInvalid],
    [{ login: "x'; drop table users;--" }, messages.loginInvalid],
    [{ login: '<b>ann</b>' }, messages.loginInvalid],
    [{ login: 123 }, messages.loginInvalid],
    [{ email: 'not-an-email' }, messages.emailInvalid],
    [{ email: '<script>@x' }, messages.emailInvalid],
    [{ email: `${'a'.repeat(250)}@example.test` }, messages.emailInvalid],
    [{ password: 'abcd' }, messages.passwordTooShort],
    [{ password: 'p'.repeat(65) }, messages.passwordTooLong],
    [{ password: null }, messages.passwordTooShort],
  ])('refuses %j with the SPEC message and stores nothing', async (patch, message) => {
    const user = { ...uniqueUser(), ...patch };
    const res = await post('/api/register/request', user);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { code: 'validation_error', message } });
    const pending = await t.app.deps.db.execute(
      sql`select 1 from pending_registrations where email = ${String(user.email)}`,
    );
    expect(pending.rows).toHaveLength(0);
  });

  it('accepts a 5-character password and a 64-character one (the SPEC check is below 5)', async () => {
    expect((await post('/api/register/request', { ...uniqueUser(), password: '12345' })).statusCode).toBe(
      200,
    );
    expect(
      (await post('/api/register/request', { ...uniqueUser(), password: 'p'.repeat(64) })).statusCode,
    ).toBe(200);
  });

  it('accepts logins with single inner dots and underscores, up to 32 characters', async () => {
    expect((await post('/api/register/request', { ...uniqueUser(), login: 'ann.b_c9' })).statusCode).toBe(
      200,
    );
    expect((await post('/api/register/request', { ...uniqueUser(), login: 'Z'.repeat(32) })).statusCode).toBe(
      200,
    );
  });

  it('answers a clear error for an empty body, a non-object and broken JSON', async () => {
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/register/request',
      remoteAddress: nextIp(),
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toMatchObject({ code: 'validation_error', message: messages.invalidInput });
    const arr = await post('/api/register/request', [1, 2]);
    expect(arr.statusCode).toBe(400);
    expect(arr.json().error.message).toBe(messages.invalidInput);
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/register/request',
      headers: { 'content-type': 'application/json' },
      payload: '{"login":',
      remoteAddress: nextIp(),
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error.message).toBe('The request body is not valid JSON');
  });

  it('refuses a huge body with 413', async () => {
    const res = await post('/api/register/request', { ...uniqueUser(), bio: 'x'.repeat(2 * 1024 * 1024) });
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toEqual({
      code: 'fst_err_ctp_body_too_large',
      message: 'The request is too large',
    });
  });

  it('refuses a taken login or e-mail, whatever their case', async () => {
    const existing = await registerUser(t.app, t.dataDir);
    for (const patch of [{ login: existing.login.toUpperCase() }, { email: existing.email.toUpperCase() }]) {
      const res = await post('/api/register/request', { ...uniqueUser(), ...patch });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ error: { code: 'user_exists', message: messages.userExists } });
    }
  });

  it('limits requests per IP with 429 and Retry-After', async () => {
    const ip = nextIp();
    for (let i = 0; i < 10; i++)
      expect((await post('/api/register/request', uniqueUser(), ip)).statusCode).toBe(200);
    const res = await post('/api/register/request', uniqueUser(), ip);
    expect(res.statusCode).toBe(429);
    const wait = Number(res.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(res.json().error.message).toBe(tooManyRequestsMessage(wait));
  });
});

describe('POST /api/register/verify', () => {
  it('creates the account, signs the user in and answers camelCase fields', async () => {
    const user = uniqueUser();
    const code = await requestAndCode(user);
    const res = await post(`/api/register/verify?code=${code}`, user);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      displayLogin: user.login,
      loginName: user.login,
      displayName: user.login,
      email: user.email,
      roles: [],
      isOnline: false,
      connectedSocials: [],
      userProfileStore: { profilePicture: null, bannerPicture: null },
    });
    expect(res.json()).not.toHaveProperty('passwordHash');
    const cookie = res.cookies.find((c) => c.name === 'sid')!;
    const check = await t.app.inject({ url: '/api/sessioncheck', cookies: { sid: cookie.value } });
    expect(check.statusCode).toBe(200);
    expect(check.json().displayLogin).toBe(user.login);
  });

  it('refuses a wrong code with the SPEC message, and the code works only once', async () => {
    const user = uniqueUser();
    const code = await requestAndCode(user);
    const wrong = code === '000000' ? '111111' : '000000';
    const bad = await post(`/api/register/verify?code=${wrong}`, user);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe(messages.verifyFailed);
    expect((await post(`/api/register/verify?code=${code}`, user)).statusCode).toBe(200);
    const again = await post(`/api/register/verify?code=${code}`, user);
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe(messages.verifyFailed);
  });

  it('kills the code after 5 wrong tries', async () => {
    const user = uniqueUser();
    const code = await requestAndCode(user);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++)
      expect((await post(`/api/register/verify?code=${wrong}`, user)).statusCode).toBe(400);
    const right = await post(`/api/register/verify?code=${code}`, user);
    expect(right.statusCode).toBe(400);
    expect(right.json().error.message).toBe(messages.verifyFailed);
  });

  it('refuses an expired code', async () => {
    const user = uniqueUser();
    const code = await requestAndCode(user);
    await t.app.deps.db.execute(
      sql`update pending_registrations set expires_at = now() - interval '1 second' where email = ${user.email}`,
    );
    const res = await post(`/api/register/verify?code=${code}`, user);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(messages.verifyFailed);
  });

  it('refuses a body that differs from the request (other password)', async () => {
    const user = uniqueUser();
    const code = await requestAndCode(user);
    const res = await post(`/api/register/verify?code=${code}`, { ...user, password: 'another-pass' });
    expect(res.statusCode).toBe(400);
    const found = await t.app.inject({ url: `/api/user/${user.login}` });
    expect(found.statusCode).toBe(404);
    expect((await post(`/api/register/verify?code=${code}`, user)).statusCode).toBe(200);
  });

  it('refuses a malformed code without touching the pending registration', async () => {
    const user = uniqueUser();
    const code = await requestAndCode(user);
    for (const bad of ['', '12345', 'abcdef', "1' or '1'='1"]) {
      const res = await post(`/api/register/verify?code=${encodeURIComponent(bad)}`, user);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(messages.verifyFailed);
    }
    expect((await post(`/api/register/verify?code=${code}`, user)).statusCode).toBe(200);
  });

  it('lets only the first of two pending registrations of one login become an account', async () => {
    const a = uniqueUser();
    const b = { ...uniqueUser(), login: a.login.toUpperCase() };
    const codeA = await requestAndCode(a);
    const codeB = await requestAndCode(b);
    expect((await post(`/api/register/verify?code=${codeA}`, a)).statusCode).toBe(200);
    const res = await post(`/api/register/verify?code=${codeB}`, b);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(messages.userExists);
  });
});
