import type { HiddenTags, HiddenTagsBody } from '@brushline/shared/gallery/browse-schemas';
import type { HiddenTagMode } from '@brushline/shared/gallery/constants';
import type { Deps } from '../../platform/deps.ts';
import type { Actor } from '../../platform/session.ts';
import { canonicalTags } from '../tags/tag-usage.service.ts';
import { readerTagSets, type ReaderTagSets } from './gallery-access.repo.ts';
import { hiddenTagRows, replaceHiddenTags } from './hidden-tags.repo.ts';

/** The tags a reader hides (left out of lists) or blurs, each with its descendants (decision 0017). */
export async function getHiddenTags(ctx: Pick<Deps, 'db'>, actor: Actor): Promise<HiddenTags> {
  const rows = await hiddenTagRows(ctx.db, actor.id);
  return { items: rows.map(({ mode, ...tag }) => ({ tag, mode })) };
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
  await ctx.db.transaction((tx) => replaceHiddenTags(tx, actor.id, modes));
  return getHiddenTags(ctx, actor);
}

/**
 * What the reader leaves out or blurs by tags: NSFW unless they display it, and their hidden and
 * blurred tags with descendants (none for anonymous readers). Other modules' lists ask this.
 */
export async function readerTagSetsOf(ctx: Pick<Deps, 'db'>, actor: Actor | null): Promise<ReaderTagSets> {
  return readerTagSets(ctx.db, actor);
}
