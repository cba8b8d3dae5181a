import { tagMessages } from '@brushline/shared/tags/messages';
import { normalizeTagTitle } from '@brushline/shared/tags/normalize';
import type { TagRef } from '@brushline/shared/tags/schemas';
import type { Deps, TxCtx } from '../../platform/deps.ts';
import { AppError } from '../../platform/errors.ts';
import type { Actor } from '../../platform/session.ts';
import { cachedFilterIds } from './tag-filter-cache.ts';
import { searchIdsByTitle } from './tags-graph.repo.ts';
import { lockTagGraphShared } from './tags.repo.ts';
import { tagRuleError } from './tags.rules.ts';
import {
  canonicalTagsByTitles,
  changeUsages,
  findTagsByTitles,
  lockTagsByIds,
  subjectsWithTags,
  usageTagIds,
  usageTags,
  usageTagsOfMany,
} from './tag-usage.repo.ts';

/**
 * What other features call to tag things and to search by tag (decision 0015; galleries, display cards
 * and requests come later). docs/decisions/0015-tag-wiki.md shows how.
 *
 * - `setTagsOf({ db: tx }, actor, { kind: 'request', id }, titles)` inside the thing's own
 *   transaction: titles are normalised, a synonym stores its canonical tag, unknown titles are a
 *   400, and every usage count moves in that same transaction.
 * - `clearTagsOf({ db: tx }, null, subject)` when the thing is deleted.
 * - `tagSearchIds(ctx, actor, title)`: the canonical tag of `title` (first) and all its
 *   descendants, the set a search by that tag must match ("animal" → animal, feline, cat, …).
 * - `holdTagGraph({ db: tx }, actor)` first in a transaction that tags requests: a vocabulary write then
 *   waits for it (or it for the write) before any row lock, as the requests' tag trees need.
 * - `carriesAnyOfSql(kind, column, ids)` (re-exported below): the same search as a SQL condition
 *   for a feature's own list query; `carriesAnyInSql` and `descendantsOfSql` do the same when the
 *   roots are a query (a reader's hidden tags); `carriesNsfwSql(kind, column)` asks whether the
 *   thing carries an NSFW tag or a descendant of one (the closure kept in SQL, `nsfw_tags`).
 */
export {
  carriesAnyInSql,
  carriesAnyOfSql,
  carriesNsfwSql,
  descendantIdsSql,
  descendantsOfSql,
} from './tags-graph.repo.ts';

/** A thing that carries tags: its feature's kind ('request', 'displayCard', …) and its id. */
export interface TagSubject {
  kind: string;
  id: string;
}

/** Sets exactly the tags `subject` carries; answers them as canonical tags, by title. */
export async function setTagsOf(
  ctx: TxCtx,
  _actor: Actor | null,
  subject: TagSubject,
  titles: string[],
): Promise<TagRef[]> {
  const wanted = [...new Set(titles.map(normalizeTagTitle))].filter(Boolean);
  const named = await findTagsByTitles(ctx.db, wanted);
  const byTitle = new Map(named.map((t) => [t.title, t]));
  const missing = wanted.find((t) => !byTitle.has(t));
  if (missing) throw tagRuleError('tag_unknown', tagMessages.tagUnknown(missing), 'tags');
  const canonicalIds = [...new Set(named.map((t) => t.canonicalId ?? t.id))];
  // The canonical tags locked for the usage counts this tagging moves, in id order, before any
  // other lock on them: two taggings of one tag queue up here (a shared lock first, upgraded by the
  // count's update, deadlocked them on PostgreSQL), and a merge or delete waits for this tagging.
  const canonicals = await lockTagsByIds(ctx.db, canonicalIds);
  if (canonicals.length !== canonicalIds.length || canonicals.some((c) => c.canonicalId !== null)) {
    throw new AppError(409, 'tag_changed', tagMessages.tagChanged);
  }
  const current = await usageTagIds(ctx.db, subject.kind, subject.id);
  await changeUsages(
    ctx.db,
    subject.kind,
    subject.id,
    canonicalIds.filter((id) => !current.includes(id)),
    current.filter((id) => !canonicalIds.includes(id)),
  );
  return usageTags(ctx.db, subject.kind, subject.id);
}

