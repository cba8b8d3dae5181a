import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_LIMITS } from '@brushline/shared/auth/constants';
import { loginLockedMessage, tooManyRequestsMessage } from '@brushline/shared/messages';
import {
  createTestApp,
  lastMailTo,
  nextIp,
  registerUser,
  resetCode,
  type TestApp,
} from '../../test/harness.ts';
import { DEVICE_COOKIE } from './device-cookie.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface Attempt {
  login: string;
  password: string;
  ip?: string;
  device?: string;
}

const attempt = ({ login, password, ip = nextIp(), device }: Attempt) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { login, password },
    remoteAddress: ip,
    headers: device ? { cookie: `${DEVICE_COOKIE}=${device}` } : {},
  });

const deviceOf = (res: { cookies: { name: string; value: string }[] }) =>
  res.cookies.find((c) => c.name === DEVICE_COOKIE)?.value;

function expectLimited(res: { statusCode: number; headers: Record<string, unknown>; json: () => unknown }) {
  expect(res.statusCode).toBe(429);
  const wait = Number(res.headers['retry-after']);
  expect(wait).toBeGreaterThan(0);
  // The message says how long to wait, in words built from the same number.
  expect(res.json()).toEqual({ error: { code: 'rate_limited', message: tooManyRequestsMessage(wait) } });
}

function expectLocked(res: { statusCode: number; headers: Record<string, unknown>; json: () => unknown }) {
  expect(res.statusCode).toBe(429);
  const wait = Number(res.headers['retry-after']);
  expect(wait).toBeGreaterThan(0);
  expect(wait).toBeLessThanOrEqual(LOGIN_LIMITS.account.seconds);
  expect(res.json()).toEqual({ error: { code: 'login_locked', message: loginLockedMessage(wait) } });
}

/** A stranger spreads wrong passwords over many addresses until unknown browsers are locked out. */
async function lockOut(owner: { login: string; email: string }) {
  for (let i = 0; i < LOGIN_LIMITS.account.points; i += 1) {
    const name = i % 2 === 0 ? owner.login : owner.email;
    expect((await attempt({ login: name, password: `guess-${i}` })).statusCode).toBe(401);
  }
}

