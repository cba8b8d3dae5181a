import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { TagChange } from '@brushline/shared/tags/schemas';
import type { TagChangeKind, TagMaturity, TagType } from '@brushline/shared/tags/constants';
import type { DbOrTx } from '../../db/client.ts';
import { likeEscape } from '../../db/where.ts';
import { tagHistory, tagParents, tags } from '../../db/schema/tags.ts';
import { ownPictureId, users } from '../../db/schema/users.ts';

/**
 * Any constant: every write to titles, synonyms or parents takes it, so two edits never race a rule.
 * Migration 0031's requests_tags_refresh names it too (9004213): a request's tagging holds it shared.
 */
const TAG_GRAPH_LOCK = 9_004_213;

export type TagRow = typeof tags.$inferSelect;

const live = isNull(tags.deletedAt);

/** Serialises writes to the tag vocabulary until the transaction ends (reads are not blocked). */
export async function lockTagWrites(db: DbOrTx): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${TAG_GRAPH_LOCK})`);
}

/**
 * Holds the tag graph still until the transaction ends (shared: taggings do not wait for each
 * other, only for a vocabulary write), so trees computed from it (requests' tag_tree) stay true.
 */
export async function lockTagGraphShared(db: DbOrTx): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock_shared(${TAG_GRAPH_LOCK})`);
}

export async function findTagById(db: DbOrTx, id: number, lock = false): Promise<TagRow | undefined> {
  const q = db
    .select()
    .from(tags)
    .where(and(eq(tags.id, id), live));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export async function findTagByTitle(db: DbOrTx, title: string): Promise<TagRow | undefined> {
  const [row] = await db
    .select()
    .from(tags)
    .where(and(eq(tags.title, title), live));
  return row;
}

export async function findTagsByTitles(db: DbOrTx, titles: string[]): Promise<TagRow[]> {
  if (titles.length === 0) return [];
  return db
    .select()
    .from(tags)
    .where(and(inArray(tags.title, titles), live));
}

export async function findTagsByIds(db: DbOrTx, ids: number[]): Promise<TagRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(tags)
    .where(and(inArray(tags.id, ids), live));
}

/** The live synonyms of each of `ids`, by title. */
export async function synonymsOf(db: DbOrTx, ids: number[]): Promise<TagRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(tags)
    .where(and(inArray(tags.canonicalId, ids), live))
    .orderBy(asc(tags.title));
}

/** Direct parents of one tag. */
export async function parentsOf(db: DbOrTx, id: number): Promise<TagRow[]> {
  return db
    .select(tagColumns)
    .from(tagParents)
    .innerJoin(tags, eq(tags.id, tagParents.parentId))
    .where(and(eq(tagParents.childId, id), live))
    .orderBy(asc(tags.title));
}

/** Direct children of one tag (derived from the children's parent links). */
export async function childrenOf(db: DbOrTx, id: number): Promise<TagRow[]> {
  return db
    .select(tagColumns)
    .from(tagParents)
    .innerJoin(tags, eq(tags.id, tagParents.childId))
    .where(and(eq(tagParents.parentId, id), live))
    .orderBy(asc(tags.title));
}

const tagColumns = {
  id: tags.id,
  title: tags.title,
  description: tags.description,
  maturity: tags.maturity,
  tagType: tags.tagType,
  canonicalId: tags.canonicalId,
  creatorId: tags.creatorId,
  usageCount: tags.usageCount,
  version: tags.version,
  createdAt: tags.createdAt,
  deletedAt: tags.deletedAt,
};

/** Which of `ids` have at least one parent (the others are roots). */
export async function idsWithParents(db: DbOrTx, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ id: tagParents.childId })
    .from(tagParents)
    .where(inArray(tagParents.childId, ids));
  return new Set(rows.map((r) => r.id));
}

export async function countLinks(db: DbOrTx, id: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(tagParents)
    .where(sql`${tagParents.childId} = ${id} or ${tagParents.parentId} = ${id}`);
  return row?.n ?? 0;
}

export interface TagValues {
  title: string;
  description: string;
  maturity: TagMaturity;
  tagType: TagType;
}

export async function insertTag(
  db: DbOrTx,
  values: TagValues & { creatorId: string | null; canonicalId?: number | null },
): Promise<TagRow> {
  const [row] = await db.insert(tags).values(values).returning();
  return row!;
}

