import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadConfig, type Config } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { DatabaseInUseError } from '../db/pglite-lock.ts';
import { createLocalStorage, type MediaStorage } from '../platform/media-storage.ts';
import { createS3Storage } from '../platform/s3-storage.ts';
import { SIGNING_SECRET_FILE } from '../platform/signing-secret.ts';
import { BackupRefusal, readArchive, SECRET_PART, totalRows, type Manifest } from './backup-archive.ts';
import type { Out } from './backup-command.ts';
import { assertEmptyDatabase, openPgliteDir, restorePostgres, tableCounts } from './backup-database.ts';

const USAGE = 'Usage: npm run restore -- <backup.tar> [--copy-media <folder>]';

function parseArgs(args: string[]): { file: string; copyMedia?: string } {
  let file: string | undefined;
  let copyMedia: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--copy-media' && args[i + 1]) copyMedia = args[++i];
    else if (!arg.startsWith('--') && !file) file = arg;
    else throw new BackupRefusal(`Unknown argument ${arg}. ${USAGE}`);
  }
  if (!file) throw new BackupRefusal(USAGE);
  return { file, copyMedia };
}

/** The configured store, and the size of a key in it (null: not there). */
function targetStore(config: Config): {
  store: MediaStorage;
  sizeOf(key: string): Promise<number | null>;
  close(): void;
} {
  if (config.s3) {
    const bucket = createS3Storage(config.s3);
    return { store: bucket, sizeOf: (key) => bucket.sizeOf(key), close: () => bucket.close() };
  }
  const root = join(config.DATA_DIR, 'media');
  return {
    store: createLocalStorage(root),
    sizeOf: async (key) => (await stat(join(root, key)).catch(() => null))?.size ?? null,
    close() {},
  };
}

const where = (url: string) => {
  const u = new URL(url);
  return `"${decodeURIComponent(u.pathname.slice(1))}" on ${u.host}`;
};

/** Every check that needs no change: the kinds match, and the database, secret and media folder are empty. */
async function assertEmptyTarget(config: Config, manifest: Manifest, dir: string, copyMedia?: string) {
  const kind = config.DATABASE_URL ? 'postgres' : 'pglite';
  if (manifest.database.kind !== kind)
    throw new BackupRefusal(
      manifest.database.kind === 'postgres'
        ? 'This backup holds a PostgreSQL database: set DATABASE_URL to an empty database to restore it.'
        : 'This backup holds an embedded (PGlite) database: unset DATABASE_URL and point DATA_DIR at an empty folder.',
    );
  if (copyMedia && manifest.media.storage !== 's3')
    throw new BackupRefusal('--copy-media is for backups of a bucket; this one holds its media files.');
  if (config.DATABASE_URL) {
    const database = await openDatabase({ url: config.DATABASE_URL });
    try {
      await assertEmptyDatabase(database.db, where(config.DATABASE_URL));
    } finally {
      await database.close();
    }
  } else if (await stat(join(config.DATA_DIR, 'db', 'PG_VERSION')).catch(() => null)) {
    throw new BackupRefusal(
      `${join(config.DATA_DIR, 'db')} already holds an embedded database. Restore only into a DATA_DIR without one.`,
    );
  }
  const secretFile = join(config.DATA_DIR, SIGNING_SECRET_FILE);
  const existing = await readFile(secretFile, 'utf8').catch(() => null);
  const archived = manifest.secrets.length ? await readFile(join(dir, SECRET_PART), 'utf8') : null;
  if (existing !== null && archived !== null && existing !== archived)
    throw new BackupRefusal(
      `${secretFile} exists and differs from the backup's: restore into a DATA_DIR without one.`,
    );
  if (!config.s3) {
    const files = await readdir(join(config.DATA_DIR, 'media'), {
      recursive: true,
      withFileTypes: true,
    }).catch(() => []);
    if (files.some((f) => f.isFile()))
      throw new BackupRefusal(
        `${join(config.DATA_DIR, 'media')} is not empty: restore only into an empty media folder.`,
      );
  }
}

async function restoreDatabase(
  config: Config,
  manifest: Manifest,
  dir: string,
): Promise<Record<string, number>> {
  const file = join(dir, manifest.database.part.path);
  if (config.DATABASE_URL) {
    await restorePostgres(config.DATABASE_URL, file);
    const database = await openDatabase({ url: config.DATABASE_URL });
    try {
      return await tableCounts(database.db);
    } finally {
      await database.close();
    }
  }
  const pglite = await openPgliteDir(join(config.DATA_DIR, 'db'), file);
  try {
    return await tableCounts(pglite.database.db);
  } finally {
    await pglite.close();
  }
}

