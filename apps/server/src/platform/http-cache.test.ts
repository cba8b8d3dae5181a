import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerUser, type TestApp } from '../test/harness.ts';
import { FEED_TTL_MS } from '../modules/posts/feed-page-cache.ts';
import { GALLERY_TTL_MS } from '../modules/gallery/gallery-page-cache.ts';
import { PAGE_TTL_MS } from '../modules/requests/request-list-cache.ts';
import { TAG_SUGGEST_TTL_MS } from '../modules/tags/tag-suggest-cache.ts';
import { listMaxAgeSeconds } from './http-cache.ts';
import { TAG_QUERY_MAX } from '@brushline/shared/tags/constants';

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  cookie = (await registerUser(t.app, t.dataDir)).cookie;
});
afterAll(() => t.close());

/** The public lists, their server cache's lifetime, and a query each refuses with 400. */
const lists = [
  { url: '/api/posts/filter', ttlMs: FEED_TTL_MS, bad: '/api/posts/filter?page=0' },
  { url: '/api/artists', ttlMs: GALLERY_TTL_MS, bad: '/api/artists?cursor=nonsense' },
  { url: '/api/gallery', ttlMs: GALLERY_TTL_MS, bad: '/api/gallery?cursor=nonsense' },
  { url: '/api/request/get/filter?page=1', ttlMs: PAGE_TTL_MS, bad: '/api/request/get/filter?page=0' },
  {
    url: '/api/tags/autocomplete?q=ab',
    ttlMs: TAG_SUGGEST_TTL_MS,
    bad: `/api/tags/autocomplete?q=${'a'.repeat(TAG_QUERY_MAX + 1)}`,
  },
];

describe('Cache-Control of the public lists (docs/caches.md)', () => {
  it('the max-age is the server cache’s lifetime in whole seconds, at least 1', () => {
    expect([listMaxAgeSeconds(2000), listMaxAgeSeconds(5000), listMaxAgeSeconds(300)]).toEqual([2, 5, 1]);
  });

  for (const list of lists) {
    it(`${list.url}: public to anonymous readers, private to signed-in ones, never public for a refusal`, async () => {
      const anonymous = await t.app.inject({ url: list.url });
      expect(anonymous.statusCode).toBe(200);
      expect(anonymous.headers['cache-control']).toBe(`public, max-age=${listMaxAgeSeconds(list.ttlMs)}`);
      expect(anonymous.headers.vary).toMatch(/cookie/i);

      const signedIn = await t.app.inject({ url: list.url, headers: { cookie } });
      expect(signedIn.statusCode).toBe(200);
      expect(signedIn.headers['cache-control']).toBe('private, no-store');
      expect(signedIn.headers.vary).toMatch(/cookie/i);

      // A cookie that is no session's still gets the anonymous answer, but not for shared caches.
      const stale = await t.app.inject({ url: list.url, headers: { cookie: 'sid=not-a-session' } });
      expect(stale.statusCode).toBe(200);
      expect(stale.headers['cache-control']).toBe('private, no-store');

      const refused = await t.app.inject({ url: list.bad });
      expect(refused.statusCode).toBe(400);
      expect(refused.headers['cache-control']).toBe('private, no-store');
    });
  }

  it('says so in the API document of each list', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json<{
      paths: Record<string, { get?: { description?: string } }>;
    }>();
    for (const path of [
      '/api/posts/filter',
      '/api/artists',
      '/api/gallery',
      '/api/request/get/filter',
      '/api/tags/autocomplete',
    ]) {
      expect(doc.paths[path]?.get?.description, path).toMatch(/Cache-Control: public, max-age=\d+/);
    }
    expect(doc.paths['/api/board']?.get?.description).toMatch(/ETag.*If-None-Match.*304/s);
  });
});
