// The machinery every write to the vocabulary shares: one serialised transaction, the history a
// change leaves, and the title and cycle checks (tags.service.ts and tags-staff.service.ts use it).
import { tagMessages } from '@brushline/shared/tags/messages';
import type { Tx } from '../../db/client.ts';
import type { Deps } from '../../platform/deps.ts';
import type { Emit } from '../../platform/events.ts';
import type { Actor } from '../../platform/session.ts';
import { tagVocabularyChanged } from './tag-suggest-cache.ts';
import { upwardPath } from './tags-graph.repo.ts';
import {
  findTagById,
  findTagByTitle,
  findTagsByIds,
  insertHistory,
  lockTagWrites,
  parentLinks,
  synonymsOf,
  type TagRow,
} from './tags.repo.ts';
import { diff, isUniqueViolation, tagExists, tagRuleError } from './tags.rules.ts';

/**
 * What a write to the vocabulary needs: the database, and the cache bus that tells every instance
 * (tag-suggest-cache.ts) once it is committed. Only the CLI's demo seed writes without a bus.
 * Services spell it out (`Pick<Deps, 'db' | 'events'> & Partial<Pick<Deps, 'bus'>>`, decision 0009).
 */
export type VocabularyCtx = Pick<Deps, 'db' | 'events'> & Partial<Pick<Deps, 'bus'>>;

/** Runs a write to the vocabulary: one transaction, tag writes serialised, a title race answered 409. */
export async function write<T>(ctx: VocabularyCtx, work: (tx: Tx, emit: Emit) => Promise<T>): Promise<T> {
  try {
    return await ctx.events.transaction(ctx.db, async (tx, emit) => {
      await lockTagWrites(tx);
      // Other modules' caches follow the vocabulary by this event's reactions, after the commit.
      await emit('tagVocabularyChanged', {});
      return work(tx, emit);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw tagExists();
    throw err;
  } finally {
    // This module's own caches, after the commit (or the rollback): a read that starts now sees the new state.
    if (ctx.bus) await tagVocabularyChanged(ctx.bus);
  }
}

export const titlesOf = (rows: { title: string }[]) => rows.map((r) => r.title);

export const sameSet = (a: string[], b: string[]) =>
  JSON.stringify([...new Set(a)].sort()) === JSON.stringify([...new Set(b)].sort());

/** The state of a tag as history records it. */
export async function recordedState(tx: Tx, row: TagRow) {
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
export async function record(
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
export async function assertTitleFree(tx: Tx, title: string, selfId: number | null) {
  const other = await findTagByTitle(tx, title);
  if (other && other.id !== selfId) throw tagExists();
}

/** Refuses making `parentId` a parent of `self` when `self` is already above it: 400 naming the cycle. */
export async function assertNoCycle(tx: Tx, self: Pick<TagRow, 'id' | 'title'>, parentId: number) {
  const path = await upwardPath(tx, parentId, self.id);
  if (!path) return;
  const rows = new Map((await findTagsByIds(tx, path)).map((r) => [r.id, r.title]));
  const names = [self.title, ...path.map((id) => rows.get(id) ?? String(id))];
  throw tagRuleError('cycle', tagMessages.cycle(names), 'parentTags');
}
