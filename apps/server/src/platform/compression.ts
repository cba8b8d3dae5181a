import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Smaller answers go as they are: under ~1 KB, compressing saves fewer bytes than a packet holds. */
export const COMPRESS_MIN_BYTES = 1024;

/**
 * Brotli, else gzip, for every compressible answer above COMPRESS_MIN_BYTES: JSON, the rendered
 * page, and static files that have no precompressed copy. What is left alone, and why:
 * - images (the media routes): mime-db marks JPEG, PNG, WebP and GIF incompressible, and the
 *   type decides; they are compressed formats already;
 * - answers that carry a Content-Encoding: the build's .br/.gz files, served as they are;
 * - the Socket.IO hub: engine.io answers its path before Fastify sees the request;
 * - request bodies: never inflated (globalDecompression off), so uploads stream as before and a
 *   small compressed body cannot expand past the body limit.
 * Registered before every route: the plugin hooks the routes declared after it.
 */
export async function registerCompression(app: FastifyInstance) {
  await app.register(fastifyCompress, {
    threshold: COMPRESS_MIN_BYTES,
    encodings: ['br', 'gzip'],
    globalDecompression: false,
  });
}
