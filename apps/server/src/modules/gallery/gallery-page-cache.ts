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
 * A tag filter's ids are kept the same way (cachedTagIds), emptied by every vocabulary write.
 *
 * Concurrent misses of one page share one read (`load`), so a page that just expired under load is
 * read once, not once per waiting request; a read that began before an invalidation is not shared
 * with requests that arrive after it.
 */
export const GALLERY_TTL_MS = 5000;
const MAX_PAGES = 1000;
const MAX_TAG_FILTERS = 5000;

type ListsMessage = { kind: 'lists' } | { kind: 'vocabulary' };
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

/** A tag filter's ids (the tag and its descendants) by the title asked; dropped with the vocabulary. */
const galleryTagIds = defineBusCache<{ ids: number[] }>({
  name: 'gallery tag filters',
  max: MAX_TAG_FILTERS,
  ttlMs: GALLERY_TTL_MS,
  hears: [
    hear(galleryListsTopic, (ids, m) => {
      if (m.kind === 'vocabulary') ids.invalidate();
    }),
  ],
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

/**
 * The ids a tag filter by `title` matches (`read`: the tag, its synonyms' canonical tag and its
 * descendants), kept until the next write to the vocabulary, so a
 * filtered list that misses its page still skips the two lookups of the tag and its descendants.
 */
export async function cachedTagIds(
  bus: CacheBus,
  title: string,
  read: () => Promise<number[]>,
): Promise<number[]> {
  return (await galleryTagIds(bus).load(title, async () => ({ ids: await read() }))).ids;
}

/** A write that can change /artists or /gallery has committed: every instance drops its pages. */
export const galleryListsChanged = (bus: CacheBus) => galleryListsTopic.publish(bus, { kind: 'lists' });

/** The tag vocabulary changed (the tagVocabularyChanged reaction): every instance drops its pages and tag filters. */
export const galleryVocabularyChanged = (bus: CacheBus) =>
  galleryListsTopic.publish(bus, { kind: 'vocabulary' });
