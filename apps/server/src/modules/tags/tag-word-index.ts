// The autocomplete's typo correction, in memory (decision 0015 "Typo correction in memory"): the
// words of live titles (`tag_words`, kept exact by a trigger) loaded once per instance and indexed
// by trigram, so correcting a mistyped word costs microseconds of this process instead of a
// trigram index scan in PostgreSQL for every suggestion. The measure is pg_trgm's `similarity`
// (tag-word-index.test.ts checks it against PostgreSQL's own function); the vocabulary follows
// every committed write through the cache bus.
import type { DbOrTx } from '../../db/client.ts';
import { perBus, SingleFlight } from '../../platform/bus-cache.ts';
import type { CacheBus } from '../../platform/cache-bus.ts';
import { vocabularyTopic } from './tag-suggest-cache.ts';
import { liveTagWords } from './tag-suggest.repo.ts';

/** pg_trgm's default `similarity_threshold`: a word is a candidate fix at this similarity or more. */
export const WORD_SIMILARITY_MIN = 0.3;
/** Words shorter than this are neither corrected nor kept (as `tag_title_words` in migration 0012). */
const WORD_MIN = 3;
/**
 * How old the loaded words may get before the next suggestion reloads them in the background.
 * Writes through the app reach every instance at once (the bus); this bounds what the bus cannot
 * tell: changes behind the app's back (the seed CLI, SQL) and messages lost while Redis was away.
 */
export const WORD_INDEX_TTL_MS = 10_000;

/**
 * pg_trgm's trigrams of `text`, distinct: each run of letters and digits, lower-cased, padded with
 * two spaces in front and one behind, cut into every three consecutive characters.
 */
export function trigramsOf(text: string): Set<string> {
  const out = new Set<string>();
  if (/^[a-z0-9]+$/.test(text)) {
    // Most words: one token of ASCII letters and digits (the same trigrams, without the splitting).
    const padded = `  ${text} `;
    for (let i = 0; i + 3 <= padded.length; i += 1) out.add(padded.slice(i, i + 3));
    return out;
  }
  for (const token of text.toLowerCase().split(/[^\p{L}\p{N}]+/u)) {
    if (!token) continue;
    const chars = Array.from(`  ${token} `);
    for (let i = 0; i + 3 <= chars.length; i += 1) out.add(chars[i]! + chars[i + 1]! + chars[i + 2]!);
  }
  return out;
}

/** pg_trgm's `similarity(a, b)`: shared trigrams over all distinct trigrams of the two. */
export function trigramSimilarity(a: string, b: string): number {
  const ta = trigramsOf(a);
  const tb = trigramsOf(b);
  let shared = 0;
  for (const t of ta) if (tb.has(t)) shared += 1;
  const all = ta.size + tb.size - shared;
  return all === 0 ? 0 : shared / all;
}

/** The words titles use, for "is this word known" and "which known word is it most like". */
export class TagWordIndex {
  /** Every word, sorted by UTF-16 code units: the words starting with a prefix are one run. */
  private readonly sorted: string[];
  private readonly words: string[];
  private readonly uses: Int32Array;
  /** How many distinct trigrams each word has. */
  private readonly sizes: Uint16Array;
  /** For each trigram, the words (indexes into `words`) that have it. */
  private readonly postings = new Map<string, number[]>();
  /** Scratch for `closest`: shared trigrams per word, and which words were touched. */
  private readonly shared: Uint16Array;

  constructor(rows: ReadonlyArray<{ word: string; uses: number }>) {
    const live = rows.filter((r) => r.uses > 0 && r.word.length >= WORD_MIN);
    this.words = live.map((r) => r.word);
    this.uses = Int32Array.from(live, (r) => r.uses);
    this.sizes = new Uint16Array(live.length);
    this.shared = new Uint16Array(live.length);
    this.words.forEach((word, i) => {
      const grams = trigramsOf(word);
      this.sizes[i] = grams.size;
      for (const g of grams) {
        const list = this.postings.get(g);
        if (list) list.push(i);
        else this.postings.set(g, [i]);
      }
    });
    this.sorted = [...this.words].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  }

  get size(): number {
    return this.words.length;
  }

