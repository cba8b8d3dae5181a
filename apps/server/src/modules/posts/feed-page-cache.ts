import type { PostPage } from '@brushline/shared/posts/schemas';
import { cacheTopic, defineBusCache, hear, type BusCache } from '../../platform/bus-cache.ts';
import type { CacheBus } from '../../platform/cache-bus.ts';

/**
 * Feed pages without the reader in them, shared by every reader who may see the same maturities
 * (docs/decisions/0006-feed-speed.md): anonymous visitors and signed-in readers with sfw only share
 * one set of pages, readers who also display questionable and/or nsfw posts share theirs. What is
 * the reader's own (likedByMe) is read per request on top of the cached page.
 *
 * Freshness: a new or deleted post, and a profile edit, empty every instance's pages at once (cache
 * bus); a like updates the post's count in them at once. Changes behind the app's back (a badge or
 * role set with the CLI, SQL) show within FEED_TTL_MS.
 */
export const FEED_TTL_MS = 2000;
const MAX_PAGES = 500;

type FeedMessage = { kind: 'pages' } | { kind: 'likes'; postId: number; totalLikes: number };

/** The cache bus topic of feed changes. */
export const feedTopic = cacheTopic<FeedMessage>('feed');
export const FEED_TOPIC = feedTopic.name;

export type FeedPageCache = BusCache<PostPage>;

/** The app's feed pages (one cache per bus). */
export const feedPageCache = defineBusCache<PostPage>({
  name: 'feed pages',
  max: MAX_PAGES,
  ttlMs: FEED_TTL_MS,
  hears: [
    hear(feedTopic, (pages, m) => {
      if (m.kind === 'pages') pages.invalidate();
      else
        pages.update((page) => {
          for (const post of page.items) if (post.id === m.postId) post.totalLikes = m.totalLikes;
        });
    }),
  ],
});

/** The cache key of one page for one set of visible maturities. */
export const feedPageKey = (
  maturities: readonly string[],
  hideAi: boolean,
  q: { page?: number; cursor?: number; owner?: string },
) =>
  `${maturities.join(',')}|${hideAi ? 'noai' : ''}|${q.page ?? ''}|${q.cursor ?? ''}|${q.owner?.toLowerCase() ?? ''}`;

/** A post was published or deleted, or an author's name or picture changed: every instance drops its pages. */
export const feedPagesChanged = (bus: CacheBus) => feedTopic.publish(bus, { kind: 'pages' });

/** A like or unlike: every instance writes the new count into the pages that show the post. */
export const feedLikesChanged = (bus: CacheBus, postId: number, totalLikes: number) =>
  feedTopic.publish(bus, { kind: 'likes', postId, totalLikes });