/**
 * Holds the tag graph still until the transaction ends: called first in a transaction that tags a
 * request, before it locks any row. The request's tag tree (its tags and their ancestors, migration
 * 0031) is computed from the graph, so the usages' trigger takes this lock too; taken late there,
 * it could deadlock with a vocabulary write that waits for the request's row.
 */
export async function holdTagGraph(ctx: TxCtx, _actor: Actor | null): Promise<void> {
  await lockTagGraphShared(ctx.db);
}

/** Removes every tag of `subject` (the thing was deleted); counts move in the same transaction. */
export async function clearTagsOf(ctx: TxCtx, _actor: Actor | null, subject: TagSubject): Promise<void> {
  await setTagsOf(ctx, _actor, subject, []);
}

/** The tags `subject` carries. */
export async function tagsOf(
  ctx: Pick<Deps, 'db'>,
  _actor: Actor | null,
  subject: TagSubject,
): Promise<TagRef[]> {
  return usageTags(ctx.db, subject.kind, subject.id);
}

/**
 * The canonical tags of `titles` (normalised; a synonym means its canonical tag), in the order
 * asked, without repeats; an unknown title is a 400 naming it, as in a tagging.
 */
export async function canonicalTags(
  ctx: Pick<Deps, 'db'>,
  _actor: Actor | null,
  titles: readonly string[],
): Promise<TagRef[]> {
  const wanted = [...new Set(titles.map(normalizeTagTitle))].filter(Boolean);
  const rows = await canonicalTagsByTitles(ctx.db, wanted);
  const byTitle = new Map(rows.map((r) => [r.asked, r]));
  const out = new Map<number, TagRef>();
  for (const title of wanted) {
    const row = byTitle.get(title);
    if (!row) throw tagRuleError('tag_unknown', tagMessages.tagUnknown(title), 'tags');
    out.set(row.id, { id: row.id, title: row.title, tagType: row.tagType, maturity: row.maturity } as TagRef);
  }
  return [...out.values()];
}

/** The tags of many things of one kind, by subject id (a thing with no tags has an empty list). */
export async function tagsOfMany(
  ctx: Pick<Deps, 'db'>,
  _actor: Actor | null,
  kind: string,
  ids: readonly string[],
): Promise<Map<string, TagRef[]>> {
  const out = new Map<string, TagRef[]>(ids.map((id) => [id, []]));
  for (const { subjectId, ...tag } of await usageTagsOfMany(ctx.db, kind, ids)) out.get(subjectId)?.push(tag);
  return out;
}

/**
 * The ids a search by `title` matches: its canonical tag (a synonym means its canonical tag), first,
 * and every descendant. Empty when there is no such tag.
 */
export async function tagSearchIds(
  ctx: Pick<Deps, 'db'>,
  _actor: Actor | null,
  title: string,
): Promise<number[]> {
  return searchIdsByTitle(ctx.db, normalizeTagTitle(title));
}

/**
 * `tagSearchIds` for a list's filter, outside any transaction: kept until the next vocabulary
 * write (tag-filter-cache.ts), so a page the list cache misses does not look the tag up again.
 */
export async function tagFilterIds(
  ctx: Pick<Deps, 'db' | 'bus'>,
  actor: Actor | null,
  title: string,
): Promise<number[]> {
  const normalized = normalizeTagTitle(title);
  return cachedFilterIds(ctx.bus, normalized, () => tagSearchIds(ctx, actor, normalized));
}

/** Ids of the things of `kind` found by searching for `title` (descendants and synonyms included). */
export async function subjectsTaggedWith(
  ctx: Pick<Deps, 'db'>,
  actor: Actor | null,
  kind: string,
  title: string,
): Promise<string[]> {
  return subjectsWithTags(ctx.db, kind, await tagSearchIds(ctx, actor, title));
}
