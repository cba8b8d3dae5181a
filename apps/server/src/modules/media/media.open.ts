import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { isPublicPurpose } from '@brushline/shared/media/constants';
import type { Deps } from '../../platform/deps.ts';
import { notFound } from '../../platform/errors.ts';
import type { MediaRow } from './media.dto.ts';
import type { MediaVariant } from './media.urls.ts';

export interface MediaFile {
  stream: Readable;
  size: number;
  mime: string;
  /** Media of a ruled purpose: no shared cache may keep them (mediaHeaders). */
  isPrivate: boolean;
}

/** The bytes of a row another feature has already allowed the actor to see; a missing file is 404. */
export async function openStoredMedia(
  ctx: Pick<Deps, 'storage'>,
  row: MediaRow,
  variant: MediaVariant,
): Promise<MediaFile> {
  const file = await ctx.storage.open(variant === 'full' ? row.storageKey : row.miniatureKey);
  if (!file) throw notFound();
  return { ...file, mime: row.mime, isPrivate: !isPublicPurpose(row.purpose) };
}

/** The bytes under an id never change: a year, and no revalidation on reload. */
const FOREVER = 'max-age=31536000, immutable';

/**
 * What every route serving image bytes sends with them (the media route, an order's files, a
 * room's pictures). Public purposes may sit in shared caches. Ruled ones are `private` (a proxy or
 * CDN must not hand them to the next visitor) and vary by cookie, so the browser does not reuse a
 * copy fetched under one session for another account signed in later on the same device.
 */
function mediaHeaders(file: MediaFile, disposition = 'inline'): Record<string, string> {
  return {
    'content-type': file.mime,
    'content-length': String(file.size),
    'x-content-type-options': 'nosniff',
    'cache-control': `${file.isPrivate ? 'private' : 'public'}, ${FOREVER}`,
    ...(file.isPrivate ? { vary: 'Cookie' } : {}),
    'content-disposition': disposition,
    // Even opened as a document, nothing in the file could run or load.
    'content-security-policy': "default-src 'none'; sandbox",
  };
}

/** A refusal (401, 404) may turn into an answer later (an upload placed, a request made public). */
const REFUSAL_HEADERS = { 'cache-control': 'no-store', vary: 'Cookie' };

/**
 * Answers the file `open` resolves with mediaHeaders, or its refusal uncached. Every route that
 * serves image bytes goes through here, so they all send the same headers.
 */
export async function sendMediaFile<F extends MediaFile>(
  reply: FastifyReply,
  open: () => Promise<F>,
  disposition: (file: F) => string = () => 'inline',
): Promise<FastifyReply> {
  let file: F;
  try {
    file = await open();
  } catch (err) {
    reply.headers(REFUSAL_HEADERS);
    throw err;
  }
  return reply.headers(mediaHeaders(file, disposition(file))).send(file.stream);
}
