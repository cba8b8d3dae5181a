import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@brushline/shared/messages';
import { createTestApp, nextIp, registerUser, sessionCookie, type TestApp } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (body: unknown, ip = nextIp(), headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: body as object,
    remoteAddress: ip,
    headers,
  });

describe('sign in, session check and sign out', () => {
  it('signs in by login or by e-mail in any case', async () => {
    const u = await registerUser(t.app, t.dataDir);
    for (const name of [u.login, u.email.toUpperCase(), u.login.toUpperCase()]) {
      const res = await login({ login: name, password: u.password });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ id: u.id, displayLogin: u.login, email: u.email });
    }
  });

  it('answers a wrong password and an unknown account with the same 401', async () => {
    const u = await registerUser(t.app, t.dataDir);
    const wrong = await login({ login: u.login, password: 'not-my-password' });
    const unknown = await login({ login: 'nobody_here', password: 'whatever' });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: { code: 'login_failed', message: messages.loginFailed } });
      expect(res.cookies.find((c) => c.name === 'sid')).toBeUndefined();
    }
  });

  it('refuses missing fields and wrong types with 400', async () => {
    for (const body of [{}, { login: 'x' }, { login: 1, password: 2 }, { login: '', password: '' }]) {
      const res = await login(body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('validation_error');
    }
  });

  it('sets an HttpOnly, SameSite=Lax session cookie, not Secure on plain http', async () => {
    const u = await registerUser(t.app, t.dataDir);
    const res = await login({ login: u.login, password: u.password });
    const raw = String(res.headers['set-cookie']);
    expect(raw).toMatch(/sid=[A-Za-z0-9_-]{43}/);
    expect(raw).toMatch(/HttpOnly/i);
    expect(raw).toMatch(/SameSite=Lax/i);
    expect(raw).not.toMatch(/Secure/i);
  });

  it('sessioncheck answers the user when signed in, null to a visitor, 401 to an ended session; logout ends it', async () => {
    const u = await registerUser(t.app, t.dataDir);
    const res = await login({ login: u.login, password: u.password });
    const cookie = sessionCookie(res);
    expect((await t.app.inject({ url: '/api/sessioncheck', headers: { cookie } })).statusCode).toBe(200);
    // A visitor without a session cookie: an answer, not an error (no 401 in the browser's console).
    const visitor = await t.app.inject({ url: '/api/sessioncheck' });
    expect(visitor.statusCode).toBe(200);
    expect(visitor.json()).toBeNull();
    // A cookie that names no session fails, and is cleared so the next visit is a visitor's.
    const forged = await t.app.inject({ url: '/api/sessioncheck', headers: { cookie: 'sid=forged-token' } });
    expect(forged.statusCode).toBe(401);
    expect(String(forged.headers['set-cookie'])).toMatch(/^sid=;.*Expires=Thu, 01 Jan 1970/);

    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
    expect(out.statusCode).toBe(204);
    const after = await t.app.inject({ url: '/api/sessioncheck', headers: { cookie } });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ error: { code: 'unauthorized', message: messages.unauthorized } });
    // The other session of the same user is untouched.
    expect((await t.app.inject({ url: '/api/sessioncheck', headers: { cookie: u.cookie } })).statusCode).toBe(
      200,
    );
  });

  it('refuses a state-changing request from a foreign Origin and signs nobody in', async () => {
    const u = await registerUser(t.app, t.dataDir);
    const res = await login({ login: u.login, password: u.password }, nextIp(), {
      origin: 'https://evil.example',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: { code: 'foreign_origin', message: messages.foreignOrigin } });
    expect(res.cookies).toHaveLength(0);
    const crossSite = await login({ login: u.login, password: u.password }, nextIp(), {
      'sec-fetch-site': 'cross-site',
    });
    expect(crossSite.statusCode).toBe(403);
  });

  it('accepts our own Origin', async () => {
    const u = await registerUser(t.app, t.dataDir);
    const own = await login({ login: u.login, password: u.password }, nextIp(), {
      origin: 'http://localhost:3000',
    });
    expect(own.statusCode).toBe(200);
    const sameHost = await login({ login: u.login, password: u.password }, nextIp(), {
      origin: 'http://app.test',
      host: 'app.test',
    });
    expect(sameHost.statusCode).toBe(200);
  });
});

describe('secure cookies behind https', () => {
  it('marks the cookie Secure when PUBLIC_URL is https', async () => {
    const s = await createTestApp({ PUBLIC_URL: 'https://brushline.example' }, t.app.database);
    try {
      const u = await registerUser(s.app, s.dataDir);
      const res = await s.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { login: u.login, password: u.password },
        headers: { origin: 'https://brushline.example' },
        remoteAddress: nextIp(),
      });
      expect(res.statusCode).toBe(200);
      expect(String(res.headers['set-cookie'])).toMatch(/Secure/);
    } finally {
      await s.close();
    }
  });
});
