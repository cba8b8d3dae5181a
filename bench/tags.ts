// Tag autocomplete benchmark (decision 0015): 100,000 tags with synonyms and parents on a fresh
// PostgreSQL database (BENCH_DATABASE_URL or DATABASE_URL; created for the run and dropped after),
// then `GET /api/tags/autocomplete?q=` at 20 connections over a stream of what people type
// (typingStream: prefixes, typos the trigram match has to catch, synonyms, whole titles),
// anonymous and signed in with NSFW shown, then uncached (each query of the stream once, so
// PostgreSQL answers every request), beside the raw `GET /api/health` in the same run.
// Target: p99 ≤ 20 ms. With BENCH_REDIS_URL or REDIS_URL the cache bus runs on Redis.
// Run: `npm run bench:tags` (BENCH_SECONDS, default 10; BENCH_EXPLAIN=1 prints the query plans).
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { TAG_SUGGESTIONS_MAX } from '@brushline/shared/tags/constants';
import type { TagSuggestion } from '@brushline/shared/tags/schemas';
import { TAG_SUGGEST_TTL_MS } from '../apps/server/src/modules/tags/tag-suggest-cache.ts';
import type { buildApp } from '../apps/server/src/app.ts';
import { runMigrations } from '../apps/server/src/db/migrate.ts';
import { suggestSql } from '../apps/server/src/modules/tags/tag-suggest.repo.ts';
import { loadTagWords } from '../apps/server/src/modules/tags/tag-word-index.ts';
import { normalizeTagTitle } from '@brushline/shared/tags/normalize';
import { startSession } from '../apps/server/src/platform/session.ts';
import { prng } from './feed-seed.ts';
import { freshPostgres, serveBench } from './fresh-postgres.ts';
import { measure } from './measure.ts';
import { seedTags, type TagSeed } from './tags-seed.ts';

const P99_MAX_MS = 20;
const TAGS = 100_000;
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = 20;
/** Requests in the query stream before it starts again. */
const STREAM_LENGTH = 200_000;

/**
 * What people type into tag pickers, as one stream of requests all connections draw from (the same
 * every run). The tag someone is after is drawn in proportion to its usage count + 1 (the count
 * says how often people chose it; the long tail of unused tags is still asked); then what they
 * typed before the 500 ms debounce fired: a prefix of 2 to 6 characters, a typo in one of its
 * words that only the trigram match finds, one of its synonyms (whole or begun), the whole title,
 * or the title typed with spaces and capitals. The stream is long enough that most of its queries
 * are asked once or a few times per run: the autocomplete cache (decision 0015) only answers what
 * was asked within its TTL.
 */
function typingStream(seed: TagSeed, length: number): string[] {
  const rand = prng(7);
  const cumulative: number[] = [];
  let total = 0;
  for (const u of seed.usage) cumulative.push((total += u + 1));
  const weighted = () => {
    const x = rand() * total;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! > x) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  };
  const synonymsOf = new Map<number, string[]>();
  seed.synonymOf.forEach((tag, i) =>
    synonymsOf.set(tag, [...(synonymsOf.get(tag) ?? []), seed.synonymTitles[i]!]),
  );
  const out: string[] = [];
  while (out.length < length) {
    const tag = weighted();
    const title = seed.titles[tag]!;
    const r = rand();
    if (r < 0.46) out.push(title.slice(0, 2 + Math.floor(rand() * 5)));
    else if (r < 0.69) {
      // A typo in a word: one letter swapped for its neighbour or dropped.
      const words = title.split('_');
      const w = Math.floor(rand() * words.length);
      const word = words[w]!;
      if (word.length < 4) continue;
      const at = 1 + Math.floor(rand() * (word.length - 2));
      words[w] =
        rand() < 0.5
          ? word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2)
          : word.slice(0, at) + word.slice(at + 1);
      // Typed up to the typo's word, or on to the end.
      out.push(words.slice(0, rand() < 0.5 ? w + 1 : words.length).join('_'));
    } else if (r < 0.84) {
      const synonyms = synonymsOf.get(tag);
      if (!synonyms) continue;
      const s = synonyms[Math.floor(rand() * synonyms.length)]!;
      out.push(rand() < 0.5 ? s : s.slice(0, Math.max(3, Math.ceil(s.length * 0.6))));
    } else if (r < 0.96) out.push(title);
    else out.push(title.replaceAll('_', ' ').toUpperCase());
  }
  return out;
}

