import { afterAll, beforeAll, describe } from 'vitest';
import { createTestApp, registerUser, type TestApp } from '../../test/harness.ts';
import { everyRouteHasARow, routeMatrix, routesOf, type MatrixRow } from '../../test/route-matrix.ts';
import type { TestUser } from '../../test/kit.ts';
import { siteRoutes } from './site.routes.ts';

/**
 * The site's routes × a signed-in user and an anonymous visitor: both are public and answer
 * everyone the same, and neither changes anything.
 */
type Who = 'user' | 'anon';
type Row = MatrixRow<Who, null>;

let t: TestApp;
let user: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  user = await registerUser(t.app, t.dataDir);
});
afterAll(() => t.close());

const rows: Row[] = [
  { name: 'GET /health', method: 'GET', url: () => '/api/health', expect: { user: 200, anon: 200 } },
  { name: 'GET /ready', method: 'GET', url: () => '/api/ready', expect: { user: 200, anon: 200 } },
  { name: 'GET /site', method: 'GET', url: () => '/api/site', expect: { user: 200, anon: 200 } },
];

describe('site routes × callers', () => {
  everyRouteHasARow(() => routesOf(siteRoutes(t.app.deps)), rows);

  routeMatrix({
    t: () => t,
    who: ['user', 'anon'],
    rows,
    context: async () => null,
    cookieOf: (who) => (who === 'user' ? user.cookie : undefined),
    // Whoever asks, the same public facts.
    snapshot: async () => (await t.app.inject({ url: '/api/site' })).body,
  });
});
