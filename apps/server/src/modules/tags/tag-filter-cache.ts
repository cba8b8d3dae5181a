import { defineBusCache, hear } from '../../platform/bus-cache.ts';
import type { CacheBus } from '../../platform/cache-bus.ts';
import { TAG_SUGGEST_TTL_MS, vocabularyTopic } from './tag-suggest-cache.ts';

/**
 * What a list's tag filter matches (`tagFilterIds`: a title's canonical tag and its descendants),
 * by the normalised title, for /artists, /gallery and /requests alike: a filtered list whose page
 * the list cache misses still skips the tag lookup. It depends on the vocabulary alone, so every
 * committed vocabulary write empties it on every instance (the module's cache bus topic, as the
 * autocomplete's answers); changes behind the app's back show within TAG_SUGGEST_TTL_MS.
 */
const MAX_FILTERS = 5000;

export const tagFilterCache = defineBusCache<{ ids: number[] }>({
  name: 'tag filters',
  max: MAX_FILTERS,
  ttlMs: TAG_SUGGEST_TTL_MS,
  hears: [hear(vocabularyTopic)],
});

export const cachedFilterIds = async (bus: CacheBus, title: string, read: () => Promise<number[]>) =>
  (await tagFilterCache(bus).load(title, async () => ({ ids: await read() }))).ids;