/** Rows per table that differ from the manifest's counts, as lines. */
function countDifferences(expected: Record<string, number>, found: Record<string, number>): string[] {
  const names = new Set([...Object.keys(expected), ...Object.keys(found)]);
  return [...names]
    .filter((name) => expected[name] !== found[name])
    .map(
      (name) =>
        `${name}: ${expected[name] ?? 'no table'} in the backup, ${found[name] ?? 'no table'} restored`,
    );
}

/** Media into the configured store: the archive's files, or checks (and copies) for a bucket's manifest. */
async function restoreMedia(config: Config, manifest: Manifest, dir: string, copyMedia?: string) {
  const target = targetStore(config);
  try {
    if (manifest.media.storage === 'local') {
      for (const part of manifest.media.files)
        await target.store.put(part.path.slice('media/'.length), await readFile(join(dir, part.path)));
      return { restored: manifest.media.files.length, copied: 0, missing: [] as string[] };
    }
    let copied = 0;
    const missing: string[] = [];
    for (const object of manifest.media.objects) {
      let size = await target.sizeOf(object.key);
      if (size !== object.size && copyMedia) {
        const bytes = await readFile(join(copyMedia, object.key)).catch(() => null);
        if (bytes) {
          await target.store.put(object.key, bytes);
          copied += 1;
          size = bytes.length;
        }
      }
      if (size !== object.size)
        missing.push(size === null ? object.key : `${object.key} (${size} bytes, not ${object.size})`);
    }
    return { restored: 0, copied, missing };
  } finally {
    target.close();
  }
}

/**
 * `npm run restore -- <file> [--copy-media <folder>]`: checks the archive whole (every part's
 * sha256) and the target empty before it changes anything, then restores the database, the
 * secrets and the media in that order and compares every table's rows with the backup's counts.
 * Exit 0 when all is back, 1 when a media key is missing (listed) or the restore failed, 2 when
 * refused (nothing changed).
 */
export async function restoreCommand(args: string[], env: NodeJS.ProcessEnv, out: Out): Promise<number> {
  let dir: string | undefined;
  let changed = false;
  try {
    const { file, copyMedia } = parseArgs(args);
    const config = loadConfig(env);
    dir = await mkdtemp(join(tmpdir(), 'brushline-restore-'));
    const manifest = await readArchive(file, dir);
    out.log(
      `Backup of ${manifest.createdAt} (Brushline ${manifest.appVersion}): checksums verified (${manifest.database.kind} database, ` +
        `${manifest.media.storage === 'local' ? `${manifest.media.files.length} media files` : `a manifest of ${manifest.media.objects.length} objects`}).`,
    );
    await assertEmptyTarget(config, manifest, dir, copyMedia);

    changed = true;
    const counts = await restoreDatabase(config, manifest, dir);
    const differences = countDifferences(manifest.database.tables, counts);
    if (differences.length) {
      out.error(`The restored database differs from the backup:\n  ${differences.join('\n  ')}`);
      return 1;
    }
    out.log(
      `Database restored: ${Object.keys(counts).length} tables, ${totalRows(counts)} rows, as in the backup.`,
    );

    if (manifest.secrets.length) {
      await mkdir(config.DATA_DIR, { recursive: true });
      await writeFile(join(config.DATA_DIR, SIGNING_SECRET_FILE), await readFile(join(dir, SECRET_PART)), {
        mode: 0o600,
      });
      out.log(
        `Secrets restored: signing-secret${config.SIGNING_SECRET ? ' (SIGNING_SECRET is set and takes precedence over it)' : ''}.`,
      );
    }

    const media = await restoreMedia(config, manifest, dir, copyMedia);
    if (manifest.media.storage === 'local') out.log(`Media restored: ${media.restored} files.`);
    else
      out.log(
        `Media: ${manifest.media.objects.length - media.missing.length} of ${manifest.media.objects.length} objects present${copyMedia ? ` (${media.copied} copied from ${copyMedia})` : ''}.`,
      );
    for (const key of media.missing) out.error(`missing from the media store: ${key}`);
    if (manifest.media.missing.length)
      out.error(`${manifest.media.missing.length} keys were already missing when the backup was made.`);
    return media.missing.length ? 1 : 0;
  } catch (err) {
    if (err instanceof BackupRefusal || err instanceof ConfigError || err instanceof DatabaseInUseError) {
      out.error(err.message);
      return 2;
    }
    out.error(
      `Restore failed${changed ? ' part way: empty the target before trying again' : ''}: ${err instanceof Error ? err.message : String(err)}`,
    );
    return 1;
  } finally {
    if (dir) await rm(dir, { recursive: true, force: true });
  }
}
