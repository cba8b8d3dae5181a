import { copyFile, link, mkdir, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import { ConfigError, loadConfig, type Config } from '../config.ts';
import { openDatabase, type DbOrTx } from '../db/client.ts';
import { DatabaseInUseError } from '../db/pglite-lock.ts';
import { serverPackageFile } from '../locations.ts';
import { isMediaKey } from '../platform/media-storage.ts';
import { createS3Storage } from '../platform/s3-storage.ts';
import { SIGNING_SECRET_FILE } from '../platform/signing-secret.ts';
import {
  BackupRefusal,
  describePart,
  mediaPart,
  PGDUMP_PART,
  PGLITE_PART,
  SECRET_PART,
  totalRows,
  writeArchive,
  type Manifest,
} from './backup-archive.ts';
import { dumpPglite, dumpPostgres, openPgliteDir, tableCounts } from './backup-database.ts';
import { referencedKeys } from './media-to-s3-command.ts';

export interface Out {
  log(line: string): void;
  error(line: string): void;
}

/** What was read in the dump's snapshot. */
interface Snapshot {
  tables: Record<string, number>;
  keys: string[];
}

async function keysOf(db: DbOrTx): Promise<string[]> {
  const keys = new Set<string>();
  for await (const page of referencedKeys(db)) for (const key of page) if (isMediaKey(key)) keys.add(key);
  return [...keys].sort();
}

/** The database part, and the counts and media keys of the same instant. */
async function backUpDatabase(config: Config, staging: string): Promise<Snapshot> {
  await mkdir(join(staging, 'database'));
  if (config.DATABASE_URL) {
    const database = await openDatabase({ url: config.DATABASE_URL });
    try {
      // The dump runs in this transaction's exported snapshot: rows written meanwhile are in
      // neither the dump nor the counts nor the key list.
      return await database.db.transaction(
        async (tx) => {
          const { rows } = await tx.execute<{ id: string }>(sql`select pg_export_snapshot() as id`);
          await dumpPostgres(config.DATABASE_URL!, rows[0]!.id, join(staging, PGDUMP_PART));
          return { tables: await tableCounts(tx), keys: await keysOf(tx) };
        },
        { isolationLevel: 'repeatable read', accessMode: 'read only' },
      );
    } finally {
      await database.close();
    }
  }
  // Nothing else writes: the folder's lock keeps a running server out (pglite-lock.ts).
  const pglite = await openPgliteDir(join(config.DATA_DIR, 'db'));
  try {
    const snapshot = {
      tables: await tableCounts(pglite.database.db),
      keys: await keysOf(pglite.database.db),
    };
    await dumpPglite(pglite.client, join(staging, PGLITE_PART));
    return snapshot;
  } finally {
    await pglite.close();
  }
}

/** A hard link when the staging folder is on the media's disk (instant, and safe from a later delete), else a copy. */
async function linkOrCopy(from: string, to: string): Promise<void> {
  await mkdir(dirname(to), { recursive: true });
  try {
    await link(from, to);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code !== 'EXDEV' && code !== 'EPERM' && code !== 'ENOTSUP') throw err;
    await copyFile(from, to);
  }
}

async function inParallel<T>(items: T[], work: (item: T) => Promise<void>, concurrency = 8): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

async function backUpMedia(config: Config, staging: string, keys: string[]): Promise<Manifest['media']> {
  const missing: string[] = [];
  if (config.s3) {
    // The bucket is backed up with the provider's tools; the archive says what it must hold.
    const bucket = createS3Storage(config.s3);
    try {
      const objects: { key: string; size: number; etag: string }[] = [];
      await inParallel(keys, async (key) => {
        const found = await bucket.describe(key);
        if (found) objects.push({ key, ...found });
        else missing.push(key);
      });
      objects.sort((a, b) => a.key.localeCompare(b.key));
      return { storage: 's3', bucket: config.s3.bucket, objects, missing: missing.sort() };
    } finally {
      bucket.close();
    }
  }
  const present: string[] = [];
  await inParallel(keys, async (key) => {
    try {
      await linkOrCopy(join(config.DATA_DIR, 'media', key), join(staging, mediaPart(key)));
      present.push(key);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      missing.push(key);
    }
  });
  const files = [];
  for (const key of present.sort()) files.push(await describePart(staging, mediaPart(key)));
  return { storage: 'local', files, missing: missing.sort() };
}

