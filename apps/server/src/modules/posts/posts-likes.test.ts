import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Maturity } from '@brushline/shared/posts/constants';
import type { LikeState, Post, PostPage } from '@brushline/shared/posts/schemas';
import { postLikes } from '../../db/schema/posts.ts';
import { createTestApp, registerUser, type TestApp } from '../../test/harness.ts';
import { listNotifications } from '../notifications/notifications.repo.ts';

let t: TestApp;
type U = Awaited<ReturnType<typeof registerUser>>;
let ann: U;
let bob: U;
let cid: U;
beforeAll(async () => {
  t = await createTestApp();
  [ann, bob, cid] = [
    await registerUser(t.app, t.dataDir),
    await registerUser(t.app, t.dataDir),
    await registerUser(t.app, t.dataDir),
  ];
});
afterAll(() => t.close());

async function annPost(maturity: Maturity = 'sfw'): Promise<number> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/post',
    headers: { cookie: ann.cookie },
    payload: { postContent: `a ${maturity} post`, maturity },
  });
  return res.json<Post>().id;
}
const like = (id: number | string, cookie?: string) =>
  t.app.inject({ method: 'PUT', url: `/api/post/like/${id}`, headers: cookie ? { cookie } : {} });
async function cardOf(id: number, cookie?: string): Promise<Post | undefined> {
  const res = await t.app.inject({
    url: `/api/posts/filter?owner=${ann.login}`,
    headers: cookie ? { cookie } : {},
  });
  return res.json<PostPage>().items.find((p) => p.id === id);
}
const likeNotifications = async (userId: string, postId: number) =>
  (await listNotifications(t.app.deps.db, userId, 100)).filter(
    (n) => n.type === 'post_liked' && n.postId === postId,
  );

describe('PUT /api/post/like/{id}', () => {
  it('toggles the like: on, then off again, with the count and likedByMe', async () => {
    const id = await annPost();
    const on = await like(id, bob.cookie);
    expect(on.statusCode).toBe(200);
    expect(on.json<LikeState>()).toEqual({ totalLikes: 1, likedByMe: true });
    expect(await cardOf(id, bob.cookie)).toMatchObject({ totalLikes: 1, likedByMe: true });
    expect(await cardOf(id, ann.cookie)).toMatchObject({ totalLikes: 1, likedByMe: false });
    expect(await cardOf(id)).toMatchObject({ totalLikes: 1, likedByMe: false });

    expect((await like(id, cid.cookie)).json<LikeState>()).toEqual({ totalLikes: 2, likedByMe: true });
    expect((await like(id, bob.cookie)).json<LikeState>()).toEqual({ totalLikes: 1, likedByMe: false });
    expect((await like(id, cid.cookie)).json<LikeState>()).toEqual({ totalLikes: 0, likedByMe: false });
    expect(await cardOf(id, bob.cookie)).toMatchObject({ totalLikes: 0, likedByMe: false });
    const rows = await t.app.deps.db.select().from(postLikes).where(eq(postLikes.postId, id));
    expect(rows).toEqual([]);
  });

  it('stores a post_liked notification for the owner once per person, never for self-likes', async () => {
    const id = await annPost();
    await like(id, bob.cookie);
    const [n, ...more] = await likeNotifications(ann.id, id);
    expect(more).toEqual([]);
    expect(n).toMatchObject({ actorId: bob.id, actorLogin: bob.login, isRead: false });
    expect(n!.message).toBe(`${bob.login} liked your post`);

    // Unlike and like again: the owner already knows, so no second notification.
    await like(id, bob.cookie);
    await like(id, bob.cookie);
    expect(await likeNotifications(ann.id, id)).toHaveLength(1);

    const self = await like(id, ann.cookie);
    expect(self.json<LikeState>()).toEqual({ totalLikes: 2, likedByMe: true });
    expect(await likeNotifications(ann.id, id)).toHaveLength(1);
    expect(await likeNotifications(bob.id, id)).toEqual([]);
  });

  it('a post the liker may not see, or that does not exist, answers 404 and stores nothing', async () => {
    const nsfw = await annPost('nsfw');
    const res = await like(nsfw, bob.cookie);
    expect(res.statusCode).toBe(404);
    const stored = await t.app.deps.db
      .select()
      .from(postLikes)
      .where(and(eq(postLikes.postId, nsfw), eq(postLikes.userId, bob.id)));
    expect(stored).toEqual([]);
    expect(await likeNotifications(ann.id, nsfw)).toEqual([]);

    await t.app.inject({
      method: 'PATCH',
      url: `/api/user/update/settings/id/${bob.id}`,
      headers: { cookie: bob.cookie },
      payload: { displayNSFW: true, displayQuestionable: false, isArtist: false },
    });
    expect((await like(nsfw, bob.cookie)).json<LikeState>()).toEqual({ totalLikes: 1, likedByMe: true });

    expect((await like(2_000_000_000, bob.cookie)).statusCode).toBe(404);
    expect((await like('nope', bob.cookie)).statusCode).toBe(400);
  });

  it('anonymous visitors cannot like', async () => {
    const id = await annPost();
    expect((await like(id)).statusCode).toBe(401);
    expect((await cardOf(id))?.totalLikes).toBe(0);
  });
});
