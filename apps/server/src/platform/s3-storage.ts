import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { ConfigError, type S3Settings } from '../config.ts';
import { assertMediaKey, isMediaKey, type MediaStorage } from './media-storage.ts';

/** The S3 store, plus what the boot check and `npm run media:to-s3` need. */
export interface S3Storage extends MediaStorage {
  /** The stored object's size in bytes, or null when the key is unknown. */
  sizeOf(key: string): Promise<number | null>;
  /** The stored object's size and ETag (a backup's manifest), or null when the key is unknown. */
  describe(key: string): Promise<{ size: number; etag: string } | null>;
  /** Throws a readable error unless the bucket answers (HeadBucket). */
  checkBucket(): Promise<void>;
  /** Closes the client's pooled connections. */
  close(): void;
}

interface SdkError {
  name?: string;
  $metadata?: { httpStatusCode?: number };
}

/** An unknown key, never an unknown bucket: that is a wrong setting and must not look like a miss. */
function isMissingKey(err: unknown): boolean {
  const e = err as SdkError;
  if (e?.name === 'NoSuchBucket') return false;
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
}

/** Pooled connections: each image being streamed to a reader holds one until it is sent. */
const MAX_SOCKETS = 256;

/**
 * An S3-compatible bucket (AWS, MinIO, Cloudflare R2, Ceph RGW) behind MediaStorage, with the
 * local store's key rule. Objects are private: nothing is addressable without the keys, and the
 * app streams every read after its access check (docs/decisions/0026-object-storage.md).
 */
export function createS3Storage(settings: S3Settings, opts: { answerTimeoutMs?: number } = {}): S3Storage {
  const { bucket } = settings;
  const client = new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    // Checksums only where S3 requires them: several S3-compatible services refuse or ignore the
    // newer default (CRC32 headers and aws-chunked bodies) on every request.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A service that does not answer fails the request instead of holding it forever. The
    // answer's timer stops once its headers arrive: a body streamed to a slow reader is not cut.
    requestHandler: {
      connectionTimeout: 5_000,
      requestTimeout: opts.answerTimeoutMs ?? 30_000,
      throwOnRequestTimeout: true,
      httpAgent: { keepAlive: true, maxSockets: MAX_SOCKETS },
      httpsAgent: { keepAlive: true, maxSockets: MAX_SOCKETS },
    },
  });
  const describe = async (key: string) => {
    try {
      const res = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: assertMediaKey(key) }));
      return { size: res.ContentLength ?? 0, etag: res.ETag ?? '' };
    } catch (err) {
      if (isMissingKey(err)) return null;
      throw err;
    }
  };
  return {
    async put(key, bytes) {
      // One PUT: the object appears whole or not at all, as the local store's rename.
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: assertMediaKey(key),
          Body: bytes,
          ContentLength: bytes.length,
        }),
      );
    },
    async open(key) {
      if (!isMediaKey(key)) return null;
      try {
        const res = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        // In Node the body is the HTTP response itself: the bytes stream through, never buffered.
        return { stream: res.Body as Readable, size: res.ContentLength ?? 0 };
      } catch (err) {
        if (isMissingKey(err)) return null;
        throw err;
      }
    },
    async delete(key) {
      // Deleting an unknown key succeeds, as rm with force does.
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: assertMediaKey(key) }));
    },
    async sizeOf(key) {
      return (await describe(key))?.size ?? null;
    },
    describe,
    async checkBucket() {
      try {
        await client.send(new HeadBucketCommand({ Bucket: bucket }));
      } catch (err) {
        const e = err as SdkError & { message?: string };
        const status = e.$metadata?.httpStatusCode;
        const why =
          status === 404 ? 'it does not exist' : status === 403 ? 'access denied' : (e.name ?? e.message);
        throw new ConfigError(
          `Media storage: the bucket "${bucket}" at ${settings.endpoint ?? `AWS ${settings.region}`} cannot be used (${why}). Check S3_ENDPOINT, S3_BUCKET, S3_REGION, S3_FORCE_PATH_STYLE and the keys.`,
          { cause: err },
        );
      }
    },
    close() {
      client.destroy();
    },
  };
}
