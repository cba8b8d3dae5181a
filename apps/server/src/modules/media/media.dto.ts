import type { Media } from '@brushline/shared/media/schemas';
import type { MediaRow } from './media.repo.ts';
import { mediaUrl } from './media.urls.ts';

/** A stored media row (other modules' repositories select it whole). */
export type { MediaRow };

/** The public view of a stored image: its two URLs and what it is, never the storage keys. */
export function toMedia(row: Pick<MediaRow, 'id' | 'width' | 'height' | 'mime' | 'purpose'>): Media {
  return {
    id: row.id,
    url: mediaUrl(row.id, 'full'),
    miniatureUrl: mediaUrl(row.id, 'miniature'),
    width: row.width,
    height: row.height,
    mime: row.mime,
    purpose: row.purpose,
  };
}
