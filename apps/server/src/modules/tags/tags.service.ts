import { isStaff } from '@brushline/shared/roles';
import { TAG_PAGE_SIZE, TAG_SUGGESTIONS_MAX } from '@brushline/shared/tags/constants';
import { tagMessages } from '@brushline/shared/tags/messages';
import { normalizeTagTitle } from '@brushline/shared/tags/normalize';
import {
  TAG_CONFLICT_CODE,
  type TagCreateBody,
  type TagFull,
  type Tag,
  type TagMergeBody,
  type TagPage,
  type TagSuggestion,
  type TagUpdateBody,
} from '@brushline/shared/tags/schemas';
import type { Tx } from '../../db/client.ts';
import type { Deps } from '../../platform/deps.ts';
import { AppError } from '../../platform/errors.ts';
import type { Actor } from '../../platform/session.ts';
import { displayCardTagsDropped } from '../gallery/display-cards.service.ts';
import { presentTagFull, presentTags } from './tags.dto.ts';
import { upwardPath } from './tags.graph.ts';
import {
  childLinks,
  countLinks,
  dropLinks,
  findTagById,
  findTagByTitle,
  findTagsByIds,
  findTagsByTitles,
  insertHistory,
  insertTag,
  lockTagWrites,
  pageOfTags,
  parentLinks,
  replaceParents,
  suggestTags as suggestTagRows,
  synonymsOf,
  updateTagRow,
  type TagRow,
} from './tags.repo.ts';
import { diff, isUniqueViolation, staffOnly, tagExists, tagMissing, tagRuleError } from './tags.rules.ts';
import { moveUsages, dropUsagesOfTag } from './tag-usage.repo.ts';

/** Whether `actor` sees NSFW tags (anonymous readers do not), as the autocomplete decides. */
const seesNsfw = (actor: Actor | null) => actor?.displayNsfw ?? false;

/** An NSFW tag is not there for a reader who does not display NSFW: 404, like a missing one. */
function assertShown(actor: Actor | null, row: Pick<TagRow, 'maturity'>) {
  if (row.maturity === 'NSFW' && !seesNsfw(actor)) throw tagMissing();
}

/** GET tag/get/{title}: the tag with this title after normalisation; a synonym answers its canonical tag. */
export async function getTagByTitle(ctx: Pick<Deps, 'db'>, actor: Actor | null, title: string): Promise<Tag> {
  const row = await findTagByTitle(ctx.db, normalizeTagTitle(title));
  if (!row) throw tagMissing();
  const canonical = row.canonicalId ? await findTagById(ctx.db, row.canonicalId) : row;
  if (!canonical) throw tagMissing();
  assertShown(actor, canonical);
  return (await presentTags(ctx.db, [canonical]))[0]!;
}

/**
 * GET tag/get/byIdFull/{id}: a synonym's id shows the synonym itself (with `synonymOf`), so it can be
 * edited. An NSFW tag (or a synonym of one) is 404 for readers who do not display NSFW, and its NSFW
 * children are left out for them; parents and synonyms stay, because the editor saves those lists.
 */
export async function getTagFull(ctx: Pick<Deps, 'db'>, actor: Actor | null, id: number): Promise<TagFull> {
  const row = await findTagById(ctx.db, id);
  if (!row) throw tagMissing();
  assertShown(actor, row);
  const full = await presentTagFull(ctx.db, row);
  if (full.synonymOf) assertShown(actor, full.synonymOf);
  if (seesNsfw(actor)) return full;
  return { ...full, childTags: full.childTags.filter((c) => c.maturity !== 'NSFW') };
}

/** GET tags/take/{page}?filter=: canonical tags whose title or a synonym's title contains the filter. */
export async function listTags(
  ctx: Pick<Deps, 'db'>,
  actor: Actor | null,
  page: number,
  filter: string,
): Promise<TagPage> {
  const { rows, total } = await pageOfTags(
    ctx.db,
    normalizeTagTitle(filter),
    seesNsfw(actor),
    (page - 1) * TAG_PAGE_SIZE,
    TAG_PAGE_SIZE,
  );
  return { items: await presentTags(ctx.db, rows), page, pageSize: TAG_PAGE_SIZE, total };
}

/** The picker's autocomplete; NSFW tags only for readers who display NSFW. */
export async function suggestTags(
  ctx: Pick<Deps, 'db'>,
  actor: Actor | null,
  q: string,
): Promise<TagSuggestion[]> {
  const query = normalizeTagTitle(q);
  if (!query) return [];
  const rows = await suggestTagRows(ctx.db, query, seesNsfw(actor), TAG_SUGGESTIONS_MAX);
  return rows.map((r) => ({
    id: Number(r.id),
    title: r.title,
    tagType: r.tag_type,
    maturity: r.maturity,
    usageCount: Number(r.usage_count),
    alias: r.alias,
    label: r.alias ? `${r.alias} → ${r.title}` : r.title,
  }));
}

