import { LRUCache } from 'lru-cache';
import type { PostPage } from '@brushline/shared/posts/schemas';

/**
 * Anonymous visitors all see the same sfw pages, and they are most of a public feed's readers.
 * Their pages are kept for a moment, so a burst of visitors costs one query per page instead of one
 * each (docs/decisions/0006-feed-speed.md). Signed-in readers never use it: their pages carry
 * likedByMe and their own maturity choices.
 *
 * Freshness: this instance drops everything on any post, like or delete it serves; other
 * instances, and profile edits, show up within TTL_MS.
 */
const TTL_MS = 2000;

export type PublicFeedCache = LRUCache<string, PostPage>;

const caches = new WeakMap<object, PublicFeedCache>();

/** One cache per database handle, so apps on different databases (tests) never share pages. */
export function publicFeedCache(db: object): PublicFeedCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new LRUCache<string, PostPage>({ max: 500, ttl: TTL_MS });
    caches.set(db, cache);
  }
  return cache;
}
