import fastifyMultipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BYTES_PER_MB,
  MAX_ANIMATION_FRAMES,
  MAX_ANIMATION_MEGAPIXELS,
  MAX_IMAGE_MEGAPIXELS,
  PUBLIC_MEDIA_PURPOSES,
  UPLOAD_LIMIT_BYTES,
} from '@brushline/shared/media/constants';
import { noFileMessage, uploadTooLargeMessage } from '@brushline/shared/media/messages';
import { mediaPurposeSchema, mediaSchema } from '@brushline/shared/media/schemas';
import { uuidSchema } from '@brushline/shared/uuid';
import type { Deps } from '../../platform/deps.ts';
import { AppError } from '../../platform/errors.ts';
import { errorResponses } from '../../platform/openapi.ts';
import { requireActor } from '../../platform/session.ts';
import { describeMediaAccess, type MediaAccess } from './media.access.ts';
import { sendMediaFile } from './media.open.ts';
import { openMedia, storeUpload, uploadAllowance } from './media.service.ts';

/** Room for the multipart boundaries and part headers around the file itself. */
const MULTIPART_OVERHEAD = 64 * 1024;

const tooLarge = (limit: number) => new AppError(413, 'file_too_large', uploadTooLargeMessage(limit));
const noFile = () => new AppError(400, 'no_file', noFileMessage);
/** The upload limit of each account tier in MB, "10/15/25/50" style. */
const tierLimitsMb = Object.values(UPLOAD_LIMIT_BYTES)
  .map((bytes) => bytes / BYTES_PER_MB)
  .join('/');
const errorCode = (err: unknown) => (err && typeof err === 'object' && 'code' in err ? String(err.code) : '');

/** Reads the one `file` part into memory, refusing it as soon as it passes `limit` bytes. */
async function readUpload(req: FastifyRequest, limit: number): Promise<Buffer> {
  // A declared length far over the limit is refused before a byte of the body is read.
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > limit + MULTIPART_OVERHEAD) throw tooLarge(limit);
  try {
    const part = await req.file({
      limits: { fileSize: limit, files: 1, fields: 5, fieldSize: 1024, parts: 6 },
    });
    if (!part || part.fieldname !== 'file') throw noFile();
    return await part.toBuffer();
  } catch (err) {
    const code = errorCode(err);
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(limit);
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw noFile();
    if (code.startsWith('FST_') && code.endsWith('_LIMIT')) throw noFile();
    throw err;
  }
}

/** `access`: who may fetch what, from the placements every module registered at start (app.ts). */
export const mediaRoutes =
  (deps: Deps, access: MediaAccess): FastifyPluginAsyncZod =>
  async (app) => {
    // Registered here only: the multipart parser (and its size limits) exists for this plugin's
    // routes, while every other route keeps the 1 MB JSON body limit of app.ts.
    await app.register(fastifyMultipart, { throwFileSizeLimit: true });

    app.post(
      '/media',
      {
        schema: {
          tags: ['media'],
          summary: 'Upload one image (multipart/form-data, field "file")',
          description:
            'Path not shown in SPEC §7; chosen here. The bytes must be JPEG, PNG, WebP or GIF (checked by ' +
            `content, not name), at most the upload limit of the account tier (${tierLimitsMb} MB, else 413) ` +
            `and ${MAX_IMAGE_MEGAPIXELS} megapixels (all frames together), animations at most ${MAX_ANIMATION_FRAMES} frames ` +
            `and ${MAX_ANIMATION_MEGAPIXELS} megapixels for all frames at their stored size together. ` +
            'The image is re-encoded without metadata and sized for its purpose; ' +
            'see docs/decisions/0004-media.md and 0011-hardening.md.',
          consumes: ['multipart/form-data'],
          security: [{ session: [] }],
          querystring: z.object({ purpose: mediaPurposeSchema.default('post') }),
          response: { 200: mediaSchema, ...errorResponses(400, 401, 413, 429) },
        },
      },
      async (req) => {
        const actor = requireActor(req);
        const limit = await uploadAllowance(deps, actor);
        const bytes = await readUpload(req, limit);
        return storeUpload(deps, actor, req.query.purpose, bytes);
      },
    );

    app.get(
      '/media/:id/:variant',
      {
        schema: {
          tags: ['media'],
          summary: 'The bytes of an image: full size or miniature',
          description:
            `Who may fetch it follows its purpose (docs/decisions/0004-media.md). Public purposes ` +
            `(${PUBLIC_MEDIA_PURPOSES.join(', ')}): anyone, with Cache-Control: public, max-age=31536000, ` +
            'immutable (the bytes under an id never change). Every other purpose: its uploader, and whoever ' +
            `may see a place it is attached to: ${describeMediaAccess(access.placements)}. Placed nowhere ` +
            'yet: its uploader only. Anyone else gets 404, like an unknown id (staff too: they have no view of ' +
            'orders, requests or chats). These answers are private (Cache-Control: private, max-age=31536000, ' +
            'immutable; Vary: Cookie), refusals no-store. Every answer has the stored type, nosniff and a CSP ' +
            'that lets nothing run. Delivered files also have GET /api/order/{id}/files/{mediaId}/{variant} ' +
            '(with a download name) and chat pictures GET /api/chat/{roomId}/files/{mediaId}/{variant}.',
          produces: ['image/jpeg', 'image/webp'],
          params: z.object({ id: uuidSchema, variant: z.enum(['full', 'miniature']) }),
          response: { 200: z.unknown().describe('The image bytes'), ...errorResponses(400, 404) },
        },
      },
      async (req, reply) =>
        sendMediaFile(reply, () =>
          openMedia({ ...deps, access }, req.actor, req.params.id, req.params.variant),
        ),
    );
  };
