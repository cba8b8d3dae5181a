// A fresh PostgreSQL database for one bench run, created beside the one a URL names and dropped
// after, and the app served on it.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fork } from 'node:child_process';
import { once } from 'node:events';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase, type Database } from '../apps/server/src/db/client.ts';
import { runMigrations } from '../apps/server/src/db/migrate.ts';

/** The app on `database` (not seeded with the demo, silent), listening on a port the kernel picks. */
export async function serveBench(
  database: Database,
  dataDir: string,
  name: string,
  /** Redis for the cache bus and rate limits, as a deployment of several instances has it. */
  redisUrl?: string,
) {
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
  });
  const app = await buildApp({
    config,
    database,
    logger: false,
    ...(redisUrl ? { hubChannel: `bench-${name}-${process.pid}` } : {}),
    webDist: null,
    rateLimitPrefix: `bench-${name}-${process.pid}`,
  });
  return { app, base: await app.listen({ port: 0, host: '127.0.0.1' }) };
}

/**
 * The app on the PostgreSQL database at `url`, in a process of its own (serve-child.ts, forked with
 * this process's flags so it loads TypeScript the same way): the load generator keeps its own event
 * loop, as clients do. `close` ends it.
 */
export async function serveInChild(
  url: string,
  dataDir: string,
  name: string,
): Promise<{ base: string; close: () => Promise<void> }> {
  const child = fork(new URL('./serve-child.ts', import.meta.url), [url, dataDir, name]);
  const [message] = (await Promise.race([
    once(child, 'message'),
    once(child, 'exit').then(() => {
      throw new Error('the bench server exited before listening');
    }),
  ])) as [{ base: string }];
  return {
    base: message.base,
    close: async () => {
      if (child.exitCode !== null) return;
      const exited = once(child, 'exit');
      child.send('close');
      await exited;
    },
  };
}

/**
 * A fresh PostgreSQL database next to the one in `url`; dropped (forcibly) by `drop`. Named
 * `<BENCH_DATABASE_PREFIX>_<pid>` (default prefix `brushline_bench`), so a shared server can keep
 * each user's databases apart.
 */
export async function freshPostgres(
  url: string,
): Promise<{ database: Database; url: string; drop: () => Promise<void> }> {
  const prefix = process.env.BENCH_DATABASE_PREFIX || 'brushline_bench';
  if (!/^[a-z_][a-z0-9_]{0,40}$/.test(prefix))
    throw new Error(`BENCH_DATABASE_PREFIX must be a lower-case SQL name, not ${JSON.stringify(prefix)}`);
  const name = `${prefix}_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`drop database if exists "${name}" with (force)`);
  await admin.query(`create database "${name}"`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openDatabase({ url: target.toString() });
  return {
    database,
    url: target.toString(),
    drop: async () => {
      await database.close();
      // pg's pool.end() resolves before its sockets have closed; a forced drop meanwhile kills those
      // backends, and the FATAL they receive crashes the process as an unhandled pool error.
      for (let i = 0; i < 50; i += 1) {
        const { rows } = await admin.query<{ n: number }>(
          'select count(*)::int as n from pg_stat_activity where datname = $1',
          [name],
        );
        if (rows[0]!.n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}

export interface PostgresBench {
  /** The fresh, migrated database (seed it before `serve`). */
  database: Database;
  url: string;
  /**
   * Serves the app on the database, in a process of its own (BENCH_IN_PROCESS=1: in this one, where
   * the load generator shares its event loop, as every bench ran before 2026-11-28); its base URL.
   */
  serve: () => Promise<string>;
  /**
   * Closes the app, then drops the database — or keeps it with BENCH_KEEP_DB=1 (its URL printed,
   * for EXPLAIN (ANALYZE, BUFFERS) of the bench's queries; drop it by hand after) and exits.
   */
  finish: () => Promise<void>;
}

/**
 * The setup every PostgreSQL bench shares: a fresh database beside BENCH_DATABASE_URL or
 * DATABASE_URL (the process exits with a message when neither is set), migrated, and a data
 * folder for the app. Call `finish` in a `finally`.
 */
export async function postgresBench(name: string): Promise<PostgresBench> {
  const pgUrl = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL;
  if (!pgUrl) {
    console.log(`${name} benchmark: set BENCH_DATABASE_URL or DATABASE_URL (the target is for PostgreSQL)`);
    process.exit(1);
  }
  const fresh = await freshPostgres(pgUrl);
  const dataDir = await mkdtemp(join(tmpdir(), `brushline-bench-${name}-`));
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  let closeChild: (() => Promise<void>) | undefined;
  try {
    await runMigrations(fresh.database);
  } catch (error) {
    await fresh.drop();
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    database: fresh.database,
    url: fresh.url,
    serve: async () => {
      if (process.env.BENCH_IN_PROCESS === '1') {
        const served = await serveBench(fresh.database, dataDir, name);
        app = served.app;
        return served.base;
      }
      const served = await serveInChild(fresh.url, dataDir, name);
      closeChild = served.close;
      return served.base;
    },
    finish: async () => {
      await app?.close();
      await closeChild?.();
      const keep = process.env.BENCH_KEEP_DB === '1';
      if (keep) {
        await fresh.database.close();
        console.log(`  kept the database: ${fresh.url}`);
      } else await fresh.drop();
      await rm(dataDir, { recursive: true, force: true });
      // A kept database leaves freshPostgres's admin connection open.
      if (keep) process.exit();
    },
  };
}
