import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { openDatabase, pgliteOptions, type Database, type DbOrTx } from '../db/client.ts';
import { lockPgliteDir } from '../db/pglite-lock.ts';
import { BackupRefusal } from './backup-archive.ts';

const run = promisify(execFile);

/** Every table outside PostgreSQL's own schemas: the app's, drizzle's migration log, pg-boss's queue. */
async function userTables(db: DbOrTx): Promise<string[]> {
  const rows = await db.execute<{ name: string }>(
    sql`select format('%I.%I', schemaname, tablename) as name from pg_tables
         where schemaname not in ('pg_catalog', 'information_schema') order by schemaname, tablename`,
  );
  return rows.rows.map((r) => r.name);
}

/** Rows per table (`schema.table` as PostgreSQL quotes it), in the caller's snapshot. */
export async function tableCounts(db: DbOrTx): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const name of await userTables(db)) {
    const { rows } = await db.execute<{ n: string }>(sql.raw(`select count(*) as n from ${name}`));
    counts[name] = Number(rows[0]!.n);
  }
  return counts;
}

/** Refuses a database that already holds a table (the restore never merges into one). */
export async function assertEmptyDatabase(db: DbOrTx, where: string): Promise<void> {
  const tables = await userTables(db);
  if (tables.length)
    throw new BackupRefusal(
      `The database ${where} is not empty (${tables.length} tables, e.g. ${tables.slice(0, 3).join(', ')}). ` +
        'Restore only into an empty one: create a new database, or drop and create this one.',
    );
}

/** The URL without its password, which goes to libpq through PGPASSWORD: not on a command line `ps` shows. */
function libpqTarget(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const target = new URL(url);
  const password = decodeURIComponent(target.password);
  target.password = '';
  return {
    dbname: target.toString(),
    env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
  };
}

/** A PostgreSQL client tool, with its own message as the error (or how to install it). */
async function pgTool(tool: 'pg_dump' | 'pg_restore', args: string[], env: NodeJS.ProcessEnv) {
  try {
    await run(tool, args, { env, maxBuffer: 16 * 1024 * 1024 });
  } catch (err) {
    const e = err as NodeJS.ErrnoException & { stderr?: string };
    if (e.code === 'ENOENT')
      throw new Error(
        `${tool} is not installed: install the PostgreSQL client tools of the server's version or newer (Debian: postgresql-client-15)`,
      );
    throw new Error(`${tool} failed: ${(e.stderr ?? e.message).trim()}`);
  }
}

/**
 * `pg_dump --format=custom` of the whole database (app tables, drizzle's migration log, the
 * `pgboss` job queue) in the snapshot another connection exported, so the backup's row counts
 * and media keys, read in that snapshot, describe exactly the dumped rows.
 */
export async function dumpPostgres(url: string, snapshot: string, file: string): Promise<void> {
  const { dbname, env } = libpqTarget(url);
  await pgTool(
    'pg_dump',
    ['--format=custom', `--snapshot=${snapshot}`, `--file=${file}`, `--dbname=${dbname}`],
    env,
  );
}

/**
 * pg_restore into an empty database, in one transaction (a failure leaves it empty), without the
 * source's owners and grants: the objects belong to the user of DATABASE_URL.
 */
export async function restorePostgres(url: string, file: string): Promise<void> {
  const { dbname, env } = libpqTarget(url);
  await pgTool(
    'pg_restore',
    ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${dbname}`, file],
    env,
  );
}

export interface OpenPglite {
  client: PGlite;
  database: Database;
  close(): Promise<void>;
}

/**
 * The embedded database in `dataDir`, under its lock (a running server refuses the backup), or a
 * new one there loaded from a data-folder dump (the restore). Not migrated: it is copied as it is.
 */
export async function openPgliteDir(dataDir: string, load?: string): Promise<OpenPglite> {
  const exists = existsSync(join(dataDir, 'PG_VERSION'));
  if (!load && !exists)
    throw new BackupRefusal(`There is no embedded database in ${dataDir}: nothing to back up.`);
  if (load && exists)
    throw new BackupRefusal(
      `${dataDir} already holds an embedded database. Restore only into a DATA_DIR without one (a new folder).`,
    );
  await mkdir(dataDir, { recursive: true });
  const unlock = lockPgliteDir(dataDir);
  try {
    const loadDataDir = load ? new Blob([await readFile(load)]) : undefined;
    const client = await PGlite.create(pgliteOptions({ dataDir, loadDataDir }));
    const database = await openDatabase({ pglite: client });
    return {
      client,
      database,
      async close() {
        await client.close();
        unlock();
      },
    };
  } catch (err) {
    unlock();
    throw err;
  }
}

/** PGlite's own dump of its data folder (gzip), after a checkpoint so it starts without replaying WAL. */
export async function dumpPglite(client: PGlite, file: string): Promise<void> {
  await client.exec('checkpoint');
  const dump = await client.dumpDataDir('gzip');
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
}
