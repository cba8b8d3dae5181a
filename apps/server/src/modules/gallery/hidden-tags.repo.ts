import { sql } from 'drizzle-orm';
import type { HiddenTagMode } from '@brushline/shared/gallery/constants';
import type { TagRef } from '@brushline/shared/tags/schemas';
import type { DbOrTx } from '../../db/client.ts';

/** The tags a reader hides or blurs as they chose them (live tags only, by title). */
export async function hiddenTagRows(
  db: DbOrTx,
  userId: string,
): Promise<(TagRef & { mode: HiddenTagMode })[]> {
  const r = await db.execute<TagRef & { mode: HiddenTagMode }>(sql`
    select t.id, t.title, t.tag_type as "tagType", t.maturity, h.mode
    from hidden_tags h join tags t on t.id = h.tag_id and t.deleted_at is null
    where h.user_id = ${userId}::uuid order by t.title`);
  return r.rows.map((row) => ({ ...row, id: Number(row.id) }));
}

/** Replaces the reader's list with `modes` (tag id → mode). */
export async function replaceHiddenTags(
  db: DbOrTx,
  userId: string,
  modes: ReadonlyMap<number, HiddenTagMode>,
) {
  await db.execute(sql`delete from hidden_tags where user_id = ${userId}::uuid`);
  for (const [tagId, mode] of modes) {
    await db.execute(
      sql`insert into hidden_tags (user_id, tag_id, mode) values (${userId}::uuid, ${tagId}, ${mode})`,
    );
  }
}
