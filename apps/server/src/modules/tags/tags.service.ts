import { TAG_PAGE_SIZE, TAG_SUGGESTIONS_MAX } from '@brushline/shared/tags/constants';
import { tagMessages } from '@brushline/shared/tags/messages';
import { normalizeTagTitle } from '@brushline/shared/tags/normalize';
import {
  TAG_CONFLICT_CODE,
  type TagCreateBody,
  type TagFull,
  type Tag,
  type TagPage,
  type TagSuggestion,
  type TagUpdateBody,
} from '@brushline/shared/tags/schemas';
import type { Tx } from '../../db/client.ts';
import type { Deps } from '../../platform/deps.ts';
import { AppError } from '../../platform/errors.ts';
import type { Actor } from '../../platform/session.ts';
import { tagSuggestCache, tagSuggestKey } from './tag-suggest-cache.ts';
import { suggestTags as suggestTagRows } from './tag-suggest.repo.ts';
import { tagWordIndex } from './tag-word-index.ts';
import { presentTagFull, presentTags } from './tags.dto.ts';
import {
  countLinks,
  findTagById,
  findTagByTitle,
  findTagsByTitles,
  insertTag,
  pageOfTags,
  replaceParents,
  synonymsOf,
  updateTagRow,
  type TagRow,
} from './tags.repo.ts';
import { tagMissing, tagRuleError } from './tags.rules.ts';
import { assertNoCycle, assertTitleFree, record, recordedState, sameSet, write } from './tags.write.ts';

/** Whether `actor` sees NSFW tags (anonymous readers do not), as the autocomplete decides. */
const seesNsfw = (actor: Actor | null) => actor?.displayNsfw ?? false;

/**
 * An NSFW tag is not there for a reader who does not display NSFW: 404, like a missing one. Its
 * creator always sees its page (they just made it, and the editor goes there after saving); lists
 * and the autocomplete still leave it out for them (decision 0015).
 */
function assertShown(actor: Actor | null, row: Pick<TagRow, 'maturity' | 'creatorId'>) {
  if (row.maturity !== 'NSFW' || seesNsfw(actor)) return;
  if (actor && row.creatorId === actor.id) return;
  throw tagMissing();
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
 * edited. An NSFW tag (or a synonym of one) is 404 for readers who do not display NSFW (but not
 * for its creator: assertShown), and its NSFW
 * children are left out for them; parents and synonyms stay, because the editor saves those lists.
 */
export async function getTagFull(ctx: Pick<Deps, 'db'>, actor: Actor | null, id: number): Promise<TagFull> {
  const row = await findTagById(ctx.db, id);
  if (!row) throw tagMissing();
  assertShown(actor, row);
  if (row.canonicalId) {
    const canonical = await findTagById(ctx.db, row.canonicalId);
    if (!canonical) throw tagMissing();
    assertShown(actor, canonical);
  }
  const full = await presentTagFull(ctx.db, row);
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

/**
 * The picker's autocomplete; NSFW tags only for readers who display NSFW. Answers are shared
 * between readers with the same NSFW setting and kept until the vocabulary changes
 * (tag-suggest-cache.ts).
 */
export async function suggestTags(
  ctx: Pick<Deps, 'db' | 'bus'>,
  actor: Actor | null,
  q: string,
): Promise<TagSuggestion[]> {
  const query = normalizeTagTitle(q);
  if (!query) return [];
  const withNsfw = seesNsfw(actor);
  return tagSuggestCache(ctx.bus).load(tagSuggestKey(withNsfw, query), async () => {
    const words = await tagWordIndex(ctx);
    const rows = await suggestTagRows(ctx.db, query, words.correct(query), withNsfw, TAG_SUGGESTIONS_MAX);
    return rows.map((r) => ({
      id: Number(r.id),
      title: r.title,
      tagType: r.tag_type,
      maturity: r.maturity,
      usageCount: Number(r.usage_count),
      alias: r.alias,
      label: r.alias ? `${r.alias} → ${r.title}` : r.title,
    }));
  });
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

/** POST tag/create (signed-in users). */
export async function createTag(
  ctx: Pick<Deps, 'db' | 'events'> & Partial<Pick<Deps, 'bus'>>,
  actor: Actor,
  body: TagCreateBody,
): Promise<TagFull> {
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
  ctx: Pick<Deps, 'db' | 'events'> & Partial<Pick<Deps, 'bus'>>,
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
