import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@brushline/shared/messages';
import type { Maturity } from '@brushline/shared/posts/constants';
import type { Post } from '@brushline/shared/posts/schemas';
import { createTestApp, registerUser, type TestApp } from '../../test/harness.ts';
import { uploadImage } from '../../test/media-fixtures.ts';

let t: TestApp;
let ann: Awaited<ReturnType<typeof registerUser>>;
let bob: Awaited<ReturnType<typeof registerUser>>;
beforeAll(async () => {
  t = await createTestApp();
  ann = await registerUser(t.app, t.dataDir);
  bob = await registerUser(t.app, t.dataDir);
});
afterAll(() => t.close());

async function publish(maturity: Maturity, attachedMedia: string[] = []): Promise<Post> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/post',
    headers: { cookie: ann.cookie },
    payload: { postContent: `A ${maturity} post`, maturity, attachedMedia },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Post>();
}

const read = (id: number | string, cookie?: string) =>
  t.app.inject({ url: `/api/post/${id}`, headers: cookie ? { cookie } : {} });

const settings = (cookie: string, userId: string, displayQuestionable: boolean, displayNSFW: boolean) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/user/update/settings/id/${userId}`,
    headers: { cookie },
    payload: { displayNSFW, displayQuestionable, isArtist: false },
  });

describe('GET /api/post/{id}', () => {
  it('answers one post as the feed shows it, with the reader’s own like', async () => {
    const media = await uploadImage(t.app, ann.cookie);
    const post = await publish('sfw', [media.id]);
    await t.app.inject({ method: 'PUT', url: `/api/post/like/${post.id}`, headers: { cookie: bob.cookie } });

    const anonymous = await read(post.id);
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json()).toEqual({ ...post, totalLikes: 1, likedByMe: false });
    expect((await read(post.id, bob.cookie)).json()).toMatchObject({ id: post.id, likedByMe: true });
  });

  it('keeps the feed’s maturity rules: hidden posts answer 404 like missing ones', async () => {
    const questionable = await publish('questionable');
    const nsfw = await publish('nsfw');
    for (const id of [questionable.id, nsfw.id]) {
      const res = await read(id);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: { code: 'not_found', message: messages.postMissing } });
      expect((await read(id, bob.cookie)).statusCode).toBe(404);
    }
    expect((await settings(bob.cookie, bob.id, true, false)).statusCode).toBe(200);
    expect((await read(questionable.id, bob.cookie)).statusCode).toBe(200);
    expect((await read(nsfw.id, bob.cookie)).statusCode).toBe(404);
    expect((await settings(bob.cookie, bob.id, true, true)).statusCode).toBe(200);
    expect((await read(nsfw.id, bob.cookie)).json()).toMatchObject({ id: nsfw.id, maturity: 'nsfw' });
  });

  it('answers 404 for a deleted post', async () => {
    const post = await publish('sfw');
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/post/delete/${post.id}`,
      headers: { cookie: ann.cookie },
    });
    expect(del.statusCode).toBe(200);
    expect((await read(post.id)).statusCode).toBe(404);
    expect((await read(2_147_483_647)).statusCode).toBe(404);
  });

  it('reads the id strictly', async () => {
    const post = await publish('sfw');
    expect((await read(String(post.id))).statusCode).toBe(200);
    for (const bad of ['0x10', '%201', '1e1', `0${post.id}`, '-1', '0', 'abc', '2147483648']) {
      const res = await read(bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json(), bad).toMatchObject({
        error: { code: 'validation_error', message: 'Must be a post id' },
      });
    }
  });

  it('is documented in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json<{ paths: Record<string, object> }>();
    expect(doc.paths['/api/post/{id}']).toHaveProperty('get');
  });
});
