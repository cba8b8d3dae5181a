import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_LIMITS } from '@brushline/shared/auth/constants';
import { tooManyRequestsMessage } from '@brushline/shared/messages';
import { createTestApp, nextIp, registerUser, type TestApp } from '../../test/harness.ts';
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
    // Now any browser the account has not seen is refused, even with the right password...
    expectLimited(await attempt({ login: owner.email, password: owner.password }));
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
});
