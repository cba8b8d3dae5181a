import type { TagSuggestion } from '@brushline/shared/tags/schemas';
import { cacheTopic, defineBusCache, hear, type BusCache } from '../../platform/bus-cache.ts';
import type { CacheBus } from '../../platform/cache-bus.ts';

/**
 * The autocomplete's answers, shared by every reader who sees the same maturities (decision 0015
 * "Autocomplete cache"): the key is what was asked (normalised) and whether NSFW tags are shown,
 * nothing else of the reader is in an answer.
 *
 * Freshness: every committed write to the vocabulary (create, update, merge, delete: titles,
 * synonyms, maturity, type) empties every instance's answers at once (cache bus, Redis between
 * instances; nothing is cached while the bus is down). Usage counts, which only order the
 * suggestions and move with every tagging inside other features' transactions, and changes behind
 * the app's back (demo seed from the CLI, SQL) show within TTL_MS.
 */
export const TAG_SUGGEST_TTL_MS = 5000;
const MAX_ANSWERS = 20_000;
/** The cache bus topic of vocabulary changes: this module's caches (the answers, the word index) hear it. */
export const vocabularyTopic = cacheTopic<{ kind: 'vocabulary' }>('tags');
export const TAG_VOCABULARY_TOPIC = vocabularyTopic.name;

export type TagSuggestCache = BusCache<TagSuggestion[]>;

/** The app's autocomplete answers (one cache per bus). */
export const tagSuggestCache = defineBusCache<TagSuggestion[]>({
  name: 'tag suggestions',
  max: MAX_ANSWERS,
  ttlMs: TAG_SUGGEST_TTL_MS,
  hears: [hear(vocabularyTopic)],
});

/** The cache key of one normalised query for readers who do (not) display NSFW. */
export const tagSuggestKey = (withNsfw: boolean, q: string) => `${withNsfw ? 'nsfw' : 'sfw'}|${q}`;

/**
 * A write to the vocabulary ended (after its commit): every instance drops its answers and reloads
 * its word index. Other modules' caches hear the tagVocabularyChanged event instead (reactions.ts).
 */
export const tagVocabularyChanged = (bus: CacheBus) => vocabularyTopic.publish(bus, { kind: 'vocabulary' });
