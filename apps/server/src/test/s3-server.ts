import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { CreateBucketCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

/** s3rver checks signatures with these keys (its defaults). */
const KEYS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/**
 * A real S3 protocol server (s3rver: the S3 REST API over HTTP, objects in a folder) on a free
 * port of this machine, in this process. Close it to stop it and remove its folder.
 */
export async function startS3Server(): Promise<{ endpoint: string; close(): Promise<void> }> {
  const directory = await mkdtemp(join(tmpdir(), 'brushline-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

const clientOf = (endpoint: string) =>
  new S3Client({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials: KEYS });

/**
 * A new empty bucket on the server at `endpoint`, and the environment that points the app's
 * media storage at it (the variables the README lists, as an operator sets them).
 */
export async function createTestBucket(endpoint: string) {
  const bucket = `test-${randomBytes(6).toString('hex')}`;
  const client = clientOf(endpoint);
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  return {
    bucket,
    env: {
      MEDIA_STORAGE: 's3',
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: KEYS.accessKeyId,
      S3_SECRET_ACCESS_KEY: KEYS.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    /** Every key in the bucket, sorted. */
    keys: async (): Promise<string[]> => {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }),
        );
        keys.push(...(page.Contents ?? []).flatMap((o) => (o.Key ? [o.Key] : [])));
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return keys.sort();
    },
    close: () => client.destroy(),
  };
}

/** Every file under DATA_DIR/media (temporary ones included), as keys, sorted. */
export async function localMediaFiles(dataDir: string): Promise<string[]> {
  const root = join(dataDir, 'media');
  try {
    const entries = await readdir(root, { recursive: true, withFileTypes: true });
    return entries
      .filter((e) => e.isFile())
      .map((e) => relative(root, join(e.parentPath, e.name)))
      .sort();
  } catch {
    return [];
  }
}

/**
 * The media store of one test app: a fresh bucket when the run stores media on S3
 * (TEST_MEDIA_STORAGE=s3: global-setup.ts started the server), else its DATA_DIR/media.
 * `files` lists what the store holds, so a test can check that nothing was left behind.
 */
export async function testMediaStore(dataDir: string, s3Endpoint: string) {
  if (!s3Endpoint) return { env: {}, files: () => localMediaFiles(dataDir), close() {} };
  const bucket = await createTestBucket(s3Endpoint);
  return { env: bucket.env, files: bucket.keys, close: bucket.close };
}
