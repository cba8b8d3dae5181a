import type { Request } from '@brushline/shared/requests/schemas';
import { cacheTopic, defineBusCache, hear, type BusCache } from '../../platform/bus-cache.ts';
import type { CacheBus } from '../../platform/cache-bus.ts';
import type { ListCursor } from './requests.repo.ts';

/**
 * The public request list's caches, per app instance (docs/decisions/0018-requests.md "Speed"):
 *
 * - `pages`: whole pages (every tag on them; the reader's hidden tags are left out on the way
 *   out), keyed by the normalised filter and the page number, for PAGE_TTL_MS;
 * - `starts`: where each page of a filter begins (the `(created_at, id)` of the row before it),
 *   learned as pages are read, so page N is read from its start by the ordered index (keyset)
 *   instead of skipping (N − 1) × 20 rows, for STARTS_TTL_MS.
 *
 * Freshness: a committed write that changes which requests a list holds or their order (create,
 * edit, hide, delete) drops both on every instance at once (cache bus: Redis between instances,
 * nothing is cached while it is down), and so does any change to the tag vocabulary (the
 * tagVocabularyChanged event, reactions.ts: a tag filter matches descendants and synonyms; cards
 * show tag titles). An application changes only a card's
 * count: it drops the pages. Changes behind the app's back (the CLI's demo seed, SQL, a profile's
 * name on a card) show within the TTLs.
 */
export const PAGE_TTL_MS = 2000;
const MAX_PAGES = 500;
const STARTS_TTL_MS = 30_000;
const MAX_FILTERS = 100;

type RequestsMessage = { kind: 'list' } | { kind: 'cards' };
/** The cache bus topic of request list changes. */
export const requestsTopic = cacheTopic<RequestsMessage>('requests');
export const REQUESTS_TOPIC = requestsTopic.name;

/** Page number → where it starts (page 1 starts at the top and is never stored). */
export type PageStarts = Map<number, ListCursor>;

/** Whole pages by filter and page number (one cache per bus); every message drops them. */
const requestPages = defineBusCache<Request[]>({
  name: 'request list pages',
  max: MAX_PAGES,
  ttlMs: PAGE_TTL_MS,
  hears: [hear(requestsTopic)],
});

/** Where each page of a filter starts (one cache per bus); a change of the list drops them. */
const requestStarts = defineBusCache<PageStarts>({
  name: 'request list page starts',
  max: MAX_FILTERS,
  ttlMs: STARTS_TTL_MS,
  hears: [
    hear(requestsTopic, (starts, m) => {
      if (m.kind === 'list') starts.invalidate();
    }),
  ],
});

export interface RequestListCache {
  pages: BusCache<Request[]>;
  starts: BusCache<PageStarts>;
}

/** The app's two request list caches (one each per bus). */
export const requestListCache = (bus: CacheBus): RequestListCache => ({
  pages: requestPages(bus),
  starts: requestStarts(bus),
});

/**
 * The cached page, or `load`'s answer stored for the next readers. Readers arriving while it loads
 * share the read; one arriving after a write's message starts its own (the old read cannot be
 * stored: its ticket is stale).
 */
export const cachedPage = (bus: CacheBus, key: string, load: () => Promise<Request[]>): Promise<Request[]> =>
  requestPages(bus).load(key, load);

/**
 * Requests were created, edited (privacy, prices, text, tags …) or deleted, or the tag vocabulary
 * changed (the tagVocabularyChanged reaction: a filter matches descendants and synonyms, cards show
 * tag titles): every instance drops both caches.
 */
export const requestListChanged = (bus: CacheBus) => requestsTopic.publish(bus, { kind: 'list' });

/** An application changed a request's count of applications: every instance drops its pages. */
export const requestCardsChanged = (bus: CacheBus) => requestsTopic.publish(bus, { kind: 'cards' });
