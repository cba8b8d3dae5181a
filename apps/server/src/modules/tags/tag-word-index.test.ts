import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { TagWordIndex, trigramSimilarity, WORD_SIMILARITY_MIN } from './tag-word-index.ts';

// The typo correction's words in memory (tag-word-index.ts, decision 0015). Its measure must be
// pg_trgm's `similarity`, computed here by PostgreSQL itself (PGlite, or the real server with
// DATABASE_URL); autocomplete answers with typos are in tag-suggest.test.ts, across instances in
// tag-suggest-cache.test.ts.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Letters, digits and the punctuation titles may hold, with accents and another script. */
const char = fc.constantFrom(...'abcdeforstuxyz0179-.()éüßж'.split(''));
const word = fc.string({ unit: char, minLength: 1, maxLength: 12 });

describe('trigram similarity', () => {
  it('is pg_trgm similarity() for any two words titles may hold', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(word, word), { minLength: 1, maxLength: 40 }), async (pairs) => {
        const { rows } = await t.app.deps.db.execute<{ s: number }>(
          sql`select similarity(p->>0, p->>1)::float8 as s
            from jsonb_array_elements(${JSON.stringify(pairs)}::jsonb) with ordinality as x(p, n)
            order by n`,
        );
        pairs.forEach(([a, b], i) => {
          // PostgreSQL computes it as a float4.
          expect(trigramSimilarity(a, b)).toBeCloseTo(Number(rows[i]!.s), 6);
        });
      }),
      { numRuns: 30 },
    );
  });

  it('corrects a word to the most similar one titles use, the most used on a tie', async () => {
    const index = new TagWordIndex([
      { word: 'dragon', uses: 3 },
      { word: 'wagon', uses: 50 },
      { word: 'dragoon', uses: 1 },
      { word: 'unused', uses: 0 },
    ]);
    expect(index.closest('dragno')).toBe('dragon');
    expect(trigramSimilarity('dragno', 'dragon')).toBeGreaterThanOrEqual(WORD_SIMILARITY_MIN);
    // Equally similar: the most used wins.
    const tie = new TagWordIndex([
      { word: 'abcx', uses: 1 },
      { word: 'abcy', uses: 9 },
    ]);
    expect(trigramSimilarity('abcz', 'abcx')).toBe(trigramSimilarity('abcz', 'abcy'));
    expect(tie.closest('abcz')).toBe('abcy');
    // Nothing similar enough, and words no title uses any more, are never suggested.
    expect(index.closest('qqqqq')).toBeNull();
    expect(index.closest('unusde')).toBeNull();
  });

  it('leaves known words alone; the last word counts as known while a word starts with it', () => {
    const index = new TagWordIndex([
      { word: 'red', uses: 2 },
      { word: 'fox', uses: 2 },
      { word: 'foxglove', uses: 1 },
      { word: 'striped', uses: 4 },
    ]);
    expect(index.correct('red_fox')).toBeNull();
    expect(index.correct('red_foxgl')).toBeNull(); // still being typed
    expect(index.correct('foxgl_red')).toBe('foxglove_red'); // a finished word is corrected
    expect(index.correct('stirped_fox')).toBe('striped_fox');
    expect(index.correct('re_fxo')).toBeNull(); // "re" is too short to correct, "fxo" too far
    expect(index.correct('zz')).toBeNull();
    expect(index.knows('strip', false)).toBe(true);
    expect(index.knows('strip', true)).toBe(false);
  });
});