/** Runs a write to the vocabulary: one transaction, tag writes serialised, a title race answered 409. */
async function write<T>(ctx: Pick<Deps, 'db'>, work: (tx: Tx) => Promise<T>): Promise<T> {
  try {
    return await ctx.db.transaction(async (tx) => {
      await lockTagWrites(tx);
      return work(tx);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw tagExists();
    throw err;
  }
}

const titlesOf = (rows: { title: string }[]) => rows.map((r) => r.title);
const sameSet = (a: string[], b: string[]) =>
  JSON.stringify([...new Set(a)].sort()) === JSON.stringify([...new Set(b)].sort());

/** The state of a tag as history records it. */
async function recordedState(tx: Tx, row: TagRow) {
  const [synonyms, links] = await Promise.all([synonymsOf(tx, [row.id]), parentLinks(tx, [row.id])]);
  const parents = await findTagsByIds(
    tx,
    links.map((l) => l.parentId),
  );
  const canonical = row.canonicalId ? await findTagById(tx, row.canonicalId) : undefined;
  return {
    title: row.title,
    description: row.description,
    maturity: row.maturity,
    tagType: row.tagType,
    synonyms: titlesOf(synonyms),
    parentTags: titlesOf(parents),
    synonymOf: canonical?.title ?? null,
  };
}

/** Writes a change of `row` made by `actor` to its history (nothing when nothing changed). */
async function record(
  tx: Tx,
  actor: Actor | null,
  row: TagRow,
  before: Awaited<ReturnType<typeof recordedState>> | null,
  kind: 'create' | 'update' | 'merge' | 'delete',
  extra: { field: 'deleted'; before: string | null; after: string | null }[] = [],
): Promise<boolean> {
  const after = await recordedState(tx, row);
  const empty = {
    title: null,
    description: null,
    maturity: null,
    tagType: null,
    synonyms: [],
    parentTags: [],
    synonymOf: null,
  };
  const changes = [...diff(before ?? empty, after), ...extra];
  if (changes.length === 0) return false;
  // A created tag is at version 1; any other change already added one to the version.
  await insertHistory(tx, { tagId: row.id, version: row.version, kind, actorId: actor?.id ?? null, changes });
  return true;
}

/** A tag with this title exists already (other than `selfId`): 409 "Tag already exists". */
async function assertTitleFree(tx: Tx, title: string, selfId: number | null) {
  const other = await findTagByTitle(tx, title);
  if (other && other.id !== selfId) throw tagExists();
}

/**
 * Makes `self`'s synonyms exactly `titles`: new titles become synonym tags, existing unused tags
 * are attached, dropped synonyms become tags of their own again. Each rule refusal is a 400.
 */
async function applySynonyms(tx: Tx, actor: Actor, self: TagRow, titles: string[]) {
  const wanted = [...new Set(titles)];
  if (wanted.includes(self.title))
    throw tagRuleError('synonym_self', tagMessages.synonymOfItself, 'synonyms');
  if (self.canonicalId && wanted.length > 0) {
    const canonical = await findTagById(tx, self.canonicalId);
    throw tagRuleError(
      'synonym_chain',
      tagMessages.synonymCannotHaveSynonyms(canonical?.title ?? ''),
      'synonyms',
    );
  }
  const current = await synonymsOf(tx, [self.id]);
  const existing = new Map((await findTagsByTitles(tx, wanted)).map((r) => [r.title, r]));
  for (const title of wanted) {
    const row = existing.get(title);
    if (!row) {
      const created = await insertTag(tx, {
        title,
        description: '',
        maturity: self.maturity,
        tagType: self.tagType,
        creatorId: actor.id,
        canonicalId: self.id,
      });
      await record(tx, actor, created, null, 'create');
      continue;
    }
    if (row.canonicalId === self.id) continue;
    if (row.canonicalId !== null) {
      const owner = await findTagById(tx, row.canonicalId);
      throw tagRuleError(
        'synonym_second_canonical',
        tagMessages.synonymHasCanonical(title, owner?.title ?? ''),
        'synonyms',
      );
    }
    if ((await synonymsOf(tx, [row.id])).length > 0) {
      throw tagRuleError('synonym_chain', tagMessages.synonymIsCanonical(title), 'synonyms');
    }
    if (row.usageCount > 0 || (await countLinks(tx, row.id)) > 0) {
      throw tagRuleError('synonym_in_use', tagMessages.synonymInUse(title), 'synonyms');
    }
    const before = await recordedState(tx, row);
    await record(tx, actor, await updateTagRow(tx, row.id, { canonicalId: self.id }), before, 'update');
  }
  for (const row of current.filter((r) => !wanted.includes(r.title))) {
    const before = await recordedState(tx, row);
    await record(tx, actor, await updateTagRow(tx, row.id, { canonicalId: null }), before, 'update');
  }
}

/** Resolves parent titles to canonical tags and refuses self-parents, unknown tags and cycles. */
async function resolveParents(tx: Tx, self: TagRow, titles: string[], synonymTitles: string[]) {
  const wanted = [...new Set(titles)];
  if (wanted.length > 0 && self.canonicalId) {
    const canonical = await findTagById(tx, self.canonicalId);
    throw tagRuleError(
      'synonym_parents',
      tagMessages.synonymCannotHaveParents(canonical?.title ?? ''),
      'parentTags',
    );
  }
  const found = new Map((await findTagsByTitles(tx, wanted)).map((r) => [r.title, r]));
  const ids = new Set<number>();
  for (const title of wanted) {
    if (synonymTitles.includes(title)) {
      throw tagRuleError('parent_is_synonym', tagMessages.parentIsSynonym(title), 'parentTags');
    }
    const row = found.get(title);
    if (!row) throw tagRuleError('parent_missing', tagMessages.parentMissing(title), 'parentTags');
    const parentId = row.canonicalId ?? row.id;
    if (parentId === self.id) {
      throw row.canonicalId
        ? tagRuleError('parent_is_synonym', tagMessages.parentIsSynonym(title), 'parentTags')
        : tagRuleError('parent_self', tagMessages.parentIsItself, 'parentTags');
    }
    ids.add(parentId);
  }
  for (const parentId of ids) await assertNoCycle(tx, self, parentId);
  return [...ids];
}

/** Refuses making `parentId` a parent of `self` when `self` is already above it: 400 naming the cycle. */
async function assertNoCycle(tx: Tx, self: Pick<TagRow, 'id' | 'title'>, parentId: number) {
  const path = await upwardPath(tx, parentId, self.id);
  if (!path) return;
  const rows = new Map((await findTagsByIds(tx, path)).map((r) => [r.id, r.title]));
  const names = [self.title, ...path.map((id) => rows.get(id) ?? String(id))];
  throw tagRuleError('cycle', tagMessages.cycle(names), 'parentTags');
}

/** POST tag/create (signed-in users). */
export async function createTag(ctx: Pick<Deps, 'db'>, actor: Actor, body: TagCreateBody): Promise<TagFull> {
  const id = await write(ctx, async (tx) => {
    await assertTitleFree(tx, body.title, null);
    const row = await insertTag(tx, {
      title: body.title,
      description: body.description,
      maturity: body.maturity,
      tagType: body.tagType,
      creatorId: actor.id,
    });
    await applySynonyms(tx, actor, row, body.synonyms);
    await replaceParents(tx, row.id, await resolveParents(tx, row, body.parentTags, body.synonyms));
    await record(tx, actor, row, null, 'create');
    return row.id;
  });
  return presentTagFull(ctx.db, (await findTagById(ctx.db, id))!);
}

/** PUT tag/update/{id} (signed-in users), from the version the edit started at; stale is 409. */
export async function updateTag(
  ctx: Pick<Deps, 'db'>,
  actor: Actor,
  id: number,
  body: TagUpdateBody,
): Promise<TagFull> {
  await write(ctx, async (tx) => {
    const row = await findTagById(tx, id, true);
    if (!row) throw tagMissing();
    if (row.version !== body.version) {
      throw new AppError(409, TAG_CONFLICT_CODE, tagMessages.conflict, {}, { version: String(row.version) });
    }
    await assertTitleFree(tx, body.title, row.id);
    const before = await recordedState(tx, row);
    const unchanged =
      row.title === body.title &&
      row.description === body.description &&
      row.maturity === body.maturity &&
      row.tagType === body.tagType &&
      sameSet(before.synonyms, body.synonyms) &&
      sameSet(before.parentTags, body.parentTags);
    if (unchanged) return;
    // The new title first: a synonym may take the old one in the same edit.
    const saved = await updateTagRow(tx, row.id, {
      title: body.title,
      description: body.description,
      maturity: body.maturity,
      tagType: body.tagType,
    });
    await applySynonyms(tx, actor, saved, body.synonyms);
    await replaceParents(tx, saved.id, await resolveParents(tx, saved, body.parentTags, body.synonyms));
    await record(tx, actor, saved, before, 'update');
  });
  return presentTagFull(ctx.db, (await findTagById(ctx.db, id))!);
}

/**
 * DELETE tag/delete/{id} (staff): the tag and its synonyms leave the wiki, its usages and links go;
 * the rows stay (deleted) so their history is kept, and the title is free again.
 */
export async function deleteTag(ctx: Pick<Deps, 'db'>, actor: Actor, id: number): Promise<void> {
  if (!isStaff(actor.roles)) throw staffOnly();
  await write(ctx, async (tx) => {
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
    // A display card that carried only this tag is no longer shown (SPEC §4, issue 11).
    await displayCardTagsDropped({ db: tx }, actor);
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
  ctx: Pick<Deps, 'db'>,
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
    if (row.canonicalId === into.id) return into.id;
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