/** Writes fields and adds one to the version; answers the new row. */
export async function updateTagRow(
  db: DbOrTx,
  id: number,
  values: Partial<TagValues> & { canonicalId?: number | null; deletedAt?: Date | null; usageCount?: number },
): Promise<TagRow> {
  const [row] = await db
    .update(tags)
    .set({ ...values, version: sql`${tags.version} + 1` })
    .where(eq(tags.id, id))
    .returning();
  return row!;
}

export async function replaceParents(db: DbOrTx, childId: number, parentIds: number[]): Promise<void> {
  await db.delete(tagParents).where(eq(tagParents.childId, childId));
  if (parentIds.length > 0) {
    await db.insert(tagParents).values(parentIds.map((parentId) => ({ childId, parentId })));
  }
}

/** Removes every link in which the tag is a parent or a child. */
export async function dropLinks(db: DbOrTx, id: number): Promise<void> {
  await db.delete(tagParents).where(sql`${tagParents.childId} = ${id} or ${tagParents.parentId} = ${id}`);
}

/** Direct parent ids of each child in `childIds`. */
export async function parentLinks(db: DbOrTx, childIds: number[]) {
  if (childIds.length === 0) return [];
  return db.select().from(tagParents).where(inArray(tagParents.childId, childIds));
}

export async function childLinks(db: DbOrTx, parentId: number) {
  return db.select().from(tagParents).where(eq(tagParents.parentId, parentId));
}

export async function insertHistory(
  db: DbOrTx,
  entry: {
    tagId: number;
    version: number;
    kind: TagChangeKind;
    actorId: string | null;
    changes: TagChange[];
  },
): Promise<void> {
  await db.insert(tagHistory).values(entry);
}

/** One tag's history, newest first, with who made each change. */
export async function historyOf(db: DbOrTx, tagId: number, limit: number) {
  return db
    .select({
      id: tagHistory.id,
      version: tagHistory.version,
      kind: tagHistory.kind,
      at: tagHistory.at,
      changes: tagHistory.changes,
      actorId: users.id,
      actorLogin: users.login,
      actorDisplayName: users.displayName,
      actorAvatarId: ownPictureId(users),
    })
    .from(tagHistory)
    .leftJoin(users, eq(users.id, tagHistory.actorId))
    .where(eq(tagHistory.tagId, tagId))
    .orderBy(desc(tagHistory.id))
    .limit(limit);
}
export type HistoryRow = Awaited<ReturnType<typeof historyOf>>[number];

/** Everyone who changed the tag (its history's actors), first contribution first. */
export async function contributersOf(db: DbOrTx, tagId: number) {
  return db
    .select({
      id: users.id,
      login: users.login,
      displayName: users.displayName,
      avatarId: ownPictureId(users),
    })
    .from(users)
    .innerJoin(
      sql`(select actor_id, min(id) as first_id from tag_history where tag_id = ${tagId} group by actor_id) h`,
      sql`h.actor_id = ${users.id}`,
    )
    .orderBy(sql`h.first_id`);
}

export async function findPerson(db: DbOrTx, id: string | null) {
  if (!id) return undefined;
  const [row] = await db
    .select({
      id: users.id,
      login: users.login,
      displayName: users.displayName,
      avatarId: ownPictureId(users),
    })
    .from(users)
    .where(eq(users.id, id));
  return row;
}

/** `%`, `_` and `\` match literally inside a LIKE pattern. */

/**
 * One page of canonical tags whose title, or one of whose synonyms' titles, contains `filter`
 * (already normalised); exact matches first, then titles that start with it, then by title. NSFW
 * tags only when `withNsfw`.
 */
export async function pageOfTags(
  db: DbOrTx,
  filter: string,
  withNsfw: boolean,
  offset: number,
  limit: number,
) {
  const pattern = `%${likeEscape(filter)}%`;
  const shown = sql`${tags.deletedAt} is null and ${tags.canonicalId} is null
    ${withNsfw ? sql`` : sql`and ${tags.maturity} = 'SFW'`}`;
  const where: SQL = filter
    ? sql`${shown} and (${tags.title} like ${pattern}
        or exists (select 1 from tags s where s.canonical_id = ${tags.id} and s.deleted_at is null
                   and s.title like ${pattern}))`
    : shown;
  const rank = filter
    ? sql`case when ${tags.title} = ${filter} or exists (select 1 from tags s where s.canonical_id = ${tags.id}
            and s.deleted_at is null and s.title = ${filter}) then 0
          when ${tags.title} like ${`${likeEscape(filter)}%`} then 1 else 2 end`
    : null;
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(tags)
      .where(where)
      .orderBy(...(rank ? [rank] : []), asc(tags.title))
      .limit(limit)
      .offset(offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(tags)
      .where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}
