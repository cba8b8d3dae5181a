import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe } from 'vitest';
import { createTestApp, registerUser, type TestApp } from '../../test/harness.ts';
import { call, registerArtist, type TestUser } from '../../test/kit.ts';
import { everyRouteHasARow, routeMatrix, routesOf, type MatrixRow } from '../../test/route-matrix.ts';
import { reviewsRoutes } from './reviews.routes.ts';

/**
 * The review routes × every kind of caller (decision 0023): the order's artist and buyer, someone
 * else signed in, and nobody. Each case has a done order of its own in which the buyer has reviewed
 * the artist, so the artist may still review and answer, the buyer may do neither.
 */
type Who = 'artist' | 'buyer' | 'stranger' | 'anon';
const WHO: Who[] = ['stranger', 'anon', 'buyer', 'artist'];
interface Ctx {
  formId: number;
  reviewId: string;
}
type Row = MatrixRow<Who, Ctx>;

let t: TestApp;
const users = {} as Record<Exclude<Who, 'anon'>, TestUser>;
beforeAll(async () => {
  t = await createTestApp();
  users.artist = await registerArtist(t);
  users.buyer = await registerUser(t.app, t.dataDir);
  users.stranger = await registerUser(t.app, t.dataDir);
});
afterAll(() => t.close());

async function context(): Promise<Ctx> {
  const { rows } = await t.app.deps.db.execute<{ id: number }>(sql`
    with f as (
      insert into commission_forms (card_title, artist_id, sender_id, total_price_cents)
      values ('Portrait', ${users.artist.id}, ${users.buyer.id}, 2000) returning id)
    insert into commission_tasks (form_id, status, done_at) select id, 'done', now() from f
    returning form_id as id`);
  const formId = Number(rows[0]!.id);
  const res = await call(t.app, 'POST', `/api/order/${formId}/review`, users.buyer.cookie, { stars: 4 });
  if (res.statusCode !== 200) throw new Error(`review ${res.statusCode}: ${res.body}`);
  return { formId, reviewId: res.json<{ review: { id: string } }>().review.id };
}

async function snapshot(c: Ctx) {
  const { rows } = await t.app.deps.db.execute(sql`select author_id, stars, text, answer, hidden_at
    from reviews where form_id = ${c.formId} order by created_at`);
  return rows;
}

const rows: Row[] = [
  {
    name: 'GET /order/{id}/reviews',
    method: 'GET',
    url: (c) => `/api/order/${c.formId}/reviews`,
    expect: { artist: 200, buyer: 200, stranger: 404, anon: 401 },
  },
  {
    name: 'POST /order/{id}/review',
    method: 'POST',
    url: (c) => `/api/order/${c.formId}/review`,
    body: () => ({ stars: 5, text: 'A clear brief' }),
    expect: { artist: 200, buyer: 409, stranger: 404, anon: 401 },
    mutates: ['artist'],
  },
  {
    name: 'POST /review/{id}/answer',
    method: 'POST',
    url: (c) => `/api/review/${c.reviewId}/answer`,
    body: () => ({ text: 'Thank you' }),
    expect: { artist: 200, buyer: 404, stranger: 404, anon: 401 },
    mutates: ['artist'],
  },
  {
    name: 'GET /reviews/user/{login}',
    method: 'GET',
    url: () => `/api/reviews/user/${users.artist.login}`,
    expect: { artist: 200, buyer: 200, stranger: 200, anon: 200 },
  },
  {
    name: 'GET /reputation/{login}',
    method: 'GET',
    url: () => `/api/reputation/${users.artist.login}`,
    expect: { artist: 200, buyer: 200, stranger: 200, anon: 200 },
  },
];

describe('review routes × callers', () => {
  everyRouteHasARow(() => routesOf(reviewsRoutes(t.app.deps)), rows);

  routeMatrix({
    t: () => t,
    who: WHO,
    rows,
    context: () => context(),
    cookieOf: (who) => (who === 'anon' ? undefined : users[who].cookie),
    snapshot: (c) => snapshot(c),
    mutatesMust: true,
  });
});
