import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe } from 'vitest';
import type { Maturity } from '@brushline/shared/posts/constants';
import type { Post } from '@brushline/shared/posts/schemas';
import { createTestApp, registerUser, type TestApp } from '../../test/harness.ts';
import { uploadImage } from '../../test/media-fixtures.ts';
import { everyRouteHasARow, routeMatrix, routesOf, type MatrixRow } from '../../test/route-matrix.ts';
import { call, type TestUser } from '../../test/kit.ts';
import { registerStaff, showNsfw } from '../tags/tag-fixtures.ts';
import { postsRoutes } from './posts.routes.ts';

/**
 * Every post route × every kind of caller. "owner" wrote the post and displays every maturity,
 * "stranger" is another signed-in user with the default settings (sfw only), "staff" a moderator
 * with the default settings (staff may delete any post), "anon" has no session (sfw only). A post
 * a caller may not see answers 404 like a missing one and never shows in their pages. After every
 * call nobody but the owner (and a liker, a deleting moderator) may make a change with, the owner's
 * view of the post, of their posts and of their notifications is as it was.
 */
type Who = 'owner' | 'stranger' | 'staff' | 'anon';
const WHO: Who[] = ['owner', 'stranger', 'staff', 'anon'];

interface Ctx {
  post: Post;
  text: string;
}
/** liked: the owner, the stranger and the staff member like the post first. */
type Setup = { maturity?: Maturity; liked?: boolean };
type Row = MatrixRow<Who, Ctx, Setup>;

let t: TestApp;
const users = {} as Record<Exclude<Who, 'anon'>, TestUser>;
/** An upload of the owner's made for a post. */
let picture: string;
beforeAll(async () => {
  t = await createTestApp();
  users.owner = await registerUser(t.app, t.dataDir);
  users.stranger = await registerUser(t.app, t.dataDir);
  users.staff = await registerStaff(t);
  await showNsfw(t, users.owner);
  picture = (await uploadImage(t.app, users.owner.cookie, { purpose: 'post' })).id;
});
afterAll(() => t.close());

async function context(setup: Setup = {}): Promise<Ctx> {
  const text = `Post ${randomBytes(4).toString('hex')}`;
  // The table posts far more than a person does.
  await t.app.deps.limits.reset('postPerMinute', users.owner.id);
  await t.app.deps.limits.reset('postPerHour', users.owner.id);
  const res = await call(t.app, 'POST', '/api/post', users.owner.cookie, {
    postContent: text,
    attachedMedia: [],
    maturity: setup.maturity ?? 'sfw',
  });
  if (res.statusCode !== 200) throw new Error(`post ${res.statusCode}: ${res.body}`);
  const post = res.json<Post>();
  if (setup.liked) {
    for (const user of [users.owner, users.stranger, users.staff]) {
      const liked = await call(t.app, 'PUT', `/api/post/like/${post.id}`, user.cookie);
      if (liked.statusCode !== 200) throw new Error(`like ${liked.statusCode}: ${liked.body}`);
    }
  }
  return { post, text };
}

/** The owner's view: the post (likes included), their posts, their notifications (likes notify). */
async function snapshot(c: Ctx) {
  const get = async (url: string) => {
    const res = await call(t.app, 'GET', url, users.owner.cookie);
    return [res.statusCode, res.body];
  };
  return [
    await get(`/api/post/${c.post.id}`),
    await get(`/api/posts/filter?owner=${users.owner.login}`),
    await get('/api/notifications'),
  ];
}

const signedIn = { owner: 200, stranger: 200, staff: 200, anon: 401 };
const everyone = { owner: 200, stranger: 200, staff: 200, anon: 200 };
const seenByOwner = { owner: 200, stranger: 404, staff: 404, anon: 404 };

const rows: Row[] = [
  {
    name: 'POST /post',
    method: 'POST',
    url: () => '/api/post',
    body: () => ({ postContent: 'Hello', attachedMedia: [], maturity: 'sfw' }),
    expect: signedIn,
    mutates: ['owner', 'stranger', 'staff'],
  },
  {
    // Someone else's upload answers 404 and no post is made.
    name: "POST /post (the owner's picture)",
    method: 'POST',
    url: () => '/api/post',
    body: () => ({ postContent: 'Mine now', attachedMedia: [picture], maturity: 'sfw' }),
    expect: { owner: 200, stranger: 404, staff: 404, anon: 401 },
    mutates: ['owner'],
  },
  {
    name: 'GET /posts/filter (sfw post)',
    method: 'GET',
    url: () => `/api/posts/filter?owner=${users.owner.login}`,
    expect: everyone,
    seenBy: WHO,
  },
  ...(['questionable', 'nsfw'] as const).flatMap((maturity): Row[] => [
    {
      name: `GET /posts/filter (${maturity} post, the owner's posts)`,
      method: 'GET',
      url: () => `/api/posts/filter?owner=${users.owner.login}`,
      setup: { maturity },
      expect: everyone,
      seenBy: ['owner'],
    },
    {
      // Pages are cached per set of maturities, shared by every reader with the same set.
      name: `GET /posts/filter (${maturity} post, the whole feed)`,
      method: 'GET',
      url: () => '/api/posts/filter',
      setup: { maturity },
      expect: everyone,
      seenBy: ['owner'],
    },
    {
      name: `GET /post/{id} (${maturity} post)`,
      method: 'GET',
      url: (c) => `/api/post/${c.post.id}`,
      setup: { maturity },
      expect: seenByOwner,
      seenBy: ['owner'],
    },
  ]),
  {
    name: 'GET /post/{id} (sfw post)',
    method: 'GET',
    url: (c) => `/api/post/${c.post.id}`,
    expect: everyone,
    seenBy: WHO,
  },
  {
    name: 'PUT /post/like/{id}',
    method: 'PUT',
    url: (c) => `/api/post/like/${c.post.id}`,
    expect: signedIn,
    mutates: ['owner', 'stranger', 'staff'],
  },
  {
    name: 'PUT /post/like/{id} (liked by the caller: unlike)',
    method: 'PUT',
    url: (c) => `/api/post/like/${c.post.id}`,
    setup: { liked: true },
    expect: signedIn,
    mutates: ['owner', 'stranger', 'staff'],
  },
  {
    name: 'PUT /post/like/{id} (nsfw post)',
    method: 'PUT',
    url: (c) => `/api/post/like/${c.post.id}`,
    setup: { maturity: 'nsfw' },
    expect: { ...seenByOwner, anon: 401 },
    mutates: ['owner'],
  },
  {
    name: 'DELETE /post/delete/{id}',
    method: 'DELETE',
    url: (c) => `/api/post/delete/${c.post.id}`,
    expect: { owner: 200, stranger: 404, staff: 200, anon: 401 },
    mutates: ['owner', 'staff'],
  },
  {
    // Staff moderate every post, also those their own settings do not display.
    name: 'DELETE /post/delete/{id} (nsfw post)',
    method: 'DELETE',
    url: (c) => `/api/post/delete/${c.post.id}`,
    setup: { maturity: 'nsfw' },
    expect: { owner: 200, stranger: 404, staff: 200, anon: 401 },
    mutates: ['owner', 'staff'],
  },
];

describe('post routes × callers', () => {
  everyRouteHasARow(() => routesOf(postsRoutes(t.app.deps)), rows);

  routeMatrix({
    t: () => t,
    who: WHO,
    rows,
    context,
    cookieOf: (who) => (who === 'anon' ? undefined : users[who].cookie),
    snapshot,
    markers: (c) => [c.text],
  });
});
