import type { ArtistsPage, GalleryPage } from '@brushline/shared/gallery/browse-schemas';
import { cacheTopic, defineBusCache, hear } from '../../platform/bus-cache.ts';
import type { CacheBus } from '../../platform/cache-bus.ts';
import type { Actor } from '../../platform/session.ts';
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
 * write to the tag vocabulary (the tagVocabularyChanged event's reaction, reactions.ts). Changes
 * behind the app's back (the demo seed from the CLI, SQL) show within GALLERY_TTL_MS.
 *
 * Concurrent misses of one page share one read (`load`), so a page that just expired under load is
 * read once, not once per waiting request; a read that began before an invalidation is not shared
 * with requests that arrive after it.
 */
export const GALLERY_TTL_MS = 5000;
const MAX_PAGES = 1000;

type ListsMessage = { kind: 'lists' };
/** The cache bus topic of changes to the lists. */
export const galleryListsTopic = cacheTopic<ListsMessage>('gallery-lists');
export const GALLERY_LISTS_TOPIC = galleryListsTopic.name;

type Page = ArtistsPage | GalleryPage;

/** The shared pages of /artists and /gallery (one cache per bus). */
const galleryPages = defineBusCache<Page>({
  name: 'gallery pages',
  max: MAX_PAGES,
  ttlMs: GALLERY_TTL_MS,
  hears: [hear(galleryListsTopic)],
});

/** Which shared set of pages this reader reads, or null when their lists are their own. */
export function sharedReaderKey(actor: Actor | null, sets: ReaderTagSets): string | null {
  if (!actor) return 'anonymous';
  if (!sets.hideNsfw && sets.hide.length === 0 && sets.blur.length === 0 && !sets.hideAi) return 'nsfw-all';
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
  return galleryPages(bus).load(`${reader}|${key}`, read);
}

/** A write that can change /artists or /gallery has committed: every instance drops its pages. */
export const galleryListsChanged = (bus: CacheBus) => galleryListsTopic.publish(bus, { kind: 'lists' });