describe('sign-in limits stop guessing without locking the owner out', () => {
  it('wrong passwords from many other addresses do not stop the owner signing in from their browser', async () => {
    const owner = await registerUser(t.app, t.dataDir);
    const home = nextIp();
    const first = await attempt({ login: owner.login, password: owner.password, ip: home });
    expect(first.statusCode).toBe(200);
    const device = deviceOf(first);
    expect(device).toBeDefined();
    expect(String(first.headers['set-cookie'])).toMatch(
      /device=[^;]+; Max-Age=\d+; Path=\/api\/auth\/login; HttpOnly; SameSite=Strict/,
    );

    // A stranger spreads guesses over many addresses, by login and by e-mail, until the account
    // limit for unknown browsers is used up.
    for (let i = 0; i < LOGIN_LIMITS.account.points; i += 1) {
      const name = i % 2 === 0 ? owner.login : owner.email;
      expect((await attempt({ login: name, password: `guess-${i}` })).statusCode).toBe(401);
    }
    // Now any browser the account has not seen is refused, even with the right password, and told
    // why and what to do...
    expectLocked(await attempt({ login: owner.email, password: owner.password }));
    // ...but the owner's browser signs in, with the right password, from home or elsewhere.
    const again = await attempt({ login: owner.login, password: owner.password, ip: home, device });
    expect(again.statusCode).toBe(200);
    const travelling = await attempt({
      login: owner.email,
      password: owner.password,
      device: deviceOf(again),
    });
    expect(travelling.statusCode).toBe(200);
  });

  it('guessing from one address is stopped, whichever name of the account is typed', async () => {
    const owner = await registerUser(t.app, t.dataDir);
    const attacker = nextIp();
    for (let i = 0; i < LOGIN_LIMITS.pair.points; i += 1) {
      // Login and e-mail count on one counter: the account's.
      const name = i % 2 === 0 ? owner.login.toUpperCase() : owner.email;
      expect((await attempt({ login: name, password: `guess-${i}`, ip: attacker })).statusCode).toBe(401);
    }
    expectLimited(await attempt({ login: owner.login, password: 'one-more-guess', ip: attacker }));
    // Even the right password is not tried from there now: the guesser learns nothing.
    expectLimited(await attempt({ login: owner.email, password: owner.password, ip: attacker }));
    // Elsewhere the account still works.
    expect((await attempt({ login: owner.login, password: owner.password })).statusCode).toBe(200);
  });

  it('one address trying many accounts is stopped', async () => {
    const sprayer = nextIp();
    for (let i = 0; i < LOGIN_LIMITS.address.points; i += 1) {
      expect((await attempt({ login: `nobody${i}`, password: 'Summer2024', ip: sprayer })).statusCode).toBe(
        401,
      );
    }
    expectLimited(await attempt({ login: 'nobody_else', password: 'Summer2024', ip: sprayer }));
  });

  it('a stolen or forged device cookie guesses no faster than an address', async () => {
    const owner = await registerUser(t.app, t.dataDir);
    const device = deviceOf(await attempt({ login: owner.login, password: owner.password }))!;
    // A device cookie is only worth anything for its own account, unaltered.
    const other = await registerUser(t.app, t.dataDir);
    const forged = device.replace(owner.id, other.id);
    for (let i = 0; i < LOGIN_LIMITS.device.points; i += 1) {
      expect((await attempt({ login: owner.login, password: `guess-${i}`, device })).statusCode).toBe(401);
    }
    expectLimited(await attempt({ login: owner.login, password: owner.password, device }));
    // The forged cookie counts as no cookie: its addresses are fresh, so it gets the normal answer.
    expect((await attempt({ login: other.login, password: other.password, device: forged })).statusCode).toBe(
      200,
    );
  });

  it('a successful sign-in gives back its attempt: a person who mistypes now and then is never limited', async () => {
    const owner = await registerUser(t.app, t.dataDir);
    const home = nextIp();
    for (let round = 0; round < LOGIN_LIMITS.pair.points; round += 1) {
      expect((await attempt({ login: owner.login, password: 'typo', ip: home })).statusCode).toBe(401);
      expect((await attempt({ login: owner.login, password: owner.password, ip: home })).statusCode).toBe(
        200,
      );
    }
  });

  it('a locked-out owner resets the password by e-mail in a new browser and signs in there; other new browsers stay locked out', async () => {
    const owner = await registerUser(t.app, t.dataDir);
    await lockOut(owner);
    // A new browser (its own cookie jar and address) is locked out, even with the right password.
    const laptop = { ip: nextIp(), device: undefined as string | undefined };
    expectLocked(await attempt({ login: owner.login, password: owner.password, ip: laptop.ip }));

    // The reset needs the code mailed to the owner: only they can finish it.
    const post = (url: string, payload: object) =>
      t.app.inject({ method: 'POST', url, payload, remoteAddress: laptop.ip });
    expect((await post('/api/reset/send-email', { emailOrLogin: owner.email })).statusCode).toBe(200);
    const code = resetCode(await lastMailTo(t.dataDir, owner.email));
    const traded = await post('/api/reset/send-code', { resetCode: code, emailOrLogin: owner.login });
    expect(traded.statusCode).toBe(200);
    const done = await post('/api/reset/new-password', {
      resetToken: traded.json<{ resetToken: string }>().resetToken,
      newPassword: 'after-the-reset',
    });
    expect(done.statusCode).toBe(200);
    // The browser that finished the reset is now one the account knows.
    laptop.device = deviceOf(done);
    expect(laptop.device).toBeDefined();

    const signedIn = await attempt({ login: owner.login, password: 'after-the-reset', ...laptop });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toMatchObject({ displayLogin: owner.login });

    // Any other new browser is still locked out, the right new password included: the lockout
    // stands for the guesser, and the old password is gone anyway.
    expectLocked(await attempt({ login: owner.login, password: 'after-the-reset' }));
    expectLocked(await attempt({ login: owner.email, password: owner.password }));
    // A reset cookie is worth nothing for another account.
    const other = await registerUser(t.app, t.dataDir);
    await lockOut(other);
    expectLocked(await attempt({ login: other.login, password: other.password, device: laptop.device }));
  });

  it('a locked account says so before counting anything else, so the owner is never told only to wait', async () => {
    const owner = await registerUser(t.app, t.dataDir);
    await lockOut(owner);
    const home = nextIp();
    // More tries than the per-address limit from one browser: each answer names the lockout.
    for (let i = 0; i <= LOGIN_LIMITS.pair.points; i += 1)
      expectLocked(await attempt({ login: owner.login, password: owner.password, ip: home }));
  });
});
