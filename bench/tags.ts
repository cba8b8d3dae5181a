// Tag autocomplete benchmark (issue 9 §5): 100,000 tags with synonyms and parents on a fresh
// PostgreSQL database (BENCH_DATABASE_URL or DATABASE_URL; created for the run and dropped after),
// then `GET /api/tags/autocomplete?q=` at 20 connections with a mix of what people type (prefixes,
// typos the trigram match has to catch, synonyms, whole titles), anonymous and signed in with NSFW
// shown, beside the raw `GET /api/health` in the same run. Target: p99 ≤ 20 ms.
// Run: `npm run bench:tags` (BENCH_SECONDS, default 10; BENCH_EXPLAIN=1 prints the query plans).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { TAG_SUGGESTIONS_MAX } from '@brushline/shared/tags/constants';
import type { TagSuggestion } from '@brushline/shared/tags/schemas';
import type { buildApp } from '../apps/server/src/app.ts';
import { runMigrations } from '../apps/server/src/db/migrate.ts';
import { prefixedTagsSql, wordFixesSql } from '../apps/server/src/modules/tags/tags.repo.ts';
import { startSession } from '../apps/server/src/platform/session.ts';
import { prng } from './feed-seed.ts';
import { freshPostgres, serveBench } from './fresh-postgres.ts';
import { measure } from './measure.ts';
import { seedTags } from './tags-seed.ts';

const P99_MAX_MS = 20;
const TAGS = 100_000;
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = 20;

/** What people type into a tag picker, drawn from the seeded titles (the same every run). */
function queryMix(titles: string[], synonyms: string[]): string[] {
  const rand = prng(7);
  const pick = (list: string[]) => list[Math.floor(rand() * list.length)]!;
  const out: string[] = [];
  for (let i = 0; i < 120; i += 1) {
    // Prefixes while typing, 2 to 6 characters.
    const t = pick(titles);
    out.push(t.slice(0, 2 + Math.floor(rand() * 5)));
  }
  for (let i = 0; i < 60; i += 1) {
    // A typo in a word: one letter swapped for its neighbour or dropped (only the trigram match finds it).
    const word = pick(titles).split('_')[0]!;
    if (word.length < 4) continue;
    const at = 1 + Math.floor(rand() * (word.length - 2));
    out.push(
      rand() < 0.5
        ? word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2)
        : word.slice(0, at) + word.slice(at + 1),
    );
  }
  for (let i = 0; i < 40; i += 1) {
    // Synonyms, whole or begun.
    const s = pick(synonyms);
    out.push(rand() < 0.5 ? s : s.slice(0, Math.max(3, Math.ceil(s.length * 0.6))));
  }
  for (let i = 0; i < 30; i += 1) out.push(pick(titles)); // whole titles
  for (let i = 0; i < 10; i += 1) out.push(pick(titles).replaceAll('_', ' ').toUpperCase()); // as typed
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
  const served = await serveBench(fresh.database, dataDir, 'tags');
  app = served.app;
  const base = served.base;
  const queries = queryMix(seeded.titles, seeded.synonymTitles);
  const paths = queries.map((q) => `/api/tags/autocomplete?q=${encodeURIComponent(q)}`);

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
    // The prefix query (what most keystrokes run) and the typo correction's word lookup.
    const plans: [string, ReturnType<typeof wordFixesSql>][] = [
      ...['fo', 'red_f', 'artist_', synonym, 'dragon'].map(
        (q) =>
          [`prefixes q=${q}`, prefixedTagsSql(q, false, TAG_SUGGESTIONS_MAX)] as [
            string,
            ReturnType<typeof wordFixesSql>,
          ],
      ),
      ['word fixes q=dragno', wordFixesSql('dragno')],
      ['word fixes q=striped_tigre_hat', wordFixesSql('striped_tigre_hat')],
    ];
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
  const anon = await measure(base, `autocomplete (${paths.length} queries)`, paths, opts);
  const signedIn = await measure(base, 'same, signed in, NSFW shown', paths, opts, cookie);
  const raw2 = await measure(base, 'GET /api/health (again)', '/api/health', { ...opts, warmup: 0 });
  const health = (raw.rps + raw2.rps) / 2;
  console.log(
    `  autocomplete ÷ health req/s     ${(anon.rps / health).toFixed(2)} anonymous, ${(signedIn.rps / health).toFixed(2)} signed in`,
  );
  const worst = Math.max(anon.p99, signedIn.p99);
  const ok = worst <= P99_MAX_MS;
  console.log(
    `  autocomplete p99                ${worst} ms  (target ≤ ${P99_MAX_MS} ms)  ${ok ? 'PASS' : 'FAIL'}`,
  );
  if (raw.failures + anon.failures + signedIn.failures + raw2.failures > 0 || !ok) process.exitCode = 1;
} finally {
  await app?.close();
  await fresh.drop();
  await rm(dataDir, { recursive: true, force: true });
}
