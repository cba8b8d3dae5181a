import { serializerCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Maturity } from '@brushline/shared/posts/constants';
import { postPageSchema, type LikeState, type Post, type PostPage } from '@brushline/shared/posts/schemas';
import { createTestApp, nextBusMessage, registerUser, type TestApp } from '../../test/harness.ts';
import { uploadImage } from '../../test/media-fixtures.ts';
import { grantRole } from '../users/users.repo.ts';
import { SESSION_TOPIC } from '../../platform/session.ts';
import { FEED_TOPIC } from './feed-page-cache.ts';

// Feed pages are shared by every reader who may see the same maturities, anonymous visitors
// included, and kept for 2 s (docs/decisions/0006-feed-speed.md). Each test reads the page first,
// so the answer it then checks comes from a warm cache, not from the database.

type App = TestApp['app'];
type U = Awaited<ReturnType<typeof registerUser>>;
let t: TestApp;
let author: U;
let liker: U;
let other: U;

const publish = async (app: App, u: U, postContent: string, maturity: Maturity = 'sfw') => {
  const res = await app.inject({
    method: 'POST',
    url: '/api/post',
    headers: { cookie: u.cookie },
    payload: { postContent, maturity },
  });
  expect(res.statusCode).toBe(200);
  return res.json<Post>();
};

async function page1(app: App, cookie?: string): Promise<PostPage> {
  const res = await app.inject({ url: '/api/posts/filter?page=1', headers: cookie ? { cookie } : {} });
  expect(res.statusCode).toBe(200);
  return res.json<PostPage>();
}

const card = async (app: App, id: number, cookie?: string) =>
  (await page1(app, cookie)).items.find((p) => p.id === id);

const like = async (app: App, u: U, id: number) => {
  const res = await app.inject({ method: 'PUT', url: `/api/post/like/${id}`, headers: { cookie: u.cookie } });
  expect(res.statusCode).toBe(200);
  return res.json<LikeState>();
};

const setMaturities = async (app: App, u: U, displayQuestionable: boolean, displayNSFW: boolean) => {
  const res = await app.inject({
    method: 'PATCH',
    url: `/api/user/update/settings/id/${u.id}`,
    headers: { cookie: u.cookie },
    payload: { displayNSFW, displayQuestionable, isArtist: false },
  });
  expect(res.statusCode).toBe(200);
};

beforeAll(async () => {
  t = await createTestApp();
  [author, liker, other] = [
    await registerUser(t.app, t.dataDir),
    await registerUser(t.app, t.dataDir),
    await registerUser(t.app, t.dataDir),
  ];
});
afterAll(() => t.close());

describe('shared feed pages', () => {
  it('a reader’s own like is in their next page at once; other readers never get it as theirs', async () => {
    const post = await publish(t.app, author, 'like me');
    for (const cookie of [liker.cookie, other.cookie, undefined])
      expect(await card(t.app, post.id, cookie)).toMatchObject({ totalLikes: 0, likedByMe: false });

    expect(await like(t.app, liker, post.id)).toEqual({ totalLikes: 1, likedByMe: true });
    expect(await card(t.app, post.id, liker.cookie)).toMatchObject({ totalLikes: 1, likedByMe: true });
    expect(await card(t.app, post.id, other.cookie)).toMatchObject({ totalLikes: 1, likedByMe: false });
    expect(await card(t.app, post.id)).toMatchObject({ totalLikes: 1, likedByMe: false });

    expect(await like(t.app, liker, post.id)).toEqual({ totalLikes: 0, likedByMe: false });
    expect(await card(t.app, post.id, liker.cookie)).toMatchObject({ totalLikes: 0, likedByMe: false });
  });

  it('maturity settings take effect on the next page, and never leak into other readers’ pages', async () => {
    const hidden = await publish(t.app, author, 'questionable', 'questionable');
    const nsfw = await publish(t.app, author, 'nsfw', 'nsfw');
    const ids = async (cookie?: string) => (await page1(t.app, cookie)).items.map((p) => p.id);
    expect(await ids(other.cookie)).not.toContain(hidden.id);

    await setMaturities(t.app, other, true, false);
    expect(await ids(other.cookie)).toContain(hidden.id);
    expect(await ids(other.cookie)).not.toContain(nsfw.id);
    expect(await ids(liker.cookie)).not.toContain(hidden.id);
    expect(await ids()).not.toContain(hidden.id);

    await setMaturities(t.app, other, false, true);
    expect(await ids(other.cookie)).toContain(nsfw.id);
    expect(await ids(other.cookie)).not.toContain(hidden.id);

    await setMaturities(t.app, other, false, false);
    const sfwOnly = await ids(other.cookie);
    expect(sfwOnly).not.toContain(hidden.id);
    expect(sfwOnly).not.toContain(nsfw.id);
  });
});

