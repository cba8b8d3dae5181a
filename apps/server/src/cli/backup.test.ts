import { randomBytes } from 'node:crypto';
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { createTestApp, registerUser } from '../test/harness.ts';
import { pngBytes, uploadImage } from '../test/media-fixtures.ts';
import { createS3Storage } from '../platform/s3-storage.ts';
import { createTestBucket, localMediaFiles, startS3Server } from '../test/s3-server.ts';
import { backupCommand } from './backup-command.ts';
import { openPgliteDir, tableCounts } from './backup-database.ts';
import { restoreCommand } from './restore-command.ts';

const lines: string[] = [];
const out = { log: (l: string) => lines.push(l), error: (l: string) => lines.push(l) };
const quiet = { SEED_DEMO: 'false', LOG_LEVEL: 'silent', MEDIA_STORAGE: 'local' };
let work: string;
beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'brushline-backup-test-'));
});
afterAll(() => rm(work, { recursive: true, force: true }));

/** A user, two pictures on a post (four files with their miniatures), and what to read back. */
async function seed(dataDir: string, database: Database) {
  const t = await createTestApp({ ...quiet, DATA_DIR: dataDir }, database);
  try {
    const ann = await registerUser(t.app, t.dataDir);
    const pictures = [
      await uploadImage(t.app, ann.cookie, { bytes: await pngBytes(64, 48, '#2e86de') }),
      await uploadImage(t.app, ann.cookie, { bytes: await pngBytes(40, 40, '#27ae60') }),
    ];
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/post',
      headers: { cookie: ann.cookie },
      payload: {
        postContent: 'kept across a restore',
        attachedMedia: pictures.map((p) => p.id),
        maturity: 'sfw',
      },
    });
    expect(res.statusCode).toBe(200);
    const image = await t.app.inject({
      url: `/api/media/${pictures[0]!.id}/full`,
      headers: { cookie: ann.cookie },
    });
    expect(image.statusCode).toBe(200);
    return {
      cookie: ann.cookie,
      postId: res.json<{ id: string }>().id,
      imageUrl: `/api/media/${pictures[0]!.id}/full`,
      image: image.rawPayload,
    };
  } finally {
    await t.close();
  }
}

/** The app started on the restored instance, as the server would be (it opens and migrates it). */
async function readBack(
  env: Record<string, string>,
  seeded: Awaited<ReturnType<typeof seed>>,
  counts: Record<string, number>,
) {
  const app = await buildApp({
    config: loadConfig({ ...quiet, ...env }),
    logger: false,
    webDist: null,
    emailFlushIntervalMs: null,
  });
  try {
    // Every table of the app and its migration log has the source's rows (the job queue's own
    // tables are compared by the restore itself: a started queue writes to them at once).
    const appTables = (c: Record<string, number>) =>
      Object.fromEntries(Object.entries(c).filter(([name]) => !name.startsWith('pgboss.')));
    expect(appTables(await tableCounts(app.deps.db))).toEqual(appTables(counts));
    // The session made before the backup still signs in: sessions are rows like any other.
    const post = await app.inject({ url: `/api/post/${seeded.postId}`, headers: { cookie: seeded.cookie } });
    expect(post.statusCode).toBe(200);
    expect(post.json<{ postContent: string }>().postContent).toBe('kept across a restore');
    const image = await app.inject({ url: seeded.imageUrl, headers: { cookie: seeded.cookie } });
    expect(image.statusCode).toBe(200);
    expect(image.rawPayload.equals(seeded.image)).toBe(true);
  } finally {
    await app.close();
  }
}

async function expectSameFiles(from: string, to: string) {
  const files = await localMediaFiles(from);
  expect(files.length).toBe(4);
  expect(await localMediaFiles(to)).toEqual(files);
  for (const f of files)
    expect((await readFile(join(to, 'media', f))).equals(await readFile(join(from, 'media', f)))).toBe(true);
  expect(await readFile(join(to, 'signing-secret'), 'utf8')).toBe(
    await readFile(join(from, 'signing-secret'), 'utf8'),
  );
}

