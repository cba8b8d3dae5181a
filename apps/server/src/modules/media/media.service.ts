import type { MediaPurpose } from '@brushline/shared/media/constants';
import { wrongMediaPurposeMessage } from '@brushline/shared/media/messages';
import { messages } from '@brushline/shared/messages';
import type { DbOrTx } from '../../db/client.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { findMediaRows } from './media.repo.ts';

/**
 * Checks that every id names media the actor uploaded (and, when given, for one of `purposes`).
 * Someone else's media and unknown ids both answer 404, so ids of other users' uploads cannot be
 * probed; a wrong purpose (e.g. an avatar attached as a card banner) answers 400.
 */
export async function assertOwnMedia(
  db: DbOrTx,
  actorId: string,
  ids: readonly string[],
  purposes?: readonly MediaPurpose[],
): Promise<void> {
  if (ids.length === 0) return;
  const rows = await findMediaRows(db, ids);
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const id of ids) {
    const row = byId.get(id);
    if (!row || row.ownerId !== actorId) throw notFound(messages.notFound);
    if (purposes && !purposes.includes(row.purpose))
      throw new AppError(400, 'wrong_media_purpose', wrongMediaPurposeMessage(purposes));
  }
}
