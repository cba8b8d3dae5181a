// The databases tests run on (harness.ts): a fresh copy of the run's migrated template, on
// PGlite (lent from a small pool of idle instances and reset between tests) or on PostgreSQL when
// DATABASE_URL is set.
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, pgliteOptions, type Database } from '../db/client.ts';

/** A fresh database copied from the run's migrated template: PGlite, or PostgreSQL when DATABASE_URL is set. */
export async function freshDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const pgTemplate = inject('pgTemplate');
  const url = process.env.DATABASE_URL;
  if (pgTemplate && url) {
    const name = `brushline_t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database "${name}" template "${pgTemplate}"`);
    const target = new URL(url);
    target.pathname = `/${name}`;
    const database = await openDatabase({ url: target.toString() });
    return {
      database,
      drop: async () => {
        await database.close();
        await admin.query(`drop database if exists "${name}" with (force)`);
        await admin.end();
      },
    };
  }
  return lendPglite();
}

/**
 * PGlite instances of this worker that a finished test file gave back. Starting one from the
 * template costs most of a small file's time (PostgreSQL's start-up and a 40 MB data directory
 * written into its memory file system), so the next file takes one back after a reset that leaves
 * it as the template was: every table emptied with its identities restarted, and the session's
 * state (prepared statements, settings, advisory locks) discarded.
 */
const idle: PGlite[] = [];
const IDLE_MAX = 2;

async function lendPglite(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const client = (await reusedPglite()) ?? (await templatePglite());
  let returned = false;
  // The file's app sees the instance through this view, which acts as a closed PGlite once the
  // file gave it back: a late query of a closed app can never reach the next file's data.
  const view = new Proxy(client, {
    get(target, prop) {
      const value: unknown = Reflect.get(target, prop, target);
      if (typeof value !== 'function') return value;
      if (returned) return () => Promise.reject(new Error('PGlite is closed'));
      return (value as (...args: unknown[]) => unknown).bind(target);
    },
  });
  const database = await openDatabase({ pglite: view });
  return {
    database,
    drop: async () => {
      if (returned) return;
      returned = true;
      if (idle.length < IDLE_MAX && !client.closed) idle.push(client);
      else await client.close();
    },
  };
}

async function templatePglite(): Promise<PGlite> {
  const dump = await readFile(inject('pgliteTemplate'));
  return PGlite.create(pgliteOptions({ loadDataDir: new Blob([dump]) }));
}

/** The template's tables (all empty: the migrations only fill tables from other empty ones). */
let tables: string | undefined;

/** How many instances this worker took back after a reset, and how many resets failed (harness.test.ts). */
export const pgliteReuse = { reused: 0, failed: [] as string[] };

async function reusedPglite(): Promise<PGlite | undefined> {
  for (let client = idle.pop(); client; client = idle.pop()) {
    try {
      await resetPglite(client);
      pgliteReuse.reused += 1;
      return client;
    } catch (err) {
      // Left in a state no reset can undo: start a fresh one instead. A reset that always fails
      // costs every file a fresh instance (seconds each), so it is kept for harness.test.ts to see.
      pgliteReuse.failed.push(err instanceof Error ? err.message : String(err));
      await client.close().catch(() => {});
    }
  }
  return undefined;
}

async function resetPglite(client: PGlite): Promise<void> {
  // A transaction left open by a closed app would hold the reset inside it.
  if (client.isInTransaction()) await client.exec('rollback');
  await client.exec('discard all');
  tables ??= (
    await client.query<{ list: string }>(
      `select string_agg(format('%I.%I', schemaname, tablename), ', ') as list
         from pg_tables where schemaname = 'public'`,
    )
  ).rows[0]!.list;
  // The ledger's tables refuse TRUNCATE by trigger (append-only, migration 0022); a reset of a
  // test database is not a ledger correction, so user triggers are off for it (superuser only).
  await client.exec(`set session_replication_role = replica;
    truncate ${tables} restart identity cascade;
    set session_replication_role = default`);
  // The job queue's own schema (platform/jobs.ts): no job of the last file runs in the next one.
  await client.exec(`do $$ begin
      if to_regclass('pgboss.job') is not null then truncate pgboss.job, pgboss.archive; end if;
    end $$`);
}
