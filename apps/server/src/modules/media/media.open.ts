import type { Readable } from 'node:stream';
import { isPrivatelyCached } from '@brushline/shared/media/constants';
import type { Deps } from '../../platform/deps.ts';
import { notFound } from '../../platform/errors.ts';
import type { MediaRow } from './media.dto.ts';
import type { MediaVariant } from './media.urls.ts';

export interface MediaFile {
  stream: Readable;
  size: number;
  mime: string;
  /** Private media must not be kept by shared caches. */
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
  return { ...file, mime: row.mime, isPrivate: isPrivatelyCached(row.purpose) };
}
