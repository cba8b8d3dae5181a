import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { TagChange } from '@brushline/shared/tags/schemas';
import type { TagChangeKind, TagMaturity, TagType } from '@brushline/shared/tags/constants';
import { executeCached, type DbOrTx } from '../../db/client.ts';
import { tagHistory, tagParents, tags } from '../../db/schema/tags.ts';
import { ownPictureId, users } from '../../db/schema/users.ts';

/** Any constant: every write to titles, synonyms or parents takes it, so two edits never race a rule. */
const TAG_GRAPH_LOCK = 9_004_213;

export type TagRow = typeof tags.$inferSelect;

const live = isNull(tags.deletedAt);

/** Serialises writes to the tag vocabulary until the transaction ends (reads are not blocked). */
export async function lockTagWrites(db: DbOrTx): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${TAG_GRAPH_LOCK})`);
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
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

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

export type SuggestionRow = {
  id: number;
  title: string;
  tag_type: TagType;
  maturity: TagMaturity;
  usage_count: number;
  alias: string | null;
};

/**
 * Autocomplete (bench/tags.ts measures it on 100,000 tags; decision 0015). First the exact title,
 * then canonical tags and synonyms starting with `q` (most used first); a synonym answers its
 * canonical tag. Only when those are fewer than `limit` (and `q` has three characters or more),
 * similar titles fill the list: `q` with each word that no title uses corrected to the most similar
 * word titles do use (pg_trgm `%` over `tag_words`, a few thousand short words rather than every
 * title), then titles starting with `q` less its last word (the broader tags). Every part is a
 * short index scan that takes at most `limit` rows, so no query rechecks thousands of titles.
 * NSFW tags only when `withNsfw`.
 */
export async function suggestTags(
  db: DbOrTx,
  q: string,
  withNsfw: boolean,
  limit: number,
): Promise<SuggestionRow[]> {
  const found = await executeCached<SuggestionRow>(db, prefixedTagsSql(q, withNsfw, limit));
  if (found.length >= limit || q.length < 3) return found;
  const similar: string[] = [];
  const corrected = await correctedQuery(db, q);
  if (corrected !== q) similar.push(corrected);
  const broader = q.slice(0, q.lastIndexOf('_'));
  if (q.lastIndexOf('_') > 0 && broader.length >= 3) similar.push(broader);
  const seen = new Set(found.map((r) => r.id));
  for (const other of similar) {
    if (found.length >= limit) break;
    const rows = await executeCached<SuggestionRow>(db, prefixedTagsSql(other, withNsfw, limit));
    for (const row of rows) {
      if (found.length >= limit) break;
      if (seen.has(row.id)) continue;
      seen.add(row.id);
      found.push(row);
    }
  }
  return found;
}

/** How many prefix matches are ranked by sorting them; past that, the most used are walked. */
const PREFIX_SORT_MAX = 300;
/** How many synonyms starting with `q` (in title order) are ranked by their canonical tag's usage. */
const SYNONYM_PREFIX_MAX = 20;

/** The byte-wise range of the titles that start with `q` (for `text_pattern_ops` btrees). */
const prefixRange = (q: string) => [q, `${q}\u{10FFFF}`] as const;

/**
 * The exact title, then canonical tags and synonyms starting with `q`, at most `limit`, ranked
 * (most used first). Every part reads a bounded number of index entries, index-only, whatever the
 * planner estimates: canonical prefixes in title order (`tags_prefix_canonical_idx`) up to
 * PREFIX_SORT_MAX, sorted by usage; only when that many match does a second part walk
 * `tags_canonical_usage_idx` (most used first) until `limit` match, about `limit` × 100 entries
 * at most. Synonyms: the first SYNONYM_PREFIX_MAX starting with `q`, by their canonical tag's
 * usage; under three characters a synonym counts only when typed whole. The text depends only on
 * `withNsfw` and `q.length < 3`, so PostgreSQL keeps it prepared (executeCached) and the prefix is
 * a range of parameters (`~>=~`, `~<~`) that a generic plan still scans by index.
 */
export function prefixedTagsSql(q: string, withNsfw: boolean, limit: number): SQL {
  const shown = withNsfw ? sql`` : sql`and c.maturity = 'SFW'`;
  const canonical = sql`c.id, c.title, c.tag_type, c.maturity, c.usage_count`;
  const live = sql`c.deleted_at is null and c.canonical_id is null ${shown}`;
  const [lo, hi] = prefixRange(q);
  const synonyms = q.length < 3 ? sql`s.title = ${q}` : sql`s.title ~>=~ ${lo} and s.title ~<~ ${hi}`;
  return sql`
    with pre as materialized (
      select ${canonical} from tags c where c.title ~>=~ ${lo} and c.title ~<~ ${hi} and ${live}
      order by c.title using ~<~ limit ${PREFIX_SORT_MAX}
    )
    select id, title, tag_type, maturity, usage_count, alias from (
      select distinct on (id) * from (
        (select ${canonical}, null::text as alias, 1 as kind
          from tags c where c.title = ${q} and ${live})
        union all
        (select *, null, 0 from pre c order by c.usage_count desc, c.title limit ${limit})
        union all
        -- left(): not a prefix range, so this part can only walk the usage index
        (select ${canonical}, null, 0 from tags c
          where left(c.title, char_length(${q}::text)) = ${q} and ${live}
            and (select count(*) from pre) >= ${PREFIX_SORT_MAX}
          order by c.usage_count desc, c.title limit ${limit})
        union all
        (select ${canonical}, t.title, case when t.title = ${q} then 1 else 0 end
          from (select s.title, s.canonical_id from tags s
                where ${synonyms} and s.deleted_at is null and s.canonical_id is not null
                order by s.title using ~<~ limit ${SYNONYM_PREFIX_MAX}) t
          join tags c on c.id = t.canonical_id
          where c.deleted_at is null ${shown}
          order by 7 desc, c.usage_count desc, t.title limit ${limit})
      ) found
      order by id, kind desc, (alias is null) desc
    ) best
    -- exact, then prefixes (most used first)
    order by kind desc, usage_count desc, title
    limit ${limit}
  `;
}

/**
 * For each word of `q` (three characters or more) that no live title uses, the most similar word
 * one does (pg_trgm `%` through `tag_words_trgm_idx`, then the most used); the last word counts as
 * used when a word starts with it, since it may be still being typed. One row per word, in order:
 * `fix` is null where the word stays. Each word is its own constant so the planner can use the
 * trigram index (a lateral join over the words would scan the table).
 */
export function wordFixesSql(q: string): SQL {
  const words = q.split('_');
  const parts = words.map((w, i) => {
    const known =
      i === words.length - 1
        ? sql`k.word ~>=~ ${prefixRange(w)[0]} and k.word ~<~ ${prefixRange(w)[1]}`
        : sql`k.word = ${w}`;
    const fix =
      w.length < 3
        ? sql`null::text`
        : sql`case when exists (select 1 from tag_words k where ${known} and k.uses > 0) then null
            else (select s.word from tag_words s where s.word % ${w} and s.uses > 0
                  order by similarity(s.word, ${w}) desc, s.uses desc, s.word limit 1) end`;
    return sql`select ${i}::int as ord, ${fix} as fix`;
  });
  return sql`select ord, fix from (${sql.join(parts, sql` union all `)}) words order by ord`;
}

/** `q` with its mistyped words corrected (wordFixesSql); `q` itself when none were. */
async function correctedQuery(db: DbOrTx, q: string): Promise<string> {
  const words = q.split('_');
  if (!words.some((w) => w.length >= 3)) return q;
  const fixes = await executeCached<{ ord: number; fix: string | null }>(db, wordFixesSql(q));
  for (const { ord, fix } of fixes) if (fix) words[Number(ord)] = fix;
  return words.join('_');
}
