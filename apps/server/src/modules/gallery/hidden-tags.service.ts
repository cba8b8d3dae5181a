import { sql } from 'drizzle-orm';
import type { HiddenTags, HiddenTagsBody } from '@brushline/shared/gallery/browse-schemas';
import type { HiddenTagMode } from '@brushline/shared/gallery/constants';
import type { TagRef } from '@brushline/shared/tags/schemas';
import type { Deps } from '../../platform/deps.ts';
import type { Actor } from '../../platform/session.ts';
import { canonicalTags } from '../tags/tag-usage.service.ts';

/** The tags a reader hides (left out of lists) or blurs, each with its descendants (decision 0017). */
export async function getHiddenTags(ctx: Pick<Deps, 'db'>, actor: Actor): Promise<HiddenTags> {
  const r = await ctx.db.execute<TagRef & { mode: HiddenTagMode }>(sql`
    select t.id, t.title, t.tag_type as "tagType", t.maturity, h.mode
    from hidden_tags h join tags t on t.id = h.tag_id and t.deleted_at is null
    where h.user_id = ${actor.id}::uuid order by t.title`);
  return { items: r.rows.map(({ mode, ...tag }) => ({ tag: { ...tag, id: Number(tag.id) }, mode })) };
}

/** Replaces the reader's list; an unknown title is 400 and nothing changes. A tag listed twice keeps its last mode. */
export async function setHiddenTags(
  ctx: Pick<Deps, 'db'>,
  actor: Actor,
  body: HiddenTagsBody,
): Promise<HiddenTags> {
  const modes = new Map<number, HiddenTagMode>();
  for (const item of body.items) {
    const [tag] = await canonicalTags(ctx, actor, [item.title]);
    modes.set(tag!.id, item.mode);
  }
  await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`delete from hidden_tags where user_id = ${actor.id}::uuid`);
    for (const [tagId, mode] of modes) {
      await tx.execute(
        sql`insert into hidden_tags (user_id, tag_id, mode) values (${actor.id}::uuid, ${tagId}, ${mode})`,
      );
    }
  });
  return getHiddenTags(ctx, actor);
}
