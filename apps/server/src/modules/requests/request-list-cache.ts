import type { Request } from '@brushline/shared/requests/schemas';
import { createBusCache, type BusCache } from '../../platform/bus-cache.ts';
import type { CacheBus } from '../../platform/cache-bus.ts';
import { TAG_VOCABULARY_TOPIC } from '../tags/tag-suggest-cache.ts';
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
 * nothing is cached while it is down), and so does any change to the tag vocabulary (a tag filter
 * matches descendants and synonyms; cards show tag titles). An application changes only a card's
 * count: it drops the pages. Changes behind the app's back (the CLI's demo seed, SQL, a profile's
 * name on a card) show within the TTLs.
 */
export const PAGE_TTL_MS = 2000;
const MAX_PAGES = 500;
const STARTS_TTL_MS = 30_000;
const MAX_FILTERS = 100;
/** The cache bus topic of request list changes. */
export const REQUESTS_TOPIC = 'requests';

type RequestsMessage = { kind: 'list' } | { kind: 'cards' };

/** Page number → where it starts (page 1 starts at the top and is never stored). */
export type PageStarts = Map<number, ListCursor>;

export interface RequestListCache {
  pages: BusCache<Request[]>;
  starts: BusCache<PageStarts>;
  /** Reads of a page under way, shared by readers asking for it meanwhile; dropped with the pages. */
  loading: Map<string, Promise<Request[]>>;
}

const caches = new WeakMap<CacheBus, RequestListCache>();

/** One cache per app instance (its bus), so two apps in one process (tests) behave as two servers. */
export function requestListCache(bus: CacheBus): RequestListCache {
  let cache = caches.get(bus);
  if (!cache) {
    const made: RequestListCache = {
      pages: createBusCache<Request[]>(bus, { max: MAX_PAGES, ttlMs: PAGE_TTL_MS }),
      starts: createBusCache<PageStarts>(bus, { max: MAX_FILTERS, ttlMs: STARTS_TTL_MS }),
      loading: new Map(),
    };
    const dropPages = () => {
      made.pages.invalidate();
      made.loading.clear();
    };
    const dropAll = () => {
      made.starts.invalidate();
      dropPages();
    };
    bus.on(REQUESTS_TOPIC, (message) =>
      (message as RequestsMessage).kind === 'list' ? dropAll() : dropPages(),
    );
    bus.on(TAG_VOCABULARY_TOPIC, dropAll);
    bus.onReset(() => made.loading.clear());
    caches.set(bus, made);
    cache = made;
  }
  return cache;
}

/**
 * The cached page, or `load`'s answer stored for the next readers. Readers arriving while it loads
 * share the read; one arriving after a write's message starts its own (the old read cannot be
 * stored: its ticket is stale).
 */
export function cachedPage(bus: CacheBus, key: string, load: () => Promise<Request[]>): Promise<Request[]> {
  const { pages, loading } = requestListCache(bus);
  if (!bus.live) return load();
  const hit = pages.get(key);
  if (hit) return Promise.resolve(hit);
  const running = loading.get(key);
  if (running) return running;
  const ticket = pages.ticket();
  const read = load()
    .then((page) => {
      pages.store(ticket, key, page);
      return page;
    })
    .finally(() => {
      if (loading.get(key) === read) loading.delete(key);
    });
  loading.set(key, read);
  return read;
}

/** Requests were created, edited (privacy, prices, text, tags …) or deleted: every instance drops both caches. */
export const requestListChanged = (bus: CacheBus) =>
  bus.publish(REQUESTS_TOPIC, { kind: 'list' } satisfies RequestsMessage);

/** An application changed a request's count of applications: every instance drops its pages. */
export const requestCardsChanged = (bus: CacheBus) =>
  bus.publish(REQUESTS_TOPIC, { kind: 'cards' } satisfies RequestsMessage);
