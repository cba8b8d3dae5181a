import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe } from 'vitest';
import type { Post } from '@brushline/shared/posts/schemas';
import { userRoles } from '../../db/schema/users.ts';
import { userSessionsChanged } from '../../platform/session.ts';
import { createTestApp, registerUser, type TestApp } from '../../test/harness.ts';
import { call, type TestUser } from '../../test/kit.ts';
import { everyRouteHasARow, routeMatrix, routesOf, type MatrixRow } from '../../test/route-matrix.ts';
import { reportsRoutes } from './reports.routes.ts';

/**
 * The report route and the staff queue's routes × every kind of caller: "admin" and "moderator"
 * are staff, "member" a signed-in user who is not (and not the reported post's owner), "anon" has
 * no session. Each case has a post of its own, reported once by a fourth user, so its case is open.
 * Anyone signed in may report; the queue is staff's (404 to everyone else, signed in or not). Only
 * staff answers may carry the reporter's comment.
 */
type Who = 'admin' | 'moderator' | 'member' | 'anon';
const WHO: Who[] = ['member', 'anon', 'moderator', 'admin'];
interface Ctx {
  post: Post;
  caseId: number;
  comment: string;
}
type Row = MatrixRow<Who, Ctx>;

let t: TestApp;
let owner: TestUser;
let reporter: TestUser;
const users = {} as Record<Exclude<Who, 'anon'>, TestUser>;
beforeAll(async () => {
  t = await createTestApp();
  owner = await registerUser(t.app, t.dataDir);
  reporter = await registerUser(t.app, t.dataDir);
  users.member = await registerUser(t.app, t.dataDir);
  for (const role of ['admin', 'moderator'] as const) {
    users[role] = await registerUser(t.app, t.dataDir);
    await t.app.deps.db.insert(userRoles).values({ userId: users[role].id, role });
    await userSessionsChanged(t.app.deps.bus, users[role].id);
  }
});
afterAll(() => t.close());

async function context(): Promise<Ctx> {
  const comment = `Comment ${randomBytes(4).toString('hex')}`;
  await t.app.deps.limits.reset('postPerMinute', owner.id);
  await t.app.deps.limits.reset('postPerHour', owner.id);
  const posted = await call(t.app, 'POST', '/api/post', owner.cookie, {
    postContent: 'Reported',
    maturity: 'sfw',
  });
  if (posted.statusCode !== 200) throw new Error(`post ${posted.statusCode}: ${posted.body}`);
  const post = posted.json<Post>();
  // The table reports far more than a person does.
  for (const u of [reporter, ...Object.values(users)]) await t.app.deps.limits.reset('reportUser', u.id);
  const res = await call(t.app, 'POST', '/api/report', reporter.cookie, {
    targetKind: 'post',
    targetId: String(post.id),
    reason: 'spam',
    comment,
  });
  if (res.statusCode !== 200) throw new Error(`report ${res.statusCode}: ${res.body}`);
  const { rows } = await t.app.deps.db.execute<{ id: number }>(
    sql`select id from moderation_cases where target_kind = 'post' and target_id = ${String(post.id)}`,
  );
  return { post, caseId: Number(rows[0]!.id), comment };
}

async function snapshot(c: Ctx) {
  const { rows } = await t.app.deps.db.execute(sql`select c.status, c.assignee_id, c.resolution,
      (select count(*)::int from reports r where r.case_id = c.id) as reports,
      (select count(*)::int from case_notes n where n.case_id = c.id) as notes,
      (select p.hidden_at is not null from posts p where p.id = ${c.post.id}) as hidden
    from moderation_cases c where c.id = ${c.caseId}`);
  return rows;
}

const staffOnly = { admin: 200, moderator: 200, member: 404, anon: 404 };
const staff: Who[] = ['admin', 'moderator'];

const rows: Row[] = [
  {
    name: 'POST /report',
    method: 'POST',
    url: () => '/api/report',
    body: (c) => ({ targetKind: 'post', targetId: String(c.post.id), reason: 'harassment' }),
    expect: { admin: 200, moderator: 200, member: 200, anon: 401 },
    mutates: ['admin', 'moderator', 'member'],
  },
  { name: 'GET /admin/cases', method: 'GET', url: () => '/api/admin/cases', expect: staffOnly },
  {
    name: 'GET /admin/case/{id}',
    method: 'GET',
    url: (c) => `/api/admin/case/${c.caseId}`,
    expect: staffOnly,
  },
  {
    name: 'POST /admin/case/{id}/assign',
    method: 'POST',
    url: (c) => `/api/admin/case/${c.caseId}/assign`,
    body: () => ({ assignToMe: true }),
    expect: staffOnly,
    mutates: staff,
  },
  {
    name: 'POST /admin/case/{id}/note',
    method: 'POST',
    url: (c) => `/api/admin/case/${c.caseId}/note`,
    body: () => ({ text: 'Looking into it' }),
    expect: staffOnly,
    mutates: staff,
  },
  {
    name: 'POST /admin/case/{id}/close',
    method: 'POST',
    url: (c) => `/api/admin/case/${c.caseId}/close`,
    body: () => ({ outcome: 'hide', resolution: 'Spam' }),
    expect: staffOnly,
    mutates: staff,
  },
];

describe('report routes × callers', () => {
  everyRouteHasARow(() => routesOf(reportsRoutes(t.app.deps)), rows);

  routeMatrix({
    t: () => t,
    who: WHO,
    rows,
    context: () => context(),
    cookieOf: (who) => (who === 'anon' ? undefined : users[who].cookie),
    snapshot: (c) => snapshot(c),
    markers: (c) => [c.comment],
    defaults: { seenBy: staff },
    mutatesMust: true,
  });
});