function parseArgs(args: string[]): { out: string } {
  let out: string | undefined;
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--out' && args[i + 1]) out = args[++i];
    else throw new BackupRefusal(`Unknown argument ${args[i]}. Usage: npm run backup -- [--out file.tar]`);
  }
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  return { out: resolve(out ?? `brushline-backup-${stamp}.tar`) };
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * `npm run backup -- [--out file]`: the database (its dump), the generated signing secret and the
 * media (the files, or for a bucket a manifest of its objects) in one tar, in that order
 * (docs/decisions/0028-backups.md). Exit 0 when written (keys the database names but the store
 * lacks are warned about: they were lost before the backup), 2 when refused, 1 on a failure.
 */
export async function backupCommand(args: string[], env: NodeJS.ProcessEnv, out: Out): Promise<number> {
  let staging: string | undefined;
  try {
    const { out: file } = parseArgs(args);
    const config = loadConfig(env);
    if (await stat(file).catch(() => null))
      throw new BackupRefusal(`${file} already exists: choose another --out.`);
    await mkdir(dirname(file), { recursive: true });
    // Beside the archive, so the media's hard links and the final rename stay on one disk.
    staging = await mkdtemp(join(dirname(file), '.brushline-backup-'));
    const kind = config.DATABASE_URL ? 'postgres' : 'pglite';
    out.log(`Backing up the ${kind === 'postgres' ? 'PostgreSQL' : 'embedded'} database…`);
    const snapshot = await backUpDatabase(config, staging);
    const database = await describePart(staging, kind === 'postgres' ? PGDUMP_PART : PGLITE_PART);

    const secrets = [];
    const secretFile = join(config.DATA_DIR, SIGNING_SECRET_FILE);
    if (await stat(secretFile).catch(() => null)) {
      await mkdir(join(staging, 'secrets'));
      await copyFile(secretFile, join(staging, SECRET_PART));
      secrets.push(await describePart(staging, SECRET_PART));
    }

    out.log(
      `Backing up the media (${config.s3 ? `a manifest of the bucket "${config.s3.bucket}"` : 'files'})…`,
    );
    const media = await backUpMedia(config, staging, snapshot.keys);
    const { version } = JSON.parse(await readFile(serverPackageFile, 'utf8')) as { version: string };
    const manifest: Manifest = {
      format: 'brushline-backup',
      version: 1,
      createdAt: new Date().toISOString(),
      appVersion: version,
      database: { kind, part: database, tables: snapshot.tables },
      secrets,
      media,
    };
    await writeArchive(staging, manifest, file);

    const tables = Object.keys(snapshot.tables).length;
    out.log(`Backup written to ${file} (${megabytes((await stat(file)).size)}):`);
    out.log(`  database: ${kind}, ${tables} tables, ${totalRows(snapshot.tables)} rows`);
    out.log(
      secrets.length
        ? '  secrets: signing-secret'
        : `  secrets: none generated${config.SIGNING_SECRET ? ' (SIGNING_SECRET is set: keep it with your configuration)' : ''}`,
    );
    if (media.storage === 'local') out.log(`  media: ${media.files.length} files`);
    else
      out.log(
        `  media: a manifest of ${media.objects.length} objects in "${media.bucket}"; back the bucket up with your provider's tools`,
      );
    for (const key of media.missing)
      out.error(`warning: the database names ${key}, but the media store lacks it`);
    return 0;
  } catch (err) {
    if (err instanceof BackupRefusal || err instanceof ConfigError || err instanceof DatabaseInUseError) {
      out.error(err.message);
      return 2;
    }
    out.error(`Backup failed: ${err instanceof Error ? err.message : String(err)}`);
    return 1;
  } finally {
    if (staging) await rm(staging, { recursive: true, force: true });
  }
}
