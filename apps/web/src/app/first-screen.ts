import type { QueryClient } from '@tanstack/react-query';
import { matchPath } from '@brushline/shared/paths';
import { isUuid } from '@brushline/shared/uuid-pattern';
import { cardQuery, userCardsQuery } from '../features/cards/api/card-queries.ts';
import { POST_ID_PATTERN, postListQuery, postQuery } from '../features/posts/api/post-queries.ts';
import { userByLoginQuery } from '../features/users/api/user-queries.ts';
import { sessionQuery } from '../lib/session.ts';

/** Longest the first render waits for the first screen's reads; after it, the page shows its own loading state. */
const WAIT_MS = 1500;

/**
 * Puts into the query cache what the screen a visitor arrives at reads first (the same reads the
 * server preloads in the page's head: apps/server/src/platform/page-preloads.ts), so the first
 * render already has them: one render of the whole page, which React splits into short slices,
 * instead of one blocking render per answer as each arrives (decision 0008: total blocking time).
 * Never throws: a read that fails is left to the page, which shows its error and retries.
 */
export async function loadFirstScreen(client: QueryClient, pathname: string): Promise<void> {
  const reads = (async () => {
    const viewer = (await client.fetchQuery(sessionQuery).catch(() => null))?.id ?? null;
    const screen = matchPath(pathname);
    if (!screen) return;
    const { name, params } = screen;
    if (name === 'feed' || name === 'hubFeed') {
      await client.prefetchInfiniteQuery(postListQuery(null, viewer));
    } else if (name === 'post' && POST_ID_PATTERN.test(params.id ?? '')) {
      await client.prefetchQuery(postQuery(Number(params.id), viewer));
    } else if (name === 'profileHome' && params.login) {
      await Promise.all([
        client.prefetchQuery(userByLoginQuery(params.login)),
        client.prefetchQuery(userCardsQuery(params.login)),
        client.prefetchInfiniteQuery(postListQuery(params.login, viewer)),
      ]);
    } else if ((name === 'commission' || name === 'commissionForm') && isUuid(params.uuid)) {
      await client.prefetchQuery(cardQuery(params.uuid));
    }
  })();
  await Promise.race([reads, new Promise((resolve) => setTimeout(resolve, WAIT_MS))]);
}
