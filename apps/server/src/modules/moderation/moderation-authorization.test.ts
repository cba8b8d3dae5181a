import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe } from 'vitest';
import { userRoles } from '../../db/schema/users.ts';
import { userSessionsChanged } from '../../platform/session.ts';
import { createTestApp, registerUser, type TestApp } from '../../test/harness.ts';
import { call, type TestUser } from '../../test/kit.ts';
import { everyRouteHasARow, routeMatrix, routesOf, type MatrixRow } from '../../test/route-matrix.ts';
import { moderationRoutes } from './moderation.routes.ts';

/**
 * Every staff route × every kind of caller: "admin" and "moderator" are staff, "member" a
 * signed-in user who is not, "anon" has no session. Each case acts on a target account of its
 * own (the snapshot: its restriction, roles, badges, sessions, notifications and audit entries).
 * Everyone else, signed in or not, gets 404, as if the admin area did not exist; roles, badges and the audit log are
 * admins' only (moderators get 404 too). Only staff answers may carry the target's e-mail.
 */
type Who = 'admin' | 'moderator' | 'member' | 'anon';
const WHO: Who[] = ['member', 'anon', 'moderator', 'admin'];
type Setup = { suspended?: boolean };
interface Ctx {
  target: TestUser;
}
type Row = MatrixRow<Who, Ctx, Setup>;

let t: TestApp;
const users = {} as Record<Exclude<Who, 'anon'>, TestUser>;
beforeAll(async () => {
  t = await createTestApp();
  users.member = await registerUser(t.app, t.dataDir);
  for (const role of ['admin', 'moderator'] as const) {
    users[role] = await registerUser(t.app, t.dataDir);
    await t.app.deps.db.insert(userRoles).values({ userId: users[role].id, role });
    await userSessionsChanged(t.app.deps.bus, users[role].id);
  }
});
afterAll(() => t.close());

async function context(setup: Setup = {}): Promise<Ctx> {
  const target = await registerUser(t.app, t.dataDir);
  if (setup.suspended) {
    const res = await call(t.app, 'POST', `/api/admin/user/${target.login}/suspend`, users.admin.cookie, {
      days: 2,
      reason: 'Set up for the table',
    });
    if (res.statusCode !== 200) throw new Error(`suspend ${res.statusCode}: ${res.body}`);
  }
  return { target };
}

async function snapshot(c: Ctx) {
  const { rows } = await t.app.deps.db.execute(sql`select u.suspended_until::text, u.is_banned, u.is_verified,
      u.is_alpha, array(select r.role::text from user_roles r where r.user_id = u.id order by 1) as roles,
      (select count(*)::int from sessions s where s.user_id = u.id) as sessions,
      (select count(*)::int from notifications n where n.user_id = u.id) as notifications,
      (select count(*)::int from moderation_audit a where a.target_user_id = u.id) as audit
    from users u where u.id = ${c.target.id}`);
  return rows;
}

const staffOnly = { admin: 200, moderator: 200, member: 404, anon: 404 };
const adminOnly = { admin: 200, moderator: 404, member: 404, anon: 404 };
const user = (c: Ctx, action: string) => `/api/admin/user/${c.target.login}/${action}`;

const rows: Row[] = [
  {
    name: 'GET /admin/users',
    method: 'GET',
    url: (c) => `/api/admin/users?q=${c.target.login}`,
    expect: staffOnly,
  },
  {
    name: 'GET /admin/user/{login}',
    method: 'GET',
    url: (c) => `/api/admin/user/${c.target.login}`,
    expect: staffOnly,
  },
  {
    name: 'POST /admin/user/{login}/suspend',
    method: 'POST',
    url: (c) => user(c, 'suspend'),
    body: () => ({ days: 3, reason: 'Spam' }),
    expect: staffOnly,
    mutates: ['admin', 'moderator'],
  },
  {
    name: 'POST /admin/user/{login}/ban',
    method: 'POST',
    url: (c) => user(c, 'ban'),
    body: () => ({ reason: 'Stolen art' }),
    expect: staffOnly,
    mutates: ['admin', 'moderator'],
  },
  {
    name: 'POST /admin/user/{login}/lift',
    method: 'POST',
    url: (c) => user(c, 'lift'),
    body: () => ({ reason: 'Appeal accepted' }),
    setup: { suspended: true },
    expect: staffOnly,
    mutates: ['admin', 'moderator'],
  },
  {
    name: 'POST /admin/user/{login}/warn',
    method: 'POST',
    url: (c) => user(c, 'warn'),
    body: () => ({ message: 'Please tag your posts' }),
    expect: staffOnly,
    mutates: ['admin', 'moderator'],
  },
  {
    name: 'POST /admin/user/{login}/end-sessions',
    method: 'POST',
    url: (c) => user(c, 'end-sessions'),
    expect: staffOnly,
    mutates: ['admin', 'moderator'],
  },
  {
    name: 'POST /admin/user/{login}/role',
    method: 'POST',
    url: (c) => user(c, 'role'),
    body: () => ({ role: 'moderator', granted: true }),
    expect: adminOnly,
    mutates: ['admin'],
  },
  {
    name: 'POST /admin/user/{login}/badge',
    method: 'POST',
    url: (c) => user(c, 'badge'),
    body: () => ({ badge: 'verified', set: true }),
    expect: adminOnly,
    mutates: ['admin'],
  },
  {
    name: 'GET /admin/audit',
    method: 'GET',
    url: (c) => `/api/admin/audit?target=${c.target.login}`,
    expect: adminOnly,
  },
];

describe('moderation routes × callers', () => {
  everyRouteHasARow(() => routesOf(moderationRoutes(t.app.deps)), rows);

  routeMatrix({
    t: () => t,
    who: WHO,
    rows,
    context: (setup) => context(setup),
    cookieOf: (who) => (who === 'anon' ? undefined : users[who].cookie),
    snapshot: (c) => snapshot(c),
    markers: (c) => [c.target.email],
    defaults: { seenBy: ['admin', 'moderator'] },
    mutatesMust: true,
  });
});
