import { writeFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase, pgliteOptions, type Database } from '../db/client.ts';
import { runMigrations } from '../db/migrate.ts';
import { createJobQueue } from '../platform/jobs.ts';
import { startS3Server } from './s3-server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: a migrated data directory dump to load per test file. */
    pgliteTemplate: string;
    /** PostgreSQL: a migrated database to copy per test file. */
    pgTemplate: string;
    /** TEST_MEDIA_STORAGE=s3: the run's S3 server, where each test app makes its own bucket. */
    s3Endpoint: string;
  }
}

/** Migrates once per run; every test file then starts from a copy (fresh database per file). */
export default async function setup(project: TestProject) {
  const stopS3 = await provideS3(project);
  const stopDatabase = await setupDatabase(project);
  return async () => {
    await stopDatabase();
    await stopS3();
  };
}

/**
 * With TEST_MEDIA_STORAGE=s3 (`npm run test:s3`), one S3 protocol server for the run: test apps
 * then keep media in a bucket each instead of their DATA_DIR (harness.ts).
 */
async function provideS3(project: TestProject): Promise<() => Promise<void>> {
  const mode = process.env.TEST_MEDIA_STORAGE ?? 'local';
  if (mode !== 'local' && mode !== 's3')
    throw new Error(`TEST_MEDIA_STORAGE must be local or s3, not ${mode}`);
  if (mode === 'local') {
    project.provide('s3Endpoint', '');
    return async () => {};
  }
  const server = await startS3Server();
  project.provide('s3Endpoint', server.endpoint);
  return () => server.close();
}

async function setupDatabase(project: TestProject): Promise<() => Promise<void>> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = `brushline_tmpl_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists "${name}"`);
    await admin.query(`create database "${name}"`);
    const target = new URL(url);
    target.pathname = `/${name}`;
    const database = await openDatabase({ url: target.toString() });
    await runMigrations(database);
    await installJobQueue(database);
    await database.close();
    project.provide('pgTemplate', name);
    project.provide('pgliteTemplate', '');
    return async () => {
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    };
  }
  const client = await PGlite.create(pgliteOptions());
  const database = await openDatabase({ pglite: client });
  await runMigrations(database);
  await installJobQueue(database);
  await assertEmptyTemplate(client);
  const dump = await client.dumpDataDir('none');
  await client.close();
  const file = join(tmpdir(), `brushline-pglite-template-${process.pid}.tar`);
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  project.provide('pgTemplate', '');
  return () => rm(file, { force: true });
}

/**
 * Test files reuse a worker's PGlite after emptying every table (test/harness.ts), which gives them
 * the template only while the migrations leave every table empty and every sequence owned by one.
 */
async function assertEmptyTemplate(client: PGlite): Promise<void> {
  const { rows } = await client.query<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'S'
        and not exists (select 1 from pg_depend d where d.objid = c.oid and d.deptype in ('a', 'i'))`,
  );
  if (rows.length) throw new Error(`sequences no table owns: ${rows.map((r) => r.name).join(', ')}`);
  const { rows: tables } = await client.query<{ name: string }>(
    `select tablename as name from pg_tables where schemaname = 'public'`,
  );
  for (const { name } of tables) {
    const { rows: any } = await client.query(`select 1 from "${name}" limit 1`);
    if (any.length)
      throw new Error(`the migrations leave rows in ${name}: the test harness empties it between files`);
  }
}

/**
 * The job queue's schema in the template too (pg-boss makes it when an app starts): each test
 * file's apps then only check its version instead of building it, as a server does after its first start.
 */
async function installJobQueue(database: Database): Promise<void> {
  const silent = { error() {}, warn() {} } as unknown as Parameters<typeof createJobQueue>[0]['log'];
  const jobs = createJobQueue({ db: database.db, log: silent });
  await jobs.start();
  await jobs.stop();
}