  /** Whether a title uses `word` (`whole`), or a word starting with it (a word still being typed). */
  knows(word: string, whole: boolean): boolean {
    let lo = 0;
    let hi = this.sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.sorted[mid]! < word) lo = mid + 1;
      else hi = mid;
    }
    const at = this.sorted[lo];
    return at !== undefined && (whole ? at === word : at.startsWith(word));
  }

  /**
   * The word titles use that is most similar to `word` (similarity at least WORD_SIMILARITY_MIN;
   * ties: the most used, then the first in code-unit order), or null.
   */
  closest(word: string): string | null {
    const grams = trigramsOf(word);
    const touched: number[] = [];
    for (const g of grams) {
      for (const i of this.postings.get(g) ?? []) {
        if (this.shared[i] === 0) touched.push(i);
        this.shared[i] = this.shared[i]! + 1;
      }
    }
    let best = -1;
    let bestSimilarity = 0;
    for (const i of touched) {
      const shared = this.shared[i]!;
      this.shared[i] = 0;
      const similarity = shared / (grams.size + this.sizes[i]! - shared);
      if (similarity < WORD_SIMILARITY_MIN) continue;
      if (
        best < 0 ||
        similarity > bestSimilarity ||
        (similarity === bestSimilarity &&
          (this.uses[i]! > this.uses[best]! ||
            (this.uses[i] === this.uses[best] && this.words[i]! < this.words[best]!)))
      ) {
        best = i;
        bestSimilarity = similarity;
      }
    }
    return best < 0 ? null : this.words[best]!;
  }

  /**
   * `q` (a normalised query) with each word of three characters or more that no title uses
   * corrected to the most similar word one does; the last word counts as used when a word starts
   * with it, since it may be still being typed. Null when nothing was corrected.
   */
  correct(q: string): string | null {
    if (q.length < WORD_MIN) return null;
    const words = q.split('_');
    let changed = false;
    const fixed = words.map((word, i) => {
      if (word.length < WORD_MIN || this.knows(word, i < words.length - 1)) return word;
      const fix = this.closest(word);
      if (fix === null) return word;
      changed = true;
      return fix;
    });
    return changed ? fixed.join('_') : null;
  }
}

/** Every live word with its uses, as `tag_words` holds them. */
export async function loadTagWords(db: DbOrTx): Promise<TagWordIndex> {
  return new TagWordIndex(await liveTagWords(db));
}

interface Holder {
  index?: TagWordIndex;
  loadedAt: number;
  /** Bumped by every vocabulary change: a load that started before one is not trusted. */
  generation: number;
  /** The generation the index was loaded at; behind `generation` means stale. */
  loadedGeneration: number;
  /** The load under way (shared by the callers of one generation: platform/bus-cache.ts). */
  flights: SingleFlight<TagWordIndex>;
}

/** One holder per app (per bus), so two apps in one process behave as two servers. */
const holderOf = perBus((bus): Holder => {
  const holder: Holder = { loadedAt: 0, generation: 0, loadedGeneration: -1, flights: new SingleFlight() };
  const changed = () => {
    holder.generation += 1;
  };
  bus.on(vocabularyTopic.name, changed);
  bus.onReset(changed);
  return holder;
});

/**
 * This instance's word index. After a vocabulary change (a committed write on any instance, or
 * contact with the others lost or regained) the next caller waits for a reload, so a word a tag was
 * just given is corrected towards at once; an index older than WORD_INDEX_TTL_MS is reloaded in the
 * background while the old one still answers (a stale word never shows anything: the corrected
 * query's titles are read from `tags` with the live conditions).
 */
export async function tagWordIndex(ctx: { db: DbOrTx; bus: CacheBus }): Promise<TagWordIndex> {
  const h = holderOf(ctx.bus);
  const reload = () => {
    const generation = h.generation;
    return h.flights.run('words', generation, async () => {
      const startedAt = Date.now();
      const index = await loadTagWords(ctx.db);
      // A load of an older generation that ends after a newer one keeps the newer index.
      if (generation >= h.loadedGeneration) {
        h.index = index;
        h.loadedAt = startedAt;
        h.loadedGeneration = generation;
      }
      return index;
    });
  };
  if (!h.index || h.loadedGeneration !== h.generation) {
    const old = h.index;
    // Unreachable database: the words loaded before still correct typos (nothing shown is stale).
    return reload().catch((err: unknown) => {
      if (old) return old;
      throw err;
    });
  }
  if (Date.now() - h.loadedAt > WORD_INDEX_TTL_MS) void reload().catch(() => undefined);
  return h.index;
}
