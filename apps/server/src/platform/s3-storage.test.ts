import { createHash, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.ts';
import { createTestApp, registerUser } from '../test/harness.ts';
import { uploadImage } from '../test/media-fixtures.ts';
import { createTestBucket, localMediaFiles, startS3Server } from '../test/s3-server.ts';
import { openMediaStorage } from './media-stores.ts';
import { createS3Storage, type S3Storage } from './s3-storage.ts';

let server: Awaited<ReturnType<typeof startS3Server>>;
let bucket: Awaited<ReturnType<typeof createTestBucket>>;
let store: S3Storage;

const settingsOf = (env: Record<string, string>) => loadConfig(env).s3!;

beforeAll(async () => {
  server = await startS3Server();
  bucket = await createTestBucket(server.endpoint);
  store = createS3Storage(settingsOf(bucket.env));
});
afterAll(async () => {
  store.close();
  bucket.close();
  await server.close();
});

async function readAll(stream: Readable): Promise<{ bytes: Buffer; chunks: number }> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(part as Buffer);
  return { bytes: Buffer.concat(parts), chunks: parts.length };
}

const key = () => {
  const hex = randomBytes(16).toString('hex');
  return `${hex.slice(0, 2)}/${hex.slice(2, 4)}/${hex}.webp`;
};

describe('the S3 media store on a real S3 protocol server', () => {
  it('stores, opens with the size, and deletes', async () => {
    const k = key();
    const bytes = randomBytes(1000);
    await store.put(k, bytes);
    expect(await bucket.keys()).toContain(k);
    const file = await store.open(k);
    expect(file?.size).toBe(1000);
    expect((await readAll(file!.stream)).bytes.equals(bytes)).toBe(true);
    expect(await store.sizeOf(k)).toBe(1000);
    await store.delete(k);
    expect(await store.open(k)).toBeNull();
    expect(await store.sizeOf(k)).toBeNull();
    expect(await bucket.keys()).not.toContain(k);
    // Deleting what is not there succeeds, as on the disk.
    await expect(store.delete(k)).resolves.toBeUndefined();
  });

  it('answers null for a key it never stored', async () => {
    expect(await store.open(key())).toBeNull();
    expect(await store.open('exports/0123456789abcdef0123456789abcdef.zip')).toBeNull();
  });

  it('streams a large file in pieces rather than one buffer', async () => {
    const k = key();
    const bytes = randomBytes(24 * 1024 * 1024);
    await store.put(k, bytes);
    const file = await store.open(k);
    expect(file?.size).toBe(bytes.length);
    const read = await readAll(file!.stream);
    expect(read.chunks).toBeGreaterThan(10);
    expect(createHash('sha256').update(read.bytes).digest('hex')).toBe(
      createHash('sha256').update(bytes).digest('hex'),
    );
    await store.delete(k);
  });

  it('refuses keys of any other shape than the server makes, as the disk store does', async () => {
    const before = await bucket.keys();
    for (const bad of [
      '../x.webp',
      'ab/../../x.webp',
      '/abs.webp',
      'UPPER.webp',
      'no-extension',
      'a b.webp',
      '',
    ]) {
      await expect(store.put(bad, Buffer.from('x'))).rejects.toThrow(/bad media key/);
      await expect(store.delete(bad)).rejects.toThrow(/bad media key/);
      expect(await store.open(bad)).toBeNull();
    }
    expect(await bucket.keys()).toEqual(before);
  });

  it('tells a missing bucket from a missing key: it throws instead of answering "not found"', async () => {
    const wrong = createS3Storage(settingsOf({ ...bucket.env, S3_BUCKET: 'no-such-bucket' }));
    try {
      await expect(wrong.open(key())).rejects.toMatchObject({ name: 'NoSuchBucket' });
      await expect(wrong.checkBucket()).rejects.toThrow(ConfigError);
      await expect(wrong.checkBucket()).rejects.toThrow(
        /bucket "no-such-bucket" .* does not exist.*S3_BUCKET/,
      );
    } finally {
      wrong.close();
    }
  });

  it('fails a read when the service accepts the connection and never answers', async () => {
    const silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    const hung = createS3Storage(settingsOf({ ...bucket.env, S3_ENDPOINT: `http://127.0.0.1:${port}` }), {
      answerTimeoutMs: 200,
    });
    const started = Date.now();
    try {
      await expect(hung.open(key())).rejects.toMatchObject({ name: 'TimeoutError' });
      expect(Date.now() - started).toBeLessThan(10_000);
    } finally {
      hung.close();
      silent.closeAllConnections();
      silent.close();
    }
  });
});

describe('MEDIA_STORAGE=s3', () => {
  it('is checked at boot: a missing or bad variable is named', () => {
    expect(() => loadConfig({ MEDIA_STORAGE: 's3' })).toThrow(ConfigError);
    for (const name of ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'])
      expect(() => loadConfig({ ...bucket.env, [name]: '' })).toThrow(new RegExp(`${name}: is required`));
    expect(() => loadConfig({ ...bucket.env, S3_BUCKET: 'Bad_Bucket' })).toThrow(
      /S3_BUCKET: must be a bucket name/,
    );
    expect(() => loadConfig({ ...bucket.env, S3_ENDPOINT: 'ftp://x' })).toThrow(/S3_ENDPOINT/);
    expect(() => loadConfig({ ...bucket.env, S3_FORCE_PATH_STYLE: 'sometimes' })).toThrow(
      /S3_FORCE_PATH_STYLE/,
    );
    expect(() => loadConfig({ MEDIA_STORAGE: 'ftp' })).toThrow(/MEDIA_STORAGE/);
    // Without MEDIA_STORAGE=s3 the bucket's variables are not needed.
    expect(loadConfig({}).s3).toBeNull();
    expect(settingsOf(bucket.env)).toMatchObject({
      bucket: bucket.bucket,
      forcePathStyle: true,
      region: 'us-east-1',
    });
  });

  it('stops the boot when the bucket cannot be reached', async () => {
    const config = loadConfig({ ...bucket.env, S3_BUCKET: 'missing-bucket' });
    await expect(openMediaStorage(config)).rejects.toThrow(/missing-bucket/);
  });

  it('keeps uploads in the bucket, none on the disk, and serves them through the app after its check', async () => {
    const t = await createTestApp(bucket.env);
    try {
      const ann = await registerUser(t.app, t.dataDir);
      const before = await bucket.keys();
      const pub = await uploadImage(t.app, ann.cookie, { purpose: 'post' });
      const priv = await uploadImage(t.app, ann.cookie, { purpose: 'chat' });
      expect((await bucket.keys()).length).toBe(before.length + 4);
      expect(await localMediaFiles(t.dataDir)).toEqual([]);
      const shown = await t.app.inject({ url: pub.url });
      expect(shown.statusCode).toBe(200);
      expect(shown.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(Number(shown.headers['content-length'])).toBe(shown.rawPayload.length);
      // A private upload: its uploader gets it uncached by shared caches, a stranger 404.
      const own = await t.app.inject({ url: priv.url, headers: { cookie: ann.cookie } });
      expect(own.statusCode).toBe(200);
      expect(own.headers['cache-control']).toBe('private, max-age=31536000, immutable');
      expect((await t.app.inject({ url: priv.url })).statusCode).toBe(404);
      const bob = await registerUser(t.app, t.dataDir);
      const other = await t.app.inject({ url: priv.miniatureUrl, headers: { cookie: bob.cookie } });
      expect(other.statusCode).toBe(404);
      expect(other.headers['cache-control']).toBe('no-store');
    } finally {
      await t.close();
    }
  });
});
