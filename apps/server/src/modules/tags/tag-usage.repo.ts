import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { tags, tagUsages } from '../../db/schema/tags.ts';

/** The canonical tag ids a thing carries. */
export async function usageTagIds(db: DbOrTx, kind: string, subjectId: string): Promise<number[]> {
  const rows = await db
    .select({ tagId: tagUsages.tagId })
    .from(tagUsages)
    .where(and(eq(tagUsages.subjectKind, kind), eq(tagUsages.subjectId, subjectId)));
  return rows.map((r) => r.tagId);
}

/** The tags a thing carries, by title. */
export async function usageTags(db: DbOrTx, kind: string, subjectId: string) {
  return db
    .select({ id: tags.id, title: tags.title, tagType: tags.tagType, maturity: tags.maturity })
    .from(tagUsages)
    .innerJoin(tags, eq(tags.id, tagUsages.tagId))
    .where(and(eq(tagUsages.subjectKind, kind), eq(tagUsages.subjectId, subjectId), isNull(tags.deletedAt)))
    .orderBy(asc(tags.title));
}

/** The tags of many things of one kind at once, by subject id. */
export async function usageTagsOfMany(db: DbOrTx, kind: string, subjectIds: readonly string[]) {
  if (subjectIds.length === 0) return [];
  return db
    .select({
      subjectId: tagUsages.subjectId,
      id: tags.id,
      title: tags.title,
      tagType: tags.tagType,
      maturity: tags.maturity,
    })
    .from(tagUsages)
    .innerJoin(tags, eq(tags.id, tagUsages.tagId))
    .where(
      and(
        eq(tagUsages.subjectKind, kind),
        inArray(tagUsages.subjectId, [...new Set(subjectIds)]),
        isNull(tags.deletedAt),
      ),
    )
    .orderBy(asc(tags.title));
}

/**
 * Live tags by title, not locked: a tagging locks the canonical tags they stand for
 * (lockTagsByIds) and checks there that nothing moved meanwhile.
 */
export async function findTagsByTitles(db: DbOrTx, titles: string[]) {
  if (titles.length === 0) return [];
  return db
    .select({ id: tags.id, title: tags.title, canonicalId: tags.canonicalId })
    .from(tags)
    .where(and(inArray(tags.title, titles), isNull(tags.deletedAt)))
    .orderBy(asc(tags.id));
}

/** Locks live tags by id, in id order (so two taggings never deadlock), for an update of their counts. */
export async function lockTagsByIds(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: tags.id, canonicalId: tags.canonicalId })
    .from(tags)
    .where(and(inArray(tags.id, ids), isNull(tags.deletedAt)))
    .orderBy(asc(tags.id))
    .for('no key update');
}

/** Adds and removes usage rows of one thing and moves each tag's count by the same amount. */
export async function changeUsages(
  db: DbOrTx,
  kind: string,
  subjectId: string,
  add: number[],
  remove: number[],
) {
  if (add.length > 0) {
    await db.insert(tagUsages).values(add.map((tagId) => ({ subjectKind: kind, subjectId, tagId })));
    await db
      .update(tags)
      .set({ usageCount: sql`${tags.usageCount} + 1` })
      .where(inArray(tags.id, add));
  }
  if (remove.length > 0) {
    await db
      .delete(tagUsages)
      .where(
        and(
          eq(tagUsages.subjectKind, kind),
          eq(tagUsages.subjectId, subjectId),
          inArray(tagUsages.tagId, remove),
        ),
      );
    await db
      .update(tags)
      .set({ usageCount: sql`greatest(${tags.usageCount} - 1, 0)` })
      .where(inArray(tags.id, remove));
  }
}

/** Merge: every usage of `fromId` becomes one of `toId` (a thing carrying both keeps one); counts recounted. */
export async function moveUsages(db: DbOrTx, fromId: number, toId: number): Promise<void> {
  await db.execute(sql`
    insert into tag_usages (subject_kind, subject_id, tag_id)
    select subject_kind, subject_id, ${toId}::int from tag_usages where tag_id = ${fromId}::int
    on conflict do nothing`);
  await db.delete(tagUsages).where(eq(tagUsages.tagId, fromId));
  await db.execute(sql`
    update tags set usage_count = (select count(*)::int from tag_usages where tag_id = ${toId}::int)
    where id = ${toId}::int`);
}

export async function dropUsagesOfTag(db: DbOrTx, tagId: number): Promise<void> {
  await db.delete(tagUsages).where(eq(tagUsages.tagId, tagId));
}

/** Ids of the things of `kind` that carry one of `tagIds`. */
export async function subjectsWithTags(db: DbOrTx, kind: string, tagIds: number[]): Promise<string[]> {
  if (tagIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ id: tagUsages.subjectId })
    .from(tagUsages)
    .where(and(eq(tagUsages.subjectKind, kind), inArray(tagUsages.tagId, tagIds)));
  return rows.map((r) => r.id);
}

/** Live tags by title as their canonical tags (a synonym's title answers its canonical tag). */
export async function canonicalTagsByTitles(db: DbOrTx, titles: readonly string[]) {
  if (titles.length === 0) return [];
  const result = await db.execute<{
    asked: string;
    id: number;
    title: string;
    tagType: string;
    maturity: string;
  }>(sql`
    select t.title as asked, c.id, c.title, c.tag_type as "tagType", c.maturity
    from tags t join tags c on c.id = coalesce(t.canonical_id, t.id)
    where t.deleted_at is null and c.deleted_at is null
      and t.title in (${sql.join(
        titles.map((x) => sql`${x}`),
        sql`, `,
      )})`);
  return result.rows.map((r) => ({ ...r, id: Number(r.id) }));
}
