import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Where image bytes (and account archives) live: the local disk here, or an S3-compatible bucket
 * (s3-storage.ts), chosen by MEDIA_STORAGE. Features only see this interface.
 */
export interface MediaStorage {
  /** Stores the bytes under `key` atomically: a reader never sees half a file. */
  put(key: string, bytes: Buffer): Promise<void>;
  /** A stream of the bytes and their size, or null when the key is unknown. */
  open(key: string): Promise<{ stream: Readable; size: number } | null>;
  delete(key: string): Promise<void>;
}

const SAFE_KEY = /^[a-z0-9][a-z0-9/_-]*\.[a-z0-9]+$/;

/** The one key rule of every store: the shapes the server makes (ab/cd/<hex>.webp, exports/<hex>.zip). */
export const isMediaKey = (key: string) => SAFE_KEY.test(key) && !key.includes('..');

export function assertMediaKey(key: string): string {
  if (!isMediaKey(key)) throw new Error(`bad media key ${key}`);
  return key;
}

/** Local disk under DATA_DIR/media, outside any folder the web server serves by itself. */
export function createLocalStorage(root: string): MediaStorage {
  const pathOf = (key: string) => join(root, assertMediaKey(key));
  return {
    async put(key, bytes) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      const tmp = `${path}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
      try {
        await writeFile(tmp, bytes);
        await rename(tmp, path);
      } catch (err) {
        // A full disk must not leave half a file behind.
        await rm(tmp, { force: true });
        throw err;
      }
    },
    async open(key) {
      let path: string;
      try {
        path = pathOf(key);
      } catch {
        return null;
      }
      try {
        const info = await stat(path);
        return { stream: createReadStream(path), size: info.size };
      } catch {
        return null;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
