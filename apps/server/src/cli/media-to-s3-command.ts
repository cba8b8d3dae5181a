import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { ConfigError, loadConfig, requireS3 } from '../config.ts';
import type { Db, DbOrTx } from '../db/client.ts';
import { storedExportKeys } from '../modules/account/account-export.repo.ts';
import { storageKeysPage } from '../modules/media/media.repo.ts';
import { createLocalStorage, type MediaStorage } from '../platform/media-storage.ts';
import { createS3Storage, type S3Storage } from '../platform/s3-storage.ts';
import { openConfiguredDatabase } from './open-db.ts';

/** Where the copy goes: the bucket (or, in tests, a wrapper around it). */
export type CopyTarget = Pick<S3Storage, 'sizeOf' | 'put'>;

export interface CopyReport {
  copied: number;
  /** Already in the bucket with the same size: copied by an earlier run. */
  skipped: number;
  /** Named by the database, but not in DATA_DIR/media: lost before the copy. */
  missing: string[];
  failed: { key: string; error: string }[];
}

const PAGE = 500;

/**
 * Every key the database names, page by page: each upload's full file and miniature, and each
 * account archive not yet expired. Files under DATA_DIR/media that no row names (left by a crash
 * between writing and recording) are not copied: the app can never serve them.
 */
export async function* referencedKeys(db: DbOrTx): AsyncGenerator<string[]> {
  for (let after: string | null = null; ;) {
    const rows = await storageKeysPage(db, after, PAGE);
    if (rows.length > 0) yield rows.flatMap((r) => [r.storageKey, r.miniatureKey]);
    if (rows.length < PAGE) break;
    after = rows[rows.length - 1]!.id;
  }
  yield await storedExportKeys(db);
}

async function readAll(stream: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

/**
 * Copies every referenced file from `from` (the local store) to `to`. Idempotent and resumable:
 * a key already there with the same size is skipped, so a run stopped half way is run again.
 * One failure is counted and named; the rest go on.
 */
export async function copyMediaToS3(
  db: Db,
  from: MediaStorage,
  to: CopyTarget,
  opts: { concurrency?: number; progress?: (report: CopyReport) => void } = {},
): Promise<CopyReport> {
  const report: CopyReport = { copied: 0, skipped: 0, missing: [], failed: [] };
  const copyOne = async (key: string) => {
    try {
      const file = await from.open(key);
      if (!file) {
        report.missing.push(key);
        return;
      }
      if ((await to.sizeOf(key)) === file.size) {
        file.stream.destroy();
        report.skipped += 1;
        return;
      }
      await to.put(key, await readAll(file.stream));
      report.copied += 1;
    } catch (err) {
      report.failed.push({ key, error: err instanceof Error ? err.message : String(err) });
    }
  };
  for await (const keys of referencedKeys(db)) {
    let next = 0;
    const worker = async () => {
      while (next < keys.length) await copyOne(keys[next++]!);
    };
    await Promise.all(Array.from({ length: opts.concurrency ?? 4 }, worker));
    opts.progress?.(report);
  }
  return report;
}

const counts = (r: CopyReport) =>
  `copied ${r.copied}, skipped ${r.skipped} (already in the bucket), missing locally ${r.missing.length}, failed ${r.failed.length}`;

/** What the command prints at the end: the counts, then each missing and failed key. */
export function reportLines(r: CopyReport): string[] {
  return [
    counts(r),
    ...r.missing.map((key) => `missing locally: ${key}`),
    ...r.failed.map((f) => `failed: ${f.key}: ${f.error}`),
  ];
}

/**
 * `npm run media:to-s3`: DATA_DIR/media into the bucket of the S3_* variables (MEDIA_STORAGE may
 * still be local: copy first, then switch). Exit 0 when nothing failed, 1 when a copy failed
 * (run it again), 2 for a configuration or bucket the copy cannot start with.
 */
export async function mediaToS3(
  env: NodeJS.ProcessEnv,
  out: { log(line: string): void; error(line: string): void },
): Promise<number> {
  let bucket: S3Storage;
  let config;
  try {
    config = loadConfig(env);
    bucket = createS3Storage(requireS3(config));
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    out.error(err.message);
    return 2;
  }
  try {
    await bucket.checkBucket();
    const database = await openConfiguredDatabase(config);
    try {
      let last = '';
      out.log(`Copying ${join(config.DATA_DIR, 'media')} to the bucket "${config.S3_BUCKET}"…`);
      const report = await copyMediaToS3(
        database.db,
        createLocalStorage(join(config.DATA_DIR, 'media')),
        bucket,
        {
          progress: (r) => {
            // One line per page of keys that did something (the archives' page is often empty).
            const line = `  … ${counts(r)}`;
            if (line !== last) out.log((last = line));
          },
        },
      );
      const [summary, ...problems] = reportLines(report);
      out.log(summary!);
      for (const line of problems) out.error(line);
      return report.failed.length > 0 ? 1 : 0;
    } finally {
      await database.close();
    }
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    out.error(err.message);
    return 2;
  } finally {
    bucket.close();
  }
}