const pgUrl = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL;
if (!pgUrl) {
  console.log('tags benchmark: set BENCH_DATABASE_URL or DATABASE_URL (the target is for PostgreSQL)');
  process.exit(1);
}
const fresh = await freshPostgres(pgUrl);
const dataDir = await mkdtemp(join(tmpdir(), 'brushline-bench-tags-'));
let app: Awaited<ReturnType<typeof buildApp>> | undefined;
try {
  await runMigrations(fresh.database);
  const t0 = Date.now();
  const seeded = await seedTags(fresh.url, TAGS);
  console.log(
    `tags benchmark on PostgreSQL: ${seeded.tags} tags, ${seeded.synonyms} synonyms, ${seeded.links} parent links (seeded in ${((Date.now() - t0) / 1000).toFixed(1)} s); ${seconds}s per route, ${connections} connections`,
  );
  const loadStart = performance.now();
  const wordIndex = await loadTagWords(fresh.database.db);
  console.log(
    `  typo correction's words: ${wordIndex.size} loaded and indexed in ${(performance.now() - loadStart).toFixed(0)} ms (once per instance, again after each vocabulary change)`,
  );
  const redisUrl = process.env.BENCH_REDIS_URL || process.env.REDIS_URL;
  const served = await serveBench(fresh.database, dataDir, 'tags', redisUrl);
  app = served.app;
  const base = served.base;
  const queries = typingStream(seeded, STREAM_LENGTH);
  console.log(
    `  query stream: ${queries.length} requests, ${new Set(queries.map(normalizeTagTitle)).size} distinct queries; cache bus ${redisUrl ? 'on Redis' : 'in process (no REDIS_URL)'}`,
  );
  /**
   * Each request takes the next query of the stream (shared by all connections). Counts the
   * requests whose query was not asked within the cache's TTL before (by the same kind of reader):
   * those are answered by PostgreSQL, the others may come from the cache.
   */
  const streamed = () => {
    let at = 0;
    let requests = 0;
    let fresh = 0;
    const filled = new Map<string, number>();
    return {
      next: () => {
        const q = queries[at]!;
        at = (at + 1) % queries.length;
        const key = normalizeTagTitle(q);
        const now = Date.now();
        requests += 1;
        if (now - (filled.get(key) ?? -Infinity) > TAG_SUGGEST_TTL_MS) {
          fresh += 1;
          filled.set(key, now);
        }
        return `/api/tags/autocomplete?q=${encodeURIComponent(q)}`;
      },
      share: () => `${((100 * fresh) / Math.max(1, requests)).toFixed(0)}% of ${requests} requests`,
    };
  };

  // Sanity before measuring: a synonym answers its canonical tag as "alias → canonical", and a
  // typo still finds the word it misspells.
  const ask = async (q: string) => {
    const res = await fetch(`${base}/api/tags/autocomplete?q=${encodeURIComponent(q)}`);
    if (res.status !== 200) throw new Error(`autocomplete ${q}: ${res.status}`);
    return ((await res.json()) as { items: TagSuggestion[] }).items;
  };
  const synonym = seeded.synonymTitles[0]!;
  const bySynonym = await ask(synonym);
  if (!bySynonym.some((s) => s.alias === synonym && s.label.includes(' → ')))
    throw new Error(`${synonym} did not answer its canonical tag: ${JSON.stringify(bySynonym[0])}`);
  if (!(await ask('dragno')).some((s) => s.title === 'dragon'))
    throw new Error('the typo "dragno" did not find "dragon"');
  if ((await ask('fo')).length !== TAG_SUGGESTIONS_MAX) throw new Error('"fo" should fill the list');

  if (process.env.BENCH_EXPLAIN) {
    const client = new pg.Client({ connectionString: fresh.url });
    await client.connect();
    // The whole suggestion (one statement): a prefix, a synonym, whole titles, typos.
    const words = await loadTagWords(fresh.database.db);
    const plans = ['fo', 'red_f', 'artist_', synonym, 'dragon', 'dragno', 'striped_tigre_hat'].map(
      (q) => [`suggestion q=${q}`, suggestSql(q, words.correct(q), false, TAG_SUGGESTIONS_MAX)] as const,
    );
    for (const [label, query] of plans) {
      const built = new PgDialect().sqlToQuery(query);
      const plan = await client.query(`explain (analyze, buffers) ${built.sql}`, built.params);
      console.log(`\nEXPLAIN ANALYZE ${label}\n${plan.rows.map((r) => r['QUERY PLAN']).join('\n')}`);
    }
    await client.end();
  }

  // A reader who displays NSFW: the query then ranks NSFW tags too.
  const reader = await fresh.database.db.execute<{ id: string }>(
    sql`insert into users (login, email, display_name, password_hash, display_nsfw)
      values ('bench_reader', 'bench_reader@example.test', 'Bench reader', 'not-a-password-hash', true) returning id`,
  );
  const cookie = { cookie: `sid=${await startSession(fresh.database.db, reader.rows[0]!.id)}` };
  const opts = { seconds, connections };
  const raw = await measure(base, 'GET /api/health', '/api/health', opts);
  const anonStream = streamed();
  const anon = await measure(base, 'autocomplete (query stream)', anonStream.next, opts);
  const signedInStream = streamed();
  const signedIn = await measure(base, 'same, signed in, NSFW shown', signedInStream.next, opts, cookie);
  // Every request PostgreSQL's: each query of the stream once, in the order first asked, after the
  // answers cached above have expired (none of them is asked twice, so the cache never answers).
  await new Promise((resolve) => setTimeout(resolve, TAG_SUGGEST_TTL_MS + 500));
  const once = [...new Map(queries.map((q) => [normalizeTagTitle(q), q])).values()];
  let onceAt = 0;
  const uncached = await measure(
    base,
    'uncached (each query once)',
    () => `/api/tags/autocomplete?q=${encodeURIComponent(once[onceAt++ % once.length]!)}`,
    opts,
  );
  const raw2 = await measure(base, 'GET /api/health (again)', '/api/health', { ...opts, warmup: 0 });
  const health = (raw.rps + raw2.rps) / 2;
  console.log(
    `  autocomplete ÷ health req/s     ${(anon.rps / health).toFixed(2)} anonymous, ${(signedIn.rps / health).toFixed(2)} signed in, ${(uncached.rps / health).toFixed(2)} uncached`,
  );
  console.log(
    `  not asked within the TTL before  ${anonStream.share()} anonymous, ${signedInStream.share()} signed in (warm-up included)`,
  );
  const worst = Math.max(anon.p99, signedIn.p99);
  const ok = worst <= P99_MAX_MS;
  console.log(
    `  autocomplete p99                ${worst} ms  (target ≤ ${P99_MAX_MS} ms)  ${ok ? 'PASS' : 'FAIL'}; uncached ${uncached.p99} ms`,
  );
  console.log(
    `  load average                    ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  if (raw.failures + anon.failures + signedIn.failures + uncached.failures + raw2.failures > 0 || !ok)
    process.exitCode = 1;
} finally {
  await app?.close();
  await fresh.drop();
  await rm(dataDir, { recursive: true, force: true });
}
