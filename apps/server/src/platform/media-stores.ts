import { join } from 'node:path';
import type { Config } from '../config.ts';
import { createLocalStorage, type MediaStorage } from './media-storage.ts';
import { createS3Storage } from './s3-storage.ts';

/**
 * The store MEDIA_STORAGE names. A bucket is asked once at boot, so a wrong endpoint, bucket or
 * key stops the server with a message instead of failing every upload later.
 */
export async function openMediaStorage(config: Pick<Config, 'DATA_DIR' | 's3'>): Promise<{
  storage: MediaStorage;
  /** The readiness check of a remote store (GET /api/ready); null for the local disk. */
  check: (() => Promise<unknown>) | null;
  close(): void;
}> {
  if (!config.s3)
    return { storage: createLocalStorage(join(config.DATA_DIR, 'media')), check: null, close() {} };
  const storage = createS3Storage(config.s3);
  try {
    await storage.checkBucket();
  } catch (err) {
    storage.close();
    throw err;
  }
  return { storage, check: () => storage.checkBucket(), close: () => storage.close() };
}
