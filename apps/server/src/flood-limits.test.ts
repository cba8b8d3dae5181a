import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOARD_WRITE_LIMIT } from '@brushline/shared/board/constants';
import type { Board } from '@brushline/shared/board/schemas';
import { tooManyRequestsMessage } from '@brushline/shared/messages';
import { LIKE_LIMIT, POST_LIMITS } from '@brushline/shared/posts/constants';
import type { RateLimit } from '@brushline/shared/rate-limit';
import { TAG_WRITE_LIMIT } from '@brushline/shared/tags/constants';
import { SOCIAL_WRITE_LIMIT } from '@brushline/shared/users/constants';
import { postLikes, posts } from './db/schema/posts.ts';
import { socialLinks } from './db/schema/socials.ts';
import { tags } from './db/schema/tags.ts';
import { saveBody } from './modules/board/board-fixtures.ts';
import { createTestApp, registerUser, type TestApp } from './test/harness.ts';

type User = Awaited<ReturnType<typeof registerUser>>;

let t: TestApp;
let author: User;
let authorPost: number;
beforeAll(async () => {
  t = await createTestApp();
  author = await registerUser(t.app, t.dataDir);
  authorPost = (
    await write(author, 'POST', '/api/post', { postContent: 'Liked a lot', maturity: 'sfw' })
  ).json<{
    id: number;
  }>().id;
});
afterAll(() => t.close());

function write(user: User, method: 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) {
  return t.app.inject({ method, url, headers: { cookie: user.cookie }, ...(payload ? { payload } : {}) });
}

const db = () => t.app.deps.db;
const postsOf = async (u: User) =>
  (await db().select({ n: count() }).from(posts).where(eq(posts.ownerId, u.id)))[0]!.n;
const likesOf = async (u: User) =>
  (await db().select({ n: count() }).from(postLikes).where(eq(postLikes.userId, u.id)))[0]!.n;
const socialTitleOf = async (u: User) =>
  (await db().select({ title: socialLinks.title }).from(socialLinks).where(eq(socialLinks.userId, u.id)))[0]
    ?.title;
const boardOf = async (u: User) =>
  (await t.app.inject({ method: 'GET', url: '/api/board', headers: { cookie: u.cookie } })).json<Board>();
const tagsOf = async (u: User) =>
  (await db().select({ n: count() }).from(tags).where(eq(tags.creatorId, u.id)))[0]!.n;

interface Row {
  name: string;
  limit: RateLimit;
  /** Anything the user needs before writing (e.g. a link to edit). */
  setup?: (u: User) => Promise<void>;
  /** The i-th write of a flood. */
  send: (u: User, i: number) => ReturnType<typeof write>;
  /** What is stored, to show a refused write changed nothing. */
  stored: (u: User) => Promise<unknown>;
}

let linkId = 0;
const rows: Row[] = [
  {
    name: 'posting',
    limit: POST_LIMITS.perMinute,
    send: (u, i) => write(u, 'POST', '/api/post', { postContent: `post ${i}`, maturity: 'sfw' }),
    stored: postsOf,
  },
  {
    name: 'liking',
    limit: LIKE_LIMIT,
    send: (u) => write(u, 'PUT', `/api/post/like/${authorPost}`),
    stored: likesOf,
  },
  {
    name: 'social link writes',
    limit: SOCIAL_WRITE_LIMIT,
    setup: async (u) => {
      // Setting up the link counts as one of the writes.
      const res = await write(u, 'POST', '/api/user/socials/add', { title: 'shop', url: 'https://x.com/a' });
      linkId = res.json<{ id: number }>().id;
    },
    send: (u, i) =>
      write(u, 'PATCH', `/api/user/socials/update/${linkId}`, { title: `shop ${i}`, url: 'https://x.com/a' }),
    stored: socialTitleOf,
  },
  {
    name: 'tag writes',
    limit: TAG_WRITE_LIMIT,
    send: (u, i) => write(u, 'POST', '/api/tag/create', { title: `flood_${u.id.slice(0, 8)}_${i}` }),
    stored: tagsOf,
  },
  {
    name: 'whole-board saves',
    limit: BOARD_WRITE_LIMIT,
    // A personal task to move around; adding it is one of the board's writes.
    setup: async (u) => {
      const board = await boardOf(u);
      const column = board.columns.find((c) => c.systemKey === 'inProgress')!;
      await write(u, 'POST', '/api/board/task', { columnGuid: column.id, title: 'Sketch' });
    },
    // Each save is the whole layout as the app sends it after a drop, from the version just read.
    send: async (u) => write(u, 'PATCH', '/api/board/update', saveBody(await boardOf(u))),
    stored: boardOf,
  },
];

describe('per-user flood limits on writes', () => {
  it.each(rows)(
    '$name: the limit passes, the next write gets 429 with the wait, and nothing changes',
    async (row) => {
      const flooder = await registerUser(t.app, t.dataDir);
      await row.setup?.(flooder);
      const allowed = row.limit.points - (row.setup ? 1 : 0);
      for (let i = 0; i < allowed; i += 1) expect((await row.send(flooder, i)).statusCode).toBe(200);
      const before = await row.stored(flooder);

      const refused = await row.send(flooder, allowed);
      expect(refused.statusCode).toBe(429);
      const wait = Number(refused.headers['retry-after']);
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(row.limit.seconds);
      expect(refused.json()).toEqual({
        error: { code: 'rate_limited', message: tooManyRequestsMessage(wait) },
      });
      expect(await row.stored(flooder)).toEqual(before);

      // The limit is the flooder's alone: someone else writes as usual.
      const bystander = await registerUser(t.app, t.dataDir);
      await row.setup?.(bystander);
      expect((await row.send(bystander, 0)).statusCode).toBe(200);
    },
  );

  it('a refused input costs nothing: invalid posts do not use up the limit', async () => {
    const u = await registerUser(t.app, t.dataDir);
    for (let i = 0; i < POST_LIMITS.perMinute.points * 2; i += 1) {
      expect((await write(u, 'POST', '/api/post', { postContent: '', maturity: 'sfw' })).statusCode).toBe(
        400,
      );
    }
    expect(
      (await write(u, 'POST', '/api/post', { postContent: 'at last', maturity: 'sfw' })).statusCode,
    ).toBe(200);
  });
});
