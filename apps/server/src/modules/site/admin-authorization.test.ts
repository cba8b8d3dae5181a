import { afterAll, beforeAll, describe } from 'vitest';
import { createTestApp, registerUser, type TestApp } from '../../test/harness.ts';
import { everyRouteHasARow, routeMatrix, routesOf, type MatrixRow } from '../../test/route-matrix.ts';
import type { TestUser } from '../../test/kit.ts';
import { registerStaff } from '../tags/tag-fixtures.ts';
import { adminRoutes } from './admin.routes.ts';

/**
 * The staff's operations routes × a moderator, a signed-in user and an anonymous visitor: only
 * staff are answered; to anyone else the path does not exist (404). Nothing changes either way.
 */
type Who = 'staff' | 'user' | 'anon';
type Row = MatrixRow<Who, null>;

let t: TestApp;
let staff: TestUser;
let user: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  staff = await registerStaff(t);
  user = await registerUser(t.app, t.dataDir);
});
afterAll(() => t.close());

const rows: Row[] = [
  {
    name: 'GET /admin/jobs',
    method: 'GET',
    url: () => '/api/admin/jobs',
    expect: { staff: 200, user: 404, anon: 404 },
  },
];

describe('admin routes × callers', () => {
  everyRouteHasARow(() => routesOf(adminRoutes(t.app.deps)), rows);

  routeMatrix({
    t: () => t,
    who: ['staff', 'user', 'anon'],
    rows,
    context: async () => null,
    cookieOf: (who) => (who === 'staff' ? staff.cookie : who === 'user' ? user.cookie : undefined),
    snapshot: async () => JSON.stringify(await t.app.deps.jobs.counts()),
    // The queues' names are what only staff are shown.
    markers: () => ['order-timers'],
    defaults: { seenBy: ['staff'] },
  });
});
