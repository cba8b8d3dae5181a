import { execFile } from 'node:child_process';
import { rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountExports } from '../db/schema/account.ts';
import { loadConfig } from '../config.ts';
import { createS3Storage, type S3Storage } from '../platform/s3-storage.ts';
import { createTestApp, registerUser, type TestApp } from '../test/harness.ts';
import { uploadImage } from '../test/media-fixtures.ts';
import { createTestBucket, localMediaFiles, startS3Server } from '../test/s3-server.ts';
import { copyMediaToS3, mediaToS3, reportLines } from './media-to-s3-command.ts';

let server: Awaited<ReturnType<typeof startS3Server>>;
let bucket: Awaited<ReturnType<typeof createTestBucket>>;
let s3: S3Storage;
let t: TestApp;

beforeAll(async () => {
  server = await startS3Server();
  bucket = await createTestBucket(server.endpoint);
  s3 = createS3Storage(loadConfig(bucket.env).s3!);
  // The app being moved: media on its disk, whatever storage the run tests.
  t = await createTestApp({ MEDIA_STORAGE: 'local' });
});
afterAll(async () => {
  await t.close();
  s3.close();
  bucket.close();
  await server.close();
});

describe('npm run media:to-s3', () => {
  it('copies every stored key once, counts what it skipped, lost or failed, and can be run again', async () => {
    const ann = await registerUser(t.app, t.dataDir);
    const pictures = [];
    for (const purpose of ['post', 'chat', 'gallery', 'avatar'])
      pictures.push(await uploadImage(t.app, ann.cookie, { purpose }));
    // An account archive still waiting to be downloaded lives in the same store.
    const archive = 'exports/0123456789abcdef0123456789abcdef.zip';
    await t.app.deps.storage.put(archive, Buffer.from('zip bytes'));
    await t.app.deps.db
      .insert(accountExports)
      .values({ userId: ann.id, status: 'ready', storageKey: archive });
    // One miniature lost from the disk before the move.
    const local = t.app.deps.storage;
    const lost = (await localMediaFiles(t.dataDir)).find((k) => k.endsWith('_m.webp'))!;
    await rm(join(t.dataDir, 'media', lost));
    const stored = await localMediaFiles(t.dataDir);
    expect(stored).toHaveLength(2 * pictures.length);

    const first = await copyMediaToS3(t.app.deps.db, local, s3);
    expect(first).toEqual({ copied: stored.length, skipped: 0, missing: [lost], failed: [] });
    expect(await bucket.keys()).toEqual(stored);
    for (const key of stored)
      expect(await s3.sizeOf(key)).toBe((await stat(join(t.dataDir, 'media', key))).size);

    // Again: nothing to copy. A key whose copy is short (a run stopped mid-file) is copied again.
    await s3.put(stored[0]!, Buffer.from('half'));
    const second = await copyMediaToS3(t.app.deps.db, local, s3);
    expect(second).toMatchObject({ copied: 1, skipped: stored.length - 1, missing: [lost], failed: [] });
    expect(await s3.sizeOf(stored[0]!)).toBeGreaterThan(4);
  });

  it('goes on past a failed copy, names it, and exits 1 until a run copies it', async () => {
    const ann = await registerUser(t.app, t.dataDir);
    await uploadImage(t.app, ann.cookie);
    let refused = '';
    const flaky = {
      sizeOf: (key: string) => s3.sizeOf(key),
      put: async (key: string, bytes: Buffer) => {
        if (!refused && key.endsWith('_m.webp')) {
          refused = key;
          throw new Error('SlowDown');
        }
        await s3.put(key, bytes);
      },
    };
    const report = await copyMediaToS3(t.app.deps.db, t.app.deps.storage, flaky, { concurrency: 1 });
    expect(report.failed).toEqual([{ key: refused, error: 'SlowDown' }]);
    expect(report.copied).toBe(1);
    expect(refused).toMatch(/_m\.webp$/);
    expect(reportLines(report)).toContain(`failed: ${refused}: SlowDown`);
    expect(reportLines(report)[0]).toMatch(
      /^copied 1, skipped \d+ \(already in the bucket\), missing locally 1, failed 1$/,
    );
    const again = await copyMediaToS3(t.app.deps.db, t.app.deps.storage, flaky);
    expect(again).toMatchObject({ copied: 1, failed: [] });
  });

  it('stops before copying anything when a variable is missing or the bucket cannot be used', async () => {
    const lines: string[] = [];
    const out = { log: (l: string) => lines.push(l), error: (l: string) => lines.push(l) };
    expect(await mediaToS3({ DATA_DIR: t.dataDir, ...bucket.env, S3_BUCKET: '' }, out)).toBe(2);
    expect(lines.join('\n')).toMatch(/S3_BUCKET: is required/);
    lines.length = 0;
    expect(await mediaToS3({ DATA_DIR: t.dataDir, ...bucket.env, S3_BUCKET: 'not-made-yet' }, out)).toBe(2);
    expect(lines.join('\n')).toMatch(/bucket "not-made-yet" .* does not exist/);
  });

  it('runs as a command: the same message and exit code from the process', async () => {
    const tsx = join(import.meta.dirname, '../../../../node_modules/.bin/tsx');
    const run = promisify(execFile)(tsx, [join(import.meta.dirname, 'media-to-s3.ts')], {
      env: { PATH: process.env.PATH, DATA_DIR: t.dataDir, MEDIA_STORAGE: 'local' },
    });
    await expect(run).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/S3_BUCKET: is required/),
    });
  });
});
