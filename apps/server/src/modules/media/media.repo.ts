import { asc, eq, gt, inArray } from 'drizzle-orm';
import type { Media } from '@brushline/shared/media/schemas';
import { isUuid } from '@brushline/shared/uuid';
import type { DbOrTx } from '../../db/client.ts';
import { media } from '../../db/schema/media.ts';
import { toMedia } from './media.dto.ts';

export type MediaRow = typeof media.$inferSelect;

// Only well-formed uuids reach the uuid column: anything else would be a driver error, not a miss.

export async function insertMedia(db: DbOrTx, values: typeof media.$inferInsert): Promise<MediaRow> {
  const [row] = await db.insert(media).values(values).returning();
  return row!;
}

export async function findMediaRow(db: DbOrTx, id: string): Promise<MediaRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(media).where(eq(media.id, id));
  return row;
}

/** Rows for these ids (any order; unknown ids are simply absent). */
export async function findMediaRows(db: DbOrTx, ids: readonly string[]): Promise<MediaRow[]> {
  const valid = [...new Set(ids.filter(isUuid))];
  if (valid.length === 0) return [];
  return db.select().from(media).where(inArray(media.id, valid));
}

/** Media DTOs in the order of `ids`; unknown ids are skipped, repeated ids repeat. */
export async function findMediaByIds(db: DbOrTx, ids: readonly string[]): Promise<Media[]> {
  const rows = await findMediaRows(db, ids);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toMedia(row)] : [];
  });
}

/** One page of every upload's two storage keys, by id after `afterId` (`npm run media:to-s3`). */
export async function storageKeysPage(db: DbOrTx, afterId: string | null, limit: number) {
  return db
    .select({ id: media.id, storageKey: media.storageKey, miniatureKey: media.miniatureKey })
    .from(media)
    .where(afterId ? gt(media.id, afterId) : undefined)
    .orderBy(asc(media.id))
    .limit(limit);
}
