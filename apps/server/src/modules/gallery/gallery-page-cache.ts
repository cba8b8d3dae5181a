import type { ArtistsPage, GalleryPage } from '@brushline/shared/gallery/browse-schemas';
import { createBusCache, type BusCache } from '../../platform/bus-cache.ts';
import type { CacheBus } from '../../platform/cache-bus.ts';
import type { Actor } from '../../platform/session.ts';
import { TAG_VOCABULARY_TOPIC } from '../tags/tag-suggest-cache.ts';
import type { ReaderTagSets } from './gallery-access.repo.ts';

/**
 * Pages of /artists and /gallery shared by the readers who see the same lists (decision 0017,
 * "Page cache"): anonymous readers share one set of pages, signed-in readers who display NSFW and
 * hide or blur no tag share another. Anyone else (a signed-in reader who leaves NSFW out still sees
 * their own NSFW-tagged work; hidden and blurred tags are per reader) reads PostgreSQL every time.
 *
 * Freshness: every committed write that can change a list (gallery images and folders, display
 * cards, commission cards, a profile's name or picture) empties every instance's pages at once
 * (cache bus: Redis between instances; nothing is served while the bus is down), and so does every
 * write to the tag vocabulary (its own topic). Changes behind the app's back (the demo seed from the
 * CLI, SQL) show within TTL_MS.
 *
 * A tag filter's ids are kept the same way (cachedTagIds), emptied by every vocabulary write.
 *
 * Concurrent misses of one page share one read (`load`), so a page that just expired under load is
 * read once, not once per waiting request; a read that began before an invalidation is not shared
 * with requests that arrive after it.
 */
const TTL_MS = 5000;
const MAX_PAGES = 1000;
const MAX_TAG_FILTERS = 5000;
/** The cache bus topic of changes to the lists. */
export const GALLERY_LISTS_TOPIC = 'gallery-lists';

type Page = ArtistsPage | GalleryPage;

interface ListCache {
  pages: BusCache<Page>;
  inFlight: Map<string, Promise<Page>>;
  /** A tag filter's ids (the tag and its descendants) by the title asked; the vocabulary's own. */
  tagIds: BusCache<{ ids: number[] }>;
}

const caches = new WeakMap<CacheBus, ListCache>();

/** One cache per app instance (its bus), so two apps in one process (tests) behave as two servers. */
function listCache(bus: CacheBus): ListCache {
  let cache = caches.get(bus);
  if (!cache) {
    const pages = createBusCache<Page>(bus, { max: MAX_PAGES, ttlMs: TTL_MS });
    bus.on(GALLERY_LISTS_TOPIC, () => pages.invalidate());
    const tagIds = createBusCache<{ ids: number[] }>(bus, { max: MAX_TAG_FILTERS, ttlMs: TTL_MS });
    bus.on(TAG_VOCABULARY_TOPIC, () => {
      pages.invalidate();
      tagIds.invalidate();
    });
    cache = { pages, inFlight: new Map(), tagIds };
    caches.set(bus, cache);
  }
  return cache;
}

/** Which shared set of pages this reader reads, or null when their lists are their own. */
export function sharedReaderKey(actor: Actor | null, sets: ReaderTagSets): string | null {
  if (!actor) return 'anonymous';
  if (!sets.hideNsfw && sets.hide.length === 0 && sets.blur.length === 0) return 'nsfw-all';
  return null;
}

/**
 * The page `key` of `list` for readers of `reader` (null: not shared, read it), from the cache or
 * from `read` (stored unless a write was announced while it ran).
 */
export async function cachedPage<P extends Page>(
  bus: CacheBus,
  reader: string | null,
  key: string,
  read: () => Promise<P>,
): Promise<P> {
  if (reader === null) return read();
  const { pages, inFlight } = listCache(bus);
  const full = `${reader}|${key}`;
  const hit = pages.get(full);
  if (hit) return hit as P;
  const ticket = pages.ticket();
  const flightKey = `${ticket}|${full}`;
  const pending = inFlight.get(flightKey);
  if (pending) return pending as Promise<P>;
  const load = read().then((page) => {
    pages.store(ticket, full, page);
    return page;
  });
  inFlight.set(flightKey, load);
  try {
    return await load;
  } finally {
    inFlight.delete(flightKey);
  }
}

/**
 * The ids a tag filter by `title` matches (`read`: the tag, its synonyms' canonical tag and its
 * descendants), kept until the next write to the vocabulary (the same topic empties them), so a
 * filtered list that misses its page still skips the two lookups of the tag and its descendants.
 */
export async function cachedTagIds(
  bus: CacheBus,
  title: string,
  read: () => Promise<number[]>,
): Promise<number[]> {
  const { tagIds } = listCache(bus);
  const hit = tagIds.get(title);
  if (hit) return hit.ids;
  const ticket = tagIds.ticket();
  const ids = await read();
  tagIds.store(ticket, title, { ids });
  return ids;
}

/** A write that can change /artists or /gallery has committed: every instance drops its pages. */
export const galleryListsChanged = (bus: CacheBus) => bus.publish(GALLERY_LISTS_TOPIC, { kind: 'lists' });