describe('authors on cached pages', () => {
  it('a profile edit shows in the next page at once', async () => {
    const post = await publish(t.app, author, 'who wrote this?');
    expect((await card(t.app, post.id, author.cookie))!.owner.displayName).toBe(author.login);
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/user/profile',
      headers: { cookie: author.cookie },
      payload: { displayName: 'Renamed Author' },
    });
    expect(res.statusCode).toBe(200);
    for (const cookie of [author.cookie, other.cookie, undefined])
      expect((await card(t.app, post.id, cookie))!.owner.displayName).toBe('Renamed Author');
  });
});

describe('the feed’s JSON', () => {
  it('is written exactly as the zod serializer would write it, likes, media and badges included', async () => {
    await grantRole(t.app.deps.db, author.id, 'artist');
    const images = [await uploadImage(t.app, author.cookie), await uploadImage(t.app, author.cookie)];
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/post',
      headers: { cookie: author.cookie },
      payload: { postContent: 'with pictures', attachedMedia: images.map((m) => m.id), maturity: 'sfw' },
    });
    const post = res.json<Post>();
    await like(t.app, liker, post.id);
    const zod = serializerCompiler({ schema: postPageSchema, method: 'GET', url: '/api/posts/filter' });
    for (const query of ['?page=1', `?cursor=${post.id + 1}&owner=${author.login}`, '?page=999']) {
      const page = await t.app.inject({
        url: `/api/posts/filter${query}`,
        headers: { cookie: liker.cookie },
      });
      expect(page.statusCode).toBe(200);
      expect(page.body).toBe(zod(page.json()));
    }
    const liked = (await page1(t.app, liker.cookie)).items[0]!;
    expect(liked).toMatchObject({ id: post.id, likedByMe: true, owner: { badges: ['artist'] } });
    expect(liked.attachedMedia.map((m) => m.id)).toEqual(images.map((m) => m.id));
    // Refusals still go through the zod serializer, in the one error shape.
    const bad = await t.app.inject({ url: '/api/posts/filter?page=0' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ error: { code: string } }>().error.code).toBe('validation_error');
  });
});

describe.skipIf(!process.env.REDIS_URL)('shared feed pages on two instances sharing Redis', () => {
  let b: TestApp;
  beforeAll(async () => {
    b = await createTestApp({}, t.app.database);
  });
  afterAll(() => b.close());

  it('a like served by instance A is in the liker’s next page on instance B, count included', async () => {
    const post = await publish(t.app, author, 'liked across instances');
    expect(await card(b.app, post.id, liker.cookie)).toMatchObject({ totalLikes: 0, likedByMe: false });
    const heard = nextBusMessage(b.app, FEED_TOPIC);
    await like(t.app, liker, post.id);
    await heard;
    expect(await card(b.app, post.id, liker.cookie)).toMatchObject({ totalLikes: 1, likedByMe: true });
    expect(await card(b.app, post.id, other.cookie)).toMatchObject({ totalLikes: 1, likedByMe: false });
  });

  it('a post published or deleted on instance A shows in the author’s next page on instance B', async () => {
    await page1(b.app, author.cookie);
    let heard = nextBusMessage(b.app, FEED_TOPIC);
    const post = await publish(t.app, author, 'fresh on every instance');
    await heard;
    expect((await page1(b.app, author.cookie)).items[0]!.id).toBe(post.id);

    heard = nextBusMessage(b.app, FEED_TOPIC);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/post/delete/${post.id}`,
      headers: { cookie: author.cookie },
    });
    expect(del.statusCode).toBe(200);
    await heard;
    expect((await page1(b.app, author.cookie)).items.map((p) => p.id)).not.toContain(post.id);
  });

  it('maturity settings changed on instance A take effect on the next page from instance B', async () => {
    const hidden = await publish(t.app, author, 'questionable across instances', 'questionable');
    expect((await page1(b.app, other.cookie)).items.map((p) => p.id)).not.toContain(hidden.id);
    const heard = nextBusMessage(b.app, SESSION_TOPIC);
    await setMaturities(t.app, other, true, false);
    await heard;
    expect((await page1(b.app, other.cookie)).items.map((p) => p.id)).toContain(hidden.id);
    await setMaturities(t.app, other, false, false);
  });
});
