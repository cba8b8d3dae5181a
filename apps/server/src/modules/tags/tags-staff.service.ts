// Staff's tag writes (admins, moderators): delete and merge, with the history kept.
import { isStaff } from '@brushline/shared/roles';
import { TAG_ALREADY_MERGED_CODE, type TagFull, type TagMergeBody } from '@brushline/shared/tags/schemas';
import { tagMessages } from '@brushline/shared/tags/messages';
import { AppError } from '../../platform/errors.ts';
import type { Actor } from '../../platform/session.ts';
import { presentTagFull } from './tags.dto.ts';
import {
  childLinks,
  dropLinks,
  findTagById,
  findTagByTitle,
  parentLinks,
  replaceParents,
  synonymsOf,
  updateTagRow,
} from './tags.repo.ts';
import { staffOnly, tagMissing, tagRuleError } from './tags.rules.ts';
import { assertNoCycle, record, recordedState, write } from './tags.write.ts';
import type { Deps } from '../../platform/deps.ts';
import { dropUsagesOfTag, moveUsages } from './tag-usage.repo.ts';

/**
 * DELETE tag/delete/{id} (staff): the tag and its synonyms leave the wiki, its usages and links go;
 * the rows stay (deleted) so their history is kept, and the title is free again.
 */
export async function deleteTag(
  ctx: Pick<Deps, 'db' | 'events'> & Partial<Pick<Deps, 'bus'>>,
  actor: Actor,
  id: number,
): Promise<void> {
  if (!isStaff(actor.roles)) throw staffOnly();
  await write(ctx, async (tx, emit) => {
    const row = await findTagById(tx, id, true);
    if (!row) throw tagMissing();
    const now = new Date();
    const gone = [{ field: 'deleted' as const, before: null, after: now.toISOString() }];
    const before = await recordedState(tx, row);
    const canonical = row.canonicalId ? await findTagById(tx, row.canonicalId, true) : undefined;
    const canonicalBefore = canonical ? await recordedState(tx, canonical) : null;
    for (const synonym of await synonymsOf(tx, [row.id])) {
      const synonymBefore = await recordedState(tx, synonym);
      await record(
        tx,
        actor,
        await updateTagRow(tx, synonym.id, { deletedAt: now }),
        synonymBefore,
        'delete',
        gone,
      );
    }
    await dropUsagesOfTag(tx, row.id);
    // A display card that carried only this tag is no longer shown (SPEC §4, decision 0017).
    await emit('tagsDropped', { tagIds: [row.id] });
    await dropLinks(tx, row.id);
    const deleted = await updateTagRow(tx, row.id, { deletedAt: now, usageCount: 0 });
    await record(tx, actor, deleted, before, 'delete', gone);
    // A deleted synonym also leaves its canonical tag's synonym list.
    if (canonical)
      await record(tx, actor, await updateTagRow(tx, canonical.id, {}), canonicalBefore, 'update');
  });
}

/**
 * POST tag/merge/{id} (staff): the tag becomes a synonym of `into`; its usages, synonyms, parents
 * and children move to `into` (a link that would make a cycle refuses the merge).
 */
export async function mergeTag(
  ctx: Pick<Deps, 'db' | 'events'> & Partial<Pick<Deps, 'bus'>>,
  actor: Actor,
  id: number,
  body: TagMergeBody,
): Promise<TagFull> {
  if (!isStaff(actor.roles)) throw staffOnly();
  const intoId = await write(ctx, async (tx) => {
    const row = await findTagById(tx, id, true);
    if (!row) throw tagMissing();
    const named = await findTagByTitle(tx, body.into);
    if (!named) throw tagRuleError('merge_target_missing', tagMessages.mergeTargetMissing(body.into), 'into');
    const into = (await findTagById(tx, named.canonicalId ?? named.id, true))!;
    if (into.id === row.id) throw tagRuleError('merge_self', tagMessages.mergeIntoItself, 'into');
    // Merges are serialised (write's lock): of two staff merging the same pair at once, the second
    // finds it done and is told so, rather than both believing they acted.
    if (row.canonicalId === into.id)
      throw new AppError(409, TAG_ALREADY_MERGED_CODE, tagMessages.alreadyMerged(row.title, into.title));
    // A synonym merged elsewhere leaves its old canonical tag's synonym list.
    const oldCanonical = row.canonicalId ? await findTagById(tx, row.canonicalId, true) : undefined;
    const oldCanonicalBefore = oldCanonical ? await recordedState(tx, oldCanonical) : null;
    const beforeRow = await recordedState(tx, row);
    const beforeInto = await recordedState(tx, into);
    const parents = (await parentLinks(tx, [row.id])).map((l) => l.parentId);
    const children = (await childLinks(tx, row.id)).map((l) => l.childId);
    await dropLinks(tx, row.id);
    const intoParents = new Set((await parentLinks(tx, [into.id])).map((l) => l.parentId));
    for (const parentId of parents) {
      if (parentId === into.id || intoParents.has(parentId)) continue;
      await assertNoCycle(tx, into, parentId);
      intoParents.add(parentId);
    }
    await replaceParents(tx, into.id, [...intoParents]);
    for (const childId of children) {
      if (childId === into.id) continue;
      const child = (await findTagById(tx, childId))!;
      const childParents = new Set((await parentLinks(tx, [childId])).map((l) => l.parentId));
      if (childParents.has(into.id)) continue;
      await assertNoCycle(tx, child, into.id);
      await replaceParents(tx, childId, [...childParents, into.id]);
    }
    for (const synonym of await synonymsOf(tx, [row.id])) {
      const before = await recordedState(tx, synonym);
      await record(tx, actor, await updateTagRow(tx, synonym.id, { canonicalId: into.id }), before, 'merge');
    }
    await moveUsages(tx, row.id, into.id);
    const merged = await updateTagRow(tx, row.id, { canonicalId: into.id, usageCount: 0 });
    await record(tx, actor, merged, beforeRow, 'merge');
    const intoNow = await updateTagRow(tx, into.id, {});
    await record(tx, actor, intoNow, beforeInto, 'merge');
    if (oldCanonical) {
      await record(tx, actor, await updateTagRow(tx, oldCanonical.id, {}), oldCanonicalBefore, 'merge');
    }
    return into.id;
  });
  return presentTagFull(ctx.db, (await findTagById(ctx.db, intoId))!);
}
