import type { PostPage } from '@brushline/shared/posts/schemas';
import { createBusCache, type BusCache } from '../../platform/bus-cache.ts';
import type { CacheBus } from '../../platform/cache-bus.ts';

/**
 * Feed pages without the reader in them, shared by every reader who may see the same maturities
 * (docs/decisions/0006-feed-speed.md): anonymous visitors and signed-in readers with sfw only share
 * one set of pages, readers who also display questionable and/or nsfw posts share theirs. What is
 * the reader's own (likedByMe) is read per request on top of the cached page.
 *
 * Freshness: a new or deleted post, and a profile edit, empty every instance's pages at once (cache
 * bus); a like updates the post's count in them at once. Changes behind the app's back (a badge or
 * role set with the CLI, SQL) show within TTL_MS.
 */
const TTL_MS = 2000;
const MAX_PAGES = 500;
/** The cache bus topic of feed changes. */
export const FEED_TOPIC = 'feed';

type FeedMessage = { kind: 'pages' } | { kind: 'likes'; postId: number; totalLikes: number };

export type FeedPageCache = BusCache<PostPage>;

const caches = new WeakMap<CacheBus, FeedPageCache>();

/** One cache per app instance (its bus), so two apps in one process (tests) behave as two servers. */
export function feedPageCache(bus: CacheBus): FeedPageCache {
  let cache = caches.get(bus);
  if (!cache) {
    const pages = createBusCache<PostPage>(bus, { max: MAX_PAGES, ttlMs: TTL_MS });
    bus.on(FEED_TOPIC, (message) => {
      const m = message as FeedMessage;
      if (m.kind === 'pages') pages.invalidate();
      else
        pages.update((page) => {
          for (const post of page.items) if (post.id === m.postId) post.totalLikes = m.totalLikes;
        });
    });
    caches.set(bus, pages);
    cache = pages;
  }
  return cache;
}

/** The cache key of one page for one set of visible maturities. */
export const feedPageKey = (
  maturities: readonly string[],
  q: { page?: number; cursor?: number; owner?: string },
) => `${maturities.join(',')}|${q.page ?? ''}|${q.cursor ?? ''}|${q.owner?.toLowerCase() ?? ''}`;

/** A post was published or deleted, or an author's name or picture changed: every instance drops its pages. */
export const feedPagesChanged = (bus: CacheBus) =>
  bus.publish(FEED_TOPIC, { kind: 'pages' } satisfies FeedMessage);

/** A like or unlike: every instance writes the new count into the pages that show the post. */
export const feedLikesChanged = (bus: CacheBus, postId: number, totalLikes: number) =>
  bus.publish(FEED_TOPIC, { kind: 'likes', postId, totalLikes } satisfies FeedMessage);
