import { afterAll, beforeAll, describe } from 'vitest';
import { startSession } from '../../platform/session.ts';
import { createTestApp, lastMailTo, registerUser, resetCode, type TestApp } from '../../test/harness.ts';
import { everyRouteHasARow, routeMatrix, routesOf, type MatrixRow } from '../../test/route-matrix.ts';
import { call, type TestUser } from '../../test/kit.ts';
import { authRoutes } from './auth.routes.ts';

/**
 * Every sign-in, session, registration and reset route × the account's "owner" (signed in),
 * another signed-in user ("stranger") and "anon". A session answers and ends only itself; a
 * password, a mailed code or a reset token acts for whoever holds it, signed in or not, and
 * nothing less does. Each case gets fresh sessions; the owner calls last. After every call but the
 * allowed ones the owner's session answers as before, and no answer but the owner's own (or one to
 * whoever gave the owner's password) carries the owner's e-mail address.
 */
type Who = 'owner' | 'stranger' | 'anon';
const WHO: Who[] = ['stranger', 'anon', 'owner'];

interface Ctx {
  cookies: Record<Exclude<Who, 'anon'>, string>;
  /** A reset token of the owner's (setup reset). */
  resetToken: string;
}
type Setup = { reset?: boolean };
type Row = MatrixRow<Who, Ctx, Setup>;

let t: TestApp;
let owner: TestUser;
let stranger: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  owner = await registerUser(t.app, t.dataDir);
  stranger = await registerUser(t.app, t.dataDir);
});
afterAll(() => t.close());

/** The mailed code traded for a token, as the reset pages do (the table resets far more than a person). */
async function ownersResetToken(): Promise<string> {
  await t.app.deps.limits.reset('resetIp', '127.0.0.1');
  await t.app.deps.limits.reset('resetAccount', owner.id);
  await t.app.deps.limits.reset('resetCodeIp', '127.0.0.1');
  const sent = await call(t.app, 'POST', '/api/reset/send-email', undefined, { emailOrLogin: owner.login });
  if (sent.statusCode !== 200) throw new Error(`send-email ${sent.statusCode}: ${sent.body}`);
  const code = resetCode(await lastMailTo(t.dataDir, owner.email));
  const res = await call(t.app, 'POST', '/api/reset/send-code', undefined, { resetCode: code });
  if (res.statusCode !== 200) throw new Error(`send-code ${res.statusCode}: ${res.body}`);
  return res.json<{ resetToken: string }>().resetToken;
}

async function context(setup: Setup = {}): Promise<Ctx> {
  const session = async (user: TestUser) => `sid=${await startSession(t.app.deps.db, user.id)}`;
  return {
    cookies: { owner: await session(owner), stranger: await session(stranger) },
    resetToken: setup.reset ? await ownersResetToken() : '',
  };
}

/** Whether the owner's session of the case still answers, and as whom. */
const snapshot = async (c: Ctx) => {
  const res = await call(t.app, 'GET', '/api/sessioncheck', c.cookies.owner);
  return [res.statusCode, res.body];
};

const all = (status: number) => ({ owner: status, stranger: status, anon: status });

const rows: Row[] = [
  {
    // Each caller's own session; nobody signed in: null.
    name: 'GET /sessioncheck',
    method: 'GET',
    url: () => '/api/sessioncheck',
    expect: all(200),
  },
  {
    name: 'POST /auth/logout',
    method: 'POST',
    url: () => '/api/auth/logout',
    expect: all(204),
    mutates: ['owner'],
  },
  {
    // The password is the proof: whoever gives it is the owner, and gets a session of their own.
    name: "POST /auth/login (the owner's password)",
    method: 'POST',
    url: () => '/api/auth/login',
    body: () => ({ login: owner.login, password: owner.password }),
    expect: all(200),
    seenBy: ['owner', 'stranger', 'anon'],
  },
  {
    name: 'POST /auth/login (a wrong password)',
    method: 'POST',
    url: () => '/api/auth/login',
    body: () => ({ login: owner.login, password: `${owner.password}x` }),
    expect: all(401),
  },
  {
    name: "POST /register/request (the owner's login and e-mail)",
    method: 'POST',
    url: () => '/api/register/request',
    body: () => ({ login: owner.login, email: owner.email, password: 'another-pass-1' }),
    expect: all(409),
  },
  {
    name: 'POST /register/verify (no registration pending)',
    method: 'POST',
    url: () => '/api/register/verify?code=123456',
    body: () => ({ login: 'nobody_here', email: 'nobody_here@example.test', password: 'another-pass-1' }),
    expect: all(400),
  },
  {
    // The code goes to the owner's mailbox, never into the answer.
    name: "POST /reset/send-email (the owner's login)",
    method: 'POST',
    url: () => '/api/reset/send-email',
    body: () => ({ emailOrLogin: owner.login }),
    expect: all(200),
  },
  {
    name: 'POST /reset/send-code (a wrong code)',
    method: 'POST',
    url: () => '/api/reset/send-code',
    body: () => ({ resetCode: 'RS-AAAAAAAAAA', emailOrLogin: owner.login }),
    expect: all(404),
  },
  {
    // The token is the proof: it sets the password and ends every session of the owner's.
    name: "POST /reset/new-password (the owner's reset token)",
    method: 'POST',
    url: () => '/api/reset/new-password',
    body: (c) => ({ resetToken: c.resetToken, newPassword: owner.password }),
    setup: { reset: true },
    expect: all(200),
    mutates: WHO,
  },
  {
    name: 'POST /reset/new-password (a made-up token)',
    method: 'POST',
    url: () => '/api/reset/new-password',
    body: () => ({ resetToken: 'a'.repeat(43), newPassword: 'another-pass-1' }),
    expect: all(404),
  },
];

describe('auth routes × callers', () => {
  everyRouteHasARow(() => routesOf(authRoutes(t.app.deps)), rows);

  routeMatrix({
    t: () => t,
    who: WHO,
    rows,
    context,
    cookieOf: (who, c) => (who === 'anon' ? undefined : c.cookies[who]),
    snapshot,
    // A stranger's logout (allowed, and nothing of the owner's) ends the case's own session.
    share: false,
    markers: () => [owner.email],
    defaults: { seenBy: ['owner'] },
    mutatesMust: true,
  });
});