const pgliteTemplate = inject('pgliteTemplate');
describe.skipIf(!pgliteTemplate)('backup and restore, embedded PGlite', () => {
  const src = () => join(work, 'pglite-src');
  const archive = () => join(work, 'pglite.tar');
  let seeded: Awaited<ReturnType<typeof seed>>;
  let counts: Record<string, number>;

  it('refuses a backup while the data folder is open, then backs up and restores the same rows and files', async () => {
    const source = await openPgliteDir(join(src(), 'db'), pgliteTemplate);
    try {
      seeded = await seed(src(), source.database);
      counts = await tableCounts(source.database.db);
      expect(counts['public.users']).toBe(1);
      expect(counts['public.media']).toBe(2);
      lines.length = 0;
      expect(await backupCommand(['--out', archive()], { DATA_DIR: src() }, out)).toBe(2);
      expect(lines.join('\n')).toMatch(/is in use by process \d+ .*Stop it first/);
    } finally {
      await source.close();
    }
    lines.length = 0;
    expect(await backupCommand(['--out', archive()], { DATA_DIR: src() }, out)).toBe(0);
    expect(lines.join('\n')).toMatch(
      /database: pglite, \d+ tables, \d+ rows\n {2}secrets: signing-secret\n {2}media: 4 files/,
    );

    const dst = join(work, 'pglite-dst');
    lines.length = 0;
    expect(await restoreCommand([archive()], { DATA_DIR: dst }, out)).toBe(0);
    expect(lines.join('\n')).toMatch(/checksums verified[\s\S]*Database restored: .* as in the backup/);
    await expectSameFiles(src(), dst);
    await readBack({ DATA_DIR: dst }, seeded, counts);
  });

  it('refuses a damaged archive or a target that is not empty, and changes nothing', async () => {
    const bytes = await readFile(archive());
    const secret = await readFile(join(src(), 'signing-secret'));
    const at = bytes.indexOf(secret);
    expect(at).toBeGreaterThan(0);
    bytes[at] = bytes[at] === 0x61 ? 0x62 : 0x61;
    await writeFile(join(work, 'damaged.tar'), bytes);
    const fresh = join(work, 'untouched');
    lines.length = 0;
    expect(await restoreCommand([join(work, 'damaged.tar')], { DATA_DIR: fresh }, out)).toBe(2);
    expect(lines.join('\n')).toMatch(
      /is damaged; nothing was changed:\n {2}secrets\/signing-secret: checksum differs/,
    );
    expect(await localMediaFiles(fresh)).toEqual([]);
    await expect(readFile(join(fresh, 'db', 'PG_VERSION'))).rejects.toThrow();

    lines.length = 0;
    expect(await restoreCommand([archive()], { DATA_DIR: src() }, out)).toBe(2);
    expect(lines.join('\n')).toMatch(/already holds an embedded database/);
    lines.length = 0;
    expect(
      await restoreCommand([archive()], { DATA_DIR: src(), DATABASE_URL: 'postgres://127.0.0.1/x' }, out),
    ).toBe(2);
    expect(lines.join('\n')).toMatch(/holds an embedded \(PGlite\) database: unset DATABASE_URL/);
  });

  it('with media in a bucket: a manifest of its objects, checked at restore, copied with --copy-media', async () => {
    const server = await startS3Server();
    const buckets = [await createTestBucket(server.endpoint), await createTestBucket(server.endpoint)];
    const [source, target] = buckets.map((b) => createS3Storage(loadConfig(b.env).s3!));
    try {
      const files = await localMediaFiles(src());
      for (const key of files) await source!.put(key, await readFile(join(src(), 'media', key)));
      const file = join(work, 's3.tar');
      lines.length = 0;
      expect(await backupCommand(['--out', file], { DATA_DIR: src(), ...buckets[0]!.env }, out)).toBe(0);
      expect(lines.join('\n')).toMatch(
        /media: a manifest of 4 objects in "test-[0-9a-f]+"; back the bucket up/,
      );

      // The folder to copy from lacks one file: it is named, the rest are copied into the new bucket.
      const folder = join(work, 'bucket-copy');
      for (const key of files.slice(1)) {
        await mkdir(dirname(join(folder, key)), { recursive: true });
        await copyFile(join(src(), 'media', key), join(folder, key));
      }
      lines.length = 0;
      const env = { DATA_DIR: join(work, 's3-dst'), ...buckets[1]!.env };
      expect(await restoreCommand([file, '--copy-media', folder], env, out)).toBe(1);
      expect(lines.join('\n')).toMatch(/Media: 3 of 4 objects present \(3 copied from /);
      expect(lines).toContain(`missing from the media store: ${files[0]}`);
      expect(await buckets[1]!.keys()).toEqual(files.slice(1));
    } finally {
      for (const s of [source, target]) s!.close();
      for (const b of buckets) b.close();
      await server.close();
    }
  });
});

const url = process.env.DATABASE_URL;
describe.skipIf(!url || !inject('pgTemplate'))('backup and restore, PostgreSQL', () => {
  const names = [
    `brushline_bk_src_${randomBytes(4).toString('hex')}`,
    `brushline_bk_dst_${randomBytes(4).toString('hex')}`,
  ];
  const urlOf = (name: string) => Object.assign(new URL(url!), { pathname: `/${name}` }).toString();
  let admin: pg.Client;
  beforeAll(async () => {
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database "${names[0]}" template "${inject('pgTemplate')}"`);
    await admin.query(`create database "${names[1]}" template template0`);
  });
  afterAll(async () => {
    for (const name of names) await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  });

  it('dumps in one snapshot and restores into an empty database only: same rows, same files, the app starts', async () => {
    const [srcDir, dstDir, file] = [join(work, 'pg-src'), join(work, 'pg-dst'), join(work, 'pg.tar')];
    const source = await openDatabase({ url: urlOf(names[0]!) });
    let seeded;
    try {
      seeded = await seed(srcDir, source);
    } finally {
      await source.close();
    }
    const srcEnv = { DATA_DIR: srcDir, DATABASE_URL: urlOf(names[0]!) };
    expect(await backupCommand(['--out', file], srcEnv, out)).toBe(0);
    lines.length = 0;
    expect(
      await restoreCommand([file], { DATA_DIR: join(work, 'pg-other'), DATABASE_URL: urlOf(names[0]!) }, out),
    ).toBe(2);
    expect(lines.join('\n')).toMatch(/The database ".*" on .* is not empty \(\d+ tables/);

    const dstEnv = { DATA_DIR: dstDir, DATABASE_URL: urlOf(names[1]!) };
    lines.length = 0;
    expect(await restoreCommand([file], dstEnv, out), lines.join('\n')).toBe(0);
    await expectSameFiles(srcDir, dstDir);
    const [a, b] = [
      await openDatabase({ url: urlOf(names[0]!) }),
      await openDatabase({ url: urlOf(names[1]!) }),
    ];
    let counts: Record<string, number>;
    try {
      counts = await tableCounts(a.db);
      expect(counts['public.users']).toBe(1);
      expect(Object.keys(counts).some((t) => t.startsWith('pgboss.'))).toBe(true);
      expect(await tableCounts(b.db)).toEqual(counts);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
    await readBack(dstEnv, seeded, counts);
  });
});
