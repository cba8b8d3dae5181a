import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEED_PAGE_SIZE, type Maturity } from '@brushline/shared/posts/constants';
import type { Post, PostPage } from '@brushline/shared/posts/schemas';
import { createTestApp, registerUser, type TestApp } from '../../test/harness.ts';
import { grantRole } from '../users/users.repo.ts';
import { insertPost, postCardsQuery } from './posts.repo.ts';
import { feedPageCache } from './feed-page-cache.ts';

let t: TestApp;
type U = Awaited<ReturnType<typeof registerUser>>;
let pager: U;
let author: U;
let viewer: U;
const pagerIds: number[] = [];
const TOTAL = FEED_PAGE_SIZE * 2 + 5;

const publish = (u: U, postContent: string, maturity: Maturity = 'sfw') =>
  t.app.inject({
    method: 'POST',
    url: '/api/post',
    headers: { cookie: u.cookie },
    payload: { postContent, maturity },
  });

async function feed(query: string, cookie?: string): Promise<PostPage> {
  const res = await t.app.inject({ url: `/api/posts/filter${query}`, headers: cookie ? { cookie } : {} });
  expect(res.statusCode).toBe(200);
  return res.json<PostPage>();
}

beforeAll(async () => {
  t = await createTestApp();
  [pager, author, viewer] = [
    await registerUser(t.app, t.dataDir),
    await registerUser(t.app, t.dataDir),
    await registerUser(t.app, t.dataDir),
  ];
  // Stored directly: more posts than one person may publish in a minute (POST_LIMITS), and this
  // file is about reading them back in pages.
  for (let i = 0; i < TOTAL; i += 1)
    pagerIds.push(
      await insertPost(t.app.deps.db, {
        ownerId: pager.id,
        content: `post ${i}`,
        maturity: 'sfw',
        aiLabel: null,
      }),
    );
  pagerIds.reverse(); // newest first
  for (const m of ['sfw', 'questionable', 'nsfw'] as const) await publish(author, `a ${m} post`, m);
});
afterAll(() => t.close());

