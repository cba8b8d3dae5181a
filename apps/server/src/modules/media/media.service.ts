import { randomBytes } from 'node:crypto';
import { uploadLimitFor, type MediaPurpose } from '@brushline/shared/media/constants';
import { wrongMediaPurposeMessage } from '@brushline/shared/media/messages';
import type { Media } from '@brushline/shared/media/schemas';
import { messages } from '@brushline/shared/messages';
import type { Deps, TxCtx } from '../../platform/deps.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { Actor } from '../../platform/session.ts';
import type { MediaAccess } from './media.access.ts';
import { toMedia, type MediaRow } from './media.dto.ts';
import { encodeInspected, inspectImage } from './media.images.ts';
import { openStoredMedia, type MediaFile } from './media.open.ts';
import { findMediaByIds, findMediaRow, findMediaRows, insertMedia } from './media.repo.ts';
import type { MediaVariant } from './media.urls.ts';

/**
 * Checks that every id names media the actor uploaded (and, when given, for one of `purposes`).
 * Someone else's media and unknown ids both answer 404, so ids of other users' uploads cannot be
 * probed; a wrong purpose (e.g. an avatar attached as a card banner) answers 400. Answers the
 * rows in the order of `ids`.
 */
export async function assertOwnMedia(
  ctx: TxCtx,
  actor: Pick<Actor, 'id'>,
  ids: readonly string[],
  purposes?: readonly MediaPurpose[],
): Promise<MediaRow[]> {
  if (ids.length === 0) return [];
  const rows = await findMediaRows(ctx.db, ids);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => {
    const row = byId.get(id);
    if (!row || row.ownerId !== actor.id) throw notFound(messages.notFound);
    if (purposes && !purposes.includes(row.purpose))
      throw new AppError(400, 'wrong_media_purpose', wrongMediaPurposeMessage(purposes));
    return row;
  });
}

/** Counts one upload against the per-user rate limit and answers the actor's size limit in bytes. */
export async function uploadAllowance(ctx: Pick<Deps, 'limits'>, actor: Actor): Promise<number> {
  await ctx.limits.hit('mediaUploadUser', actor.id);
  return uploadLimitFor(actor.roles);
}

/** Random, unguessable storage keys spread over two folder levels (ab/cd/<hex>.ext). */
function newKeys(ext: string) {
  const hex = randomBytes(16).toString('hex');
  const base = `${hex.slice(0, 2)}/${hex.slice(2, 4)}/${hex}`;
  return { full: `${base}.${ext}`, miniature: `${base}_m.${ext}` };
}

/**
 * Validates, re-encodes (in the image pool, by the actor's turn) and stores an upload, then records it as the actor's. Nothing is written
 * before the bytes pass every check, and a failure after the first write removes what was
 * written, so a refused or failed upload leaves no file and no row behind.
 */
export async function storeUpload(
  ctx: Pick<Deps, 'db' | 'storage' | 'log' | 'imageWork'>,
  actor: Actor,
  purpose: MediaPurpose,
  bytes: Buffer,
): Promise<Media> {
  // Headers first (cheap, refuses bombs and over-budget animations); the decoding waits its turn.
  const inspected = await inspectImage(bytes, purpose);
  const image = await ctx.imageWork.run(actor.id, inspected.workPixels, () => encodeInspected(inspected));
  const keys = newKeys(image.ext);
  const written: string[] = [];
  try {
    await ctx.storage.put(keys.full, image.full);
    written.push(keys.full);
    await ctx.storage.put(keys.miniature, image.miniature);
    written.push(keys.miniature);
    const row = await insertMedia(ctx.db, {
      ownerId: actor.id,
      purpose,
      mime: image.mime,
      width: image.width,
      height: image.height,
      sizeBytes: image.full.length,
      storageKey: keys.full,
      miniatureKey: keys.miniature,
    });
    return toMedia(row);
  } catch (err) {
    await Promise.all(
      written.map((key) =>
        ctx.storage.delete(key).catch((e: unknown) => ctx.log.error({ err: e, key }, 'media cleanup failed')),
      ),
    );
    throw err;
  }
}

/**
 * The bytes of one variant, for a reader the purpose's access rule lets in (media.access.ts):
 * anyone for a public purpose; for a ruled one the uploader and whoever may see a place it is
 * attached to. Unknown ids, a file gone from storage and a reader not let in all answer 404.
 */
export async function openMedia(
  ctx: Pick<Deps, 'db' | 'storage'> & { access: MediaAccess },
  actor: Actor | null,
  id: string,
  variant: MediaVariant,
): Promise<MediaFile> {
  const row = await findMediaRow(ctx.db, id);
  if (!row || !(await ctx.access.mayRead(ctx, actor, row))) throw notFound();
  return openStoredMedia(ctx, row, variant);
}

/** Media answers in the order of `ids` (unknown ids are skipped, repeated ids repeat). */
export async function mediaByIds(ctx: TxCtx, _actor: Actor | null, ids: readonly string[]): Promise<Media[]> {
  return findMediaByIds(ctx.db, ids);
}
