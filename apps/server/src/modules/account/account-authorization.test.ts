import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe } from 'vitest';
import { createTestApp, registerUser, type TestApp } from '../../test/harness.ts';
import { call, registerWithRole, type TestUser } from '../../test/kit.ts';
import { everyRouteHasARow, routeMatrix, routesOf, type MatrixRow } from '../../test/route-matrix.ts';
import { mailedLink } from './account-fixtures.ts';
import { accountRoutes } from './account.routes.ts';

/**
 * The account routes × every kind of caller (decision 0024): the owner of the data, someone else
 * signed in, a moderator, an admin, and nobody. Each context has an owner of its own with a ready
 * export (its mailed link), so a case that deletes or exports uses up nobody else's.
 */
type Who = 'owner' | 'other' | 'moderator' | 'admin' | 'anon';
const WHO: Who[] = ['anon', 'other', 'moderator', 'admin', 'owner'];
interface Ctx {
  owner: TestUser;
  token: string;
}
type Row = MatrixRow<Who, Ctx>;

let t: TestApp;
const staff = {} as Record<'other' | 'moderator' | 'admin', TestUser>;
beforeAll(async () => {
  t = await createTestApp({}, undefined, { jobPollMs: 3_600_000 });
  staff.other = await registerUser(t.app, t.dataDir);
  staff.moderator = await registerWithRole(t, 'moderator');
  staff.admin = await registerWithRole(t, 'admin');
});
afterAll(() => t.close());

async function context(): Promise<Ctx> {
  const owner = await registerUser(t.app, t.dataDir);
  const res = await call(t.app, 'POST', '/api/account/export', owner.cookie);
  if (res.statusCode !== 202) throw new Error(`export ${res.statusCode}: ${res.body}`);
  const token = await mailedLink(t, owner);
  // A fresh request is allowed again (the limit is the owner's; this one is the fixture's).
  await t.app.deps.db.execute(
    sql`update account_exports set created_at = now() - interval '2 days' where user_id = ${owner.id}`,
  );
  return { owner, token };
}

async function snapshot(c: Ctx) {
  const { rows } = await t.app.deps.db.execute(sql`select
    (select login from users where id = ${c.owner.id}) as login,
    (select deleted_at from users where id = ${c.owner.id}) as deleted_at,
    (select count(*)::int from sessions where user_id = ${c.owner.id}) as sessions,
    (select json_agg(status order by created_at) from account_exports where user_id = ${c.owner.id}) as exports,
    (select count(*)::int from moderation_audit where target_user_id = ${c.owner.id}) as audit`);
  return rows[0];
}

const reason = () => ({ reason: 'Asked by e-mail' });
const rows: Row[] = [
  {
    name: 'GET /account/export',
    method: 'GET',
    url: () => '/api/account/export',
    expect: { owner: 200, other: 200, moderator: 200, admin: 200, anon: 401 },
  },
  {
    name: 'POST /account/export',
    method: 'POST',
    url: () => '/api/account/export',
    // Everyone signed in asks for their own; only the owner's changes the owner's data.
    expect: { owner: 202, other: 202, moderator: 202, admin: 202, anon: 401 },
    mutates: ['owner'],
  },
  {
    name: 'GET /account/export/{token}',
    method: 'GET',
    url: (c) => `/api/account/export/${c.token}`,
    expect: { owner: 200, other: 404, moderator: 404, admin: 404, anon: 401 },
  },
  {
    name: 'GET /account/export/{token}/info',
    method: 'GET',
    url: (c) => `/api/account/export/${c.token}/info`,
    expect: { owner: 200, other: 404, moderator: 404, admin: 404, anon: 401 },
  },
  {
    name: 'POST /account/delete',
    method: 'POST',
    url: () => '/api/account/delete',
    body: (c) => ({ password: c.owner.password, login: c.owner.login }),
    // Another caller with the owner's words deletes nothing: the login is not theirs.
    expect: { owner: 200, other: 400, moderator: 400, admin: 400, anon: 401 },
    mutates: ['owner'],
  },
  {
    name: 'GET /admin/user/{login}/export',
    method: 'GET',
    url: (c) => `/api/admin/user/${c.owner.login}/export`,
    expect: { owner: 404, other: 404, moderator: 200, admin: 200, anon: 404 },
  },
  {
    name: 'POST /admin/user/{login}/export',
    method: 'POST',
    url: (c) => `/api/admin/user/${c.owner.login}/export`,
    body: reason,
    expect: { owner: 404, other: 404, moderator: 202, admin: 202, anon: 404 },
    mutates: ['moderator', 'admin'],
  },
  {
    name: 'POST /admin/user/{login}/delete',
    method: 'POST',
    url: (c) => `/api/admin/user/${c.owner.login}/delete`,
    body: reason,
    expect: { owner: 404, other: 404, moderator: 404, admin: 200, anon: 404 },
    mutates: ['admin'],
  },
];

describe('account routes × callers', () => {
  everyRouteHasARow(() => routesOf(accountRoutes(t.app.deps)), rows);

  routeMatrix({
    t: () => t,
    who: WHO,
    rows,
    context: () => context(),
    cookieOf: (who, c) => (who === 'anon' ? undefined : who === 'owner' ? c.owner.cookie : staff[who].cookie),
    snapshot: (c) => snapshot(c),
    mutatesMust: true,
  });
});