describe('GET /api/posts/filter paging', () => {
  it('pages from 1, newest first, until an empty page', async () => {
    const q = `&owner=${pager.login}`;
    const p1 = await feed(`?page=1${q}`);
    const p2 = await feed(`?page=2${q}`);
    const p3 = await feed(`?page=3${q}`);
    const p4 = await feed(`?page=4${q}`);
    expect(p1.items.map((p) => p.id)).toEqual(pagerIds.slice(0, FEED_PAGE_SIZE));
    expect(p2.items.map((p) => p.id)).toEqual(pagerIds.slice(FEED_PAGE_SIZE, FEED_PAGE_SIZE * 2));
    expect(p3.items.map((p) => p.id)).toEqual(pagerIds.slice(FEED_PAGE_SIZE * 2));
    expect(p1.nextCursor).toBe(pagerIds[FEED_PAGE_SIZE - 1]);
    expect(p3.nextCursor).toBeNull();
    expect(p4).toEqual({ items: [], nextCursor: null });
    // No page given is page 1; the owner's login is matched whatever its case.
    expect((await feed(`?owner=${pager.login.toUpperCase()}`)).items.map((p) => p.id)).toEqual(
      p1.items.map((p) => p.id),
    );
  });

  it('follows the cursor through every post once, ending with nextCursor null', async () => {
    const seen: number[] = [];
    let cursor: number | null = null;
    let pages = 0;
    do {
      const page: PostPage = await feed(`?owner=${pager.login}${cursor ? `&cursor=${cursor}` : ''}`);
      if (cursor) expect(page.items.every((p) => p.id < cursor!)).toBe(true);
      seen.push(...page.items.map((p) => p.id));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor !== null);
    expect(pages).toBe(3);
    expect(seen).toEqual(pagerIds);
    expect(await feed(`?owner=${pager.login}&cursor=${pagerIds.at(-1)}`)).toEqual({
      items: [],
      nextCursor: null,
    });
  });

  it('the whole feed mixes everyone’s posts, newest first, with what a card needs', async () => {
    await grantRole(t.app.deps.db, pager.id, 'artist');
    await grantRole(t.app.deps.db, pager.id, 'subscriber-tier-2');
    await t.app.deps.db.execute(sql`update users set is_verified = true where id = ${pager.id}`);
    const page = await feed('?page=1');
    expect(page.items).toHaveLength(FEED_PAGE_SIZE);
    const ids = page.items.map((p) => p.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(page.items[0]).toMatchObject({ ownerId: author.id, postContent: 'a sfw post' });
    const card = page.items.find((p) => p.ownerId === pager.id)!;
    expect(card.owner).toEqual({
      login: pager.login,
      displayName: pager.login,
      avatarMiniatureUrl: null,
      badges: ['verified', 'artist', 'subscriber'],
    });
    // A ban suspends the other badges (the shared badgesFor rule).
    await t.app.deps.db.execute(sql`update users set is_banned = true where id = ${pager.id}`);
    // A change behind the app's back reaches cached pages when their 2 s lapse; skip the wait.
    feedPageCache(t.app.deps.bus).invalidate();
    const banned = (await feed('?page=1')).items.find((p) => p.ownerId === pager.id)!;
    expect(banned.owner.badges).toEqual(['banned']);
    await t.app.deps.db.execute(sql`update users set is_banned = false where id = ${pager.id}`);
  });

  it('refuses bad paging input and answers an empty page for an unknown owner', async () => {
    for (const q of ['?page=0', '?page=abc', '?cursor=-1', '?page=1&cursor=5', '?cursor=99999999999']) {
      const res = await t.app.inject({ url: `/api/posts/filter${q}` });
      expect(res.statusCode, q).toBe(400);
    }
    expect(await feed('?owner=nobody_here')).toEqual({ items: [], nextCursor: null });
  });
});

describe('anonymous page cache', () => {
  it('serves a new post, a like and a delete to anonymous readers at once', async () => {
    const before = await feed('?page=1');
    const res = await publish(author, 'fresh for everyone');
    const post = res.json<Post>();
    expect((await feed('?page=1')).items[0]).toMatchObject({ id: post.id, totalLikes: 0 });
    expect(before.items[0]!.id).not.toBe(post.id);

    await t.app.inject({
      method: 'PUT',
      url: `/api/post/like/${post.id}`,
      headers: { cookie: viewer.cookie },
    });
    expect((await feed('?page=1')).items[0]).toMatchObject({ id: post.id, totalLikes: 1 });

    await t.app.inject({
      method: 'DELETE',
      url: `/api/post/delete/${post.id}`,
      headers: { cookie: author.cookie },
    });
    expect((await feed('?page=1')).items.map((p) => p.id)).not.toContain(post.id);
  });

  it('never answers a signed-in reader from the anonymous cache', async () => {
    await feed('?page=1'); // fills the anonymous cache
    const res = await publish(author, 'questionable one', 'questionable');
    const id = res.json<Post>().id;
    await t.app.inject({
      method: 'PATCH',
      url: `/api/user/update/settings/id/${viewer.id}`,
      headers: { cookie: viewer.cookie },
      payload: { displayNSFW: false, displayQuestionable: true, isArtist: false },
    });
    expect((await feed('?page=1', viewer.cookie)).items[0]!.id).toBe(id);
    expect((await feed('?page=1')).items.map((p) => p.id)).not.toContain(id);
    await t.app.inject({
      method: 'PATCH',
      url: `/api/user/update/settings/id/${viewer.id}`,
      headers: { cookie: viewer.cookie },
      payload: { displayNSFW: false, displayQuestionable: false, isArtist: false },
    });
    await t.app.inject({
      method: 'DELETE',
      url: `/api/post/delete/${id}`,
      headers: { cookie: author.cookie },
    });
  });
});

describe('maturity filtering', () => {
  const settings = (displayQuestionable: boolean, displayNSFW: boolean) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/user/update/settings/id/${viewer.id}`,
      headers: { cookie: viewer.cookie },
      payload: { displayNSFW, displayQuestionable, isArtist: false },
    });
  const maturities = async (cookie?: string) =>
    (await feed(`?owner=${author.login}`, cookie)).items.map((p) => p.maturity).sort();

  it('anonymous visitors receive only sfw posts, in the whole feed too', async () => {
    expect(await maturities()).toEqual(['sfw']);
    const all = await feed('?page=1');
    expect(all.items.every((p) => p.maturity === 'sfw')).toBe(true);
  });

  it('signed-in users receive each maturity only while their settings display it', async () => {
    expect(await maturities(viewer.cookie)).toEqual(['sfw']);
    expect((await settings(true, false)).statusCode).toBe(200);
    expect(await maturities(viewer.cookie)).toEqual(['questionable', 'sfw']);
    await settings(false, true);
    expect(await maturities(viewer.cookie)).toEqual(['nsfw', 'sfw']);
    await settings(true, true);
    expect(await maturities(viewer.cookie)).toEqual(['nsfw', 'questionable', 'sfw']);
    await settings(false, false);
    expect(await maturities(viewer.cookie)).toEqual(['sfw']);
  });

  it('authors with default settings do not receive their own hidden posts either', async () => {
    expect(await maturities(author.cookie)).toEqual(['sfw']);
  });
});

describe('at scale', () => {
  it('deep cursor pages over 10,000+ posts are read through an index', async () => {
    const db = t.app.deps.db;
    await db.execute(sql`
      insert into posts (owner_id, content, maturity)
      select ${pager.id}, 'bulk ' || g, (array['sfw','questionable','nsfw'])[1 + g % 3]::maturity
      from generate_series(1, 10000) g`);
    await db.execute(sql`analyze posts`);
    const [{ min }] = (await db.execute(sql`select min(id)::int as min from posts`)).rows as [
      { min: number },
    ];
    const client = (
      db as unknown as { $client: { query(q: string, p: unknown[]): Promise<{ rows: unknown[] }> } }
    ).$client;
    const plans = [
      { viewerId: null, maturities: ['sfw'] as const },
      { viewerId: viewer.id, maturities: ['sfw', 'questionable'] as const },
      { viewerId: viewer.id, maturities: ['sfw', 'questionable', 'nsfw'] as const, ownerLogin: pager.login },
    ];
    for (const f of plans) {
      const q = postCardsQuery(db, { ...f, before: min + 200, limit: FEED_PAGE_SIZE + 1 }).toSQL();
      const plan = (await client.query(`explain ${q.sql}`, q.params)).rows
        .map((r) => Object.values(r as Record<string, string>)[0])
        .join('\n');
      expect(plan, plan).toMatch(/Index (Only )?Scan.* on posts/);
      expect(plan, plan).not.toMatch(/Seq Scan on posts/);
    }
    const started = performance.now();
    const deep = await feed(`?cursor=${min + 200}`, viewer.cookie);
    expect(deep.items).toHaveLength(FEED_PAGE_SIZE);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
