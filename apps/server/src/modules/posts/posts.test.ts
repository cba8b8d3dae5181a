import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@brushline/shared/messages';
import { POST_MEDIA_MAX, POST_TEXT_MAX } from '@brushline/shared/posts/constants';
import {
  postDuplicateMedia,
  postEmpty,
  postTextTooLong,
  postTooManyMedia,
} from '@brushline/shared/posts/messages';
import type { Post } from '@brushline/shared/posts/schemas';
import { postMedia, posts } from '../../db/schema/posts.ts';
import { createTestApp, registerUser, type TestApp } from '../../test/harness.ts';
import { uploadImage } from '../../test/media-fixtures.ts';
import { grantRole } from '../users/users.repo.ts';

let t: TestApp;
let ann: Awaited<ReturnType<typeof registerUser>>;
let bob: Awaited<ReturnType<typeof registerUser>>;
let mod: Awaited<ReturnType<typeof registerUser>>;
beforeAll(async () => {
  t = await createTestApp();
  ann = await registerUser(t.app, t.dataDir);
  bob = await registerUser(t.app, t.dataDir);
  mod = await registerUser(t.app, t.dataDir);
  await grantRole(t.app.deps.db, mod.id, 'moderator');
});
afterAll(() => t.close());

const publish = (cookie: string | undefined, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/post', headers: cookie ? { cookie } : {}, payload });

async function storedCounts() {
  const db = t.app.deps.db;
  const [p] = await db.select({ n: count() }).from(posts);
  const [m] = await db.select({ n: count() }).from(postMedia);
  return { posts: p!.n, media: m!.n };
}

/** Answers the refusal and checks that nothing was stored by it. */
async function expectRefused(cookie: string, payload: Record<string, unknown>, status: number) {
  const before = await storedCounts();
  const res = await publish(cookie, payload);
  expect(res.statusCode).toBe(status);
  expect(await storedCounts()).toEqual(before);
  return res.json<{ error: { code: string; message: string } }>().error;
}

describe('POST /api/post', () => {
  it('publishes a text post and answers it as a feed card shows it', async () => {
    const res = await publish(ann.cookie, { postContent: 'First line\nsecond line', maturity: 'sfw' });
    expect(res.statusCode).toBe(200);
    const post = res.json<Post>();
    expect(post).toMatchObject({
      ownerId: ann.id,
      owner: { login: ann.login, displayName: ann.login, avatarMiniatureUrl: null, badges: [] },
      postContent: 'First line\nsecond line',
      attachedMedia: [],
      maturity: 'sfw',
      totalLikes: 0,
      likedByMe: false,
    });
    expect(Date.now() - Date.parse(post.createdAt)).toBeLessThan(60_000);
  });

  it('accepts exactly 1200 characters and refuses 1201, storing nothing', async () => {
    const ok = await publish(ann.cookie, { postContent: 'a'.repeat(POST_TEXT_MAX), maturity: 'sfw' });
    expect(ok.statusCode).toBe(200);
    const error = await expectRefused(
      ann.cookie,
      { postContent: 'a'.repeat(POST_TEXT_MAX + 1), maturity: 'sfw' },
      400,
    );
    expect(error.message).toBe(postTextTooLong);
  });

  it('refuses a post with neither text nor media (blank text counts as none)', async () => {
    expect((await expectRefused(ann.cookie, { postContent: '', maturity: 'sfw' }, 400)).message).toBe(
      postEmpty,
    );
    expect((await expectRefused(ann.cookie, { postContent: ' \n\t', maturity: 'sfw' }, 400)).message).toBe(
      postEmpty,
    );
    expect((await expectRefused(ann.cookie, { maturity: 'sfw', attachedMedia: [] }, 400)).message).toBe(
      postEmpty,
    );
  });

  it('refuses an unknown maturity and anonymous posting', async () => {
    expect((await expectRefused(ann.cookie, { postContent: 'hi', maturity: 'spicy' }, 400)).code).toBe(
      'validation_error',
    );
    const before = await storedCounts();
    const res = await publish(undefined, { postContent: 'hi', maturity: 'sfw' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe(messages.unauthorized);
    expect(await storedCounts()).toEqual(before);
  });

  it('attaches up to 10 of the poster’s images in the order given', async () => {
    const uploaded = [];
    for (let i = 0; i < POST_MEDIA_MAX; i += 1) uploaded.push(await uploadImage(t.app, ann.cookie));
    const ids = uploaded.map((m) => m.id).reverse();
    const res = await publish(ann.cookie, { attachedMedia: ids, maturity: 'questionable' });
    expect(res.statusCode).toBe(200);
    const post = res.json<Post>();
    expect(post.postContent).toBe('');
    expect(post.maturity).toBe('questionable');
    expect(post.attachedMedia.map((m) => m.id)).toEqual(ids);
    expect(post.attachedMedia[0]).toMatchObject({
      url: `/api/media/${ids[0]}/full`,
      miniatureUrl: `/api/media/${ids[0]}/miniature`,
      purpose: 'post',
    });

    const eleventh = await uploadImage(t.app, ann.cookie);
    const error = await expectRefused(
      ann.cookie,
      { attachedMedia: [...ids, eleventh.id], postContent: 'too many', maturity: 'sfw' },
      400,
    );
    expect(error.message).toBe(postTooManyMedia);
  });

  it('refuses someone else’s, unknown, repeated and non-post media, storing nothing', async () => {
    const mine = await uploadImage(t.app, ann.cookie);
    const bobs = await uploadImage(t.app, bob.cookie);
    const avatar = await uploadImage(t.app, ann.cookie, { purpose: 'avatar' });
    await expectRefused(ann.cookie, { attachedMedia: [mine.id, bobs.id], maturity: 'sfw' }, 404);
    await expectRefused(
      ann.cookie,
      { attachedMedia: ['00000000-0000-4000-8000-000000000000'], maturity: 'sfw' },
      404,
    );
    expect(
      (await expectRefused(ann.cookie, { attachedMedia: [mine.id, mine.id], maturity: 'sfw' }, 400)).message,
    ).toBe(postDuplicateMedia);
    expect((await expectRefused(ann.cookie, { attachedMedia: [avatar.id], maturity: 'sfw' }, 400)).code).toBe(
      'wrong_media_purpose',
    );
  });
});

describe('DELETE /api/post/delete/{id}', () => {
  async function annPost() {
    return (await publish(ann.cookie, { postContent: 'to be deleted', maturity: 'sfw' })).json<Post>().id;
  }
  const remove = (id: number | string, cookie?: string) =>
    t.app.inject({ method: 'DELETE', url: `/api/post/delete/${id}`, headers: cookie ? { cookie } : {} });
  const exists = async (id: number) =>
    (await t.app.deps.db.select({ id: posts.id }).from(posts).where(eq(posts.id, id))).length === 1;

  it('anonymous visitors and other users cannot delete it; it stays', async () => {
    const id = await annPost();
    expect((await remove(id)).statusCode).toBe(401);
    const res = await remove(id, bob.cookie);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe(messages.postDeleteFailed);
    expect(await exists(id)).toBe(true);
  });

  it('the owner deletes it once; then it is gone', async () => {
    const id = await annPost();
    const res = await remove(id, ann.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: messages.postDeleted });
    expect(await exists(id)).toBe(false);
    const again = await remove(id, ann.cookie);
    expect(again.statusCode).toBe(404);
    expect(again.json().error.message).toBe(messages.postDeleteFailed);
  });

  it('staff delete anyone’s post', async () => {
    const id = await annPost();
    const res = await remove(id, mod.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(messages.postDeleted);
    expect(await exists(id)).toBe(false);
  });

  it('a malformed id is bad input; an unknown one is 404', async () => {
    expect((await remove('abc', ann.cookie)).statusCode).toBe(400);
    expect((await remove(99999999999, ann.cookie)).statusCode).toBe(400);
    expect((await remove(2_000_000_000, ann.cookie)).statusCode).toBe(404);
  });
});
