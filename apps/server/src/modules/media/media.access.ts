import {
  isPublicPurpose,
  RULED_MEDIA_PURPOSES,
  type RuledMediaPurpose,
} from '@brushline/shared/media/constants';
import type { Deps } from '../../platform/deps.ts';
import type { Actor } from '../../platform/session.ts';
import type { MediaRow } from './media.dto.ts';

/**
 * One place a module puts uploads of a ruled purpose (an order's references, a room's pictures…)
 * and who may fetch an upload because it is there. The module that owns the place writes the rule
 * with its own access rules, so media never needs to know orders, requests, chat or the gallery.
 */
export interface MediaPlacement {
  purpose: RuledMediaPurpose;
  /**
   * Who may see it there, in words ("the two sides of an order it is a reference of"): the API
   * docs of GET /api/media/{id}/{variant} list them.
   */
  readers: string;
  /**
   * Whether `actor` (null: signed out) may see an upload because it is placed here: false when it
   * is not placed here at all. Asked only for someone other than the uploader.
   */
  mayRead: (ctx: Pick<Deps, 'db'>, actor: Actor | null, mediaId: string) => Promise<boolean>;
}

/** Who may fetch the bytes of an upload (GET /api/media/{id}/{variant}). */
export interface MediaAccess {
  mayRead(
    ctx: Pick<Deps, 'db'>,
    actor: Actor | null,
    row: Pick<MediaRow, 'id' | 'ownerId' | 'purpose'>,
  ): Promise<boolean>;
  readonly placements: readonly MediaPlacement[];
}

/** The rule of each ruled purpose in words, from the placements: "reference: …; chat: …". */
export function describeMediaAccess(placements: readonly MediaPlacement[]): string {
  return RULED_MEDIA_PURPOSES.map(
    (purpose) =>
      `${purpose}: ${placements
        .filter((p) => p.purpose === purpose)
        .map((p) => p.readers)
        .join(', or ')}`,
  ).join('; ');
}

/**
 * The access rule of every purpose, from the placements the modules register at start (app.ts):
 * a public purpose is anyone's; a ruled one is its uploader's, and anyone's whom one of the places
 * it is attached to lets see it (so an upload placed nowhere yet is its uploader's only). Throws at
 * boot when a ruled purpose has no placement: its uploads could never be shown to anyone else.
 */
export function createMediaAccess(placements: readonly MediaPlacement[]): MediaAccess {
  const byPurpose = new Map<RuledMediaPurpose, MediaPlacement[]>();
  for (const p of placements) byPurpose.set(p.purpose, [...(byPurpose.get(p.purpose) ?? []), p]);
  const unruled = RULED_MEDIA_PURPOSES.filter((purpose) => !byPurpose.has(purpose));
  if (unruled.length > 0) {
    throw new Error(`No module says who may see uploads of purpose ${unruled.join(', ')} (media.access.ts)`);
  }
  return {
    placements,
    async mayRead(ctx, actor, row) {
      if (isPublicPurpose(row.purpose) || row.ownerId === actor?.id) return true;
      // One query per place, stopping at the first that lets the reader in.
      for (const p of byPurpose.get(row.purpose) ?? []) if (await p.mayRead(ctx, actor, row.id)) return true;
      return false;
    },
  };
}
