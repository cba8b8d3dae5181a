import { sql, type SQL } from 'drizzle-orm';
import { runStatement, type DbOrTx } from '../../db/client.ts';

/**
 * The tag graph's walks, written once (decision 0015). Parents are implications: a tag implies every
 * ancestor, so searching by a tag must find what carries any of its descendants ("animal" finds an
 * item tagged "cat" when cat → feline → animal). UNION (not UNION ALL) visits each tag once, so a
 * walk ends even on a graph that somehow held a cycle.
 *
 * Other modules do not import this file: they call tag-usage.service.ts, which wraps it with the
 * synonym resolution and the usage counts (see docs/decisions/0015-tag-wiki.md).
 */

const idList = (ids: readonly number[]) =>
  sql.join(
    ids.map((id) => sql`${id}::int`),
    sql`, `,
  );

/** SQL: a one-column (`id`) set of `rootIds` and all their descendants; embed it in `in (…)`. */
export function descendantIdsSql(rootIds: readonly number[]): SQL {
  if (rootIds.length === 0) return sql`select null::int as id where false`;
  return sql`with recursive d(id) as (
      select unnest(array[${idList(rootIds)}])
      union
      select p.child_id from tag_parents p join d on p.parent_id = d.id
    ) select id from d`;
}

/**
 * SQL: a one-column (`id`) set of the tags `roots` selects (any one-column query of tag ids) and all
 * their descendants. Used where the roots are themselves a query (a reader's hidden tags).
 */
export function descendantsOfSql(roots: SQL): SQL {
  return sql`with recursive d(id) as (
      ${roots}
      union
      select p.child_id from tag_parents p join d on p.parent_id = d.id
    ) select id from d`;
}

/**
 * SQL condition: the thing of `kind` whose id is `subjectId` carries an NSFW tag or a descendant of
 * one. `nsfw_tags` holds that closure, kept exact by triggers (migration 0013): two index probes
 * per thing, no walk of the graph per request. Written as a per-row probe (`limit 1`), so a list's
 * ordered index scan stays ordered and stops after its page.
 */
export const carriesNsfwSql = (kind: string, subjectId: SQL): SQL =>
  sql`((select 1 from tag_usages u join nsfw_tags n on n.tag_id = u.tag_id
    where u.subject_kind = ${kind} and u.subject_id = (${subjectId})::text limit 1) is not null)`;

/** SQL condition: the thing carries one of the tags of `idSet` (a one-column query of tag ids). */
export function carriesAnyInSql(kind: string, subjectId: SQL, idSet: SQL): SQL {
  return sql`exists (select 1 from tag_usages u where u.subject_kind = ${kind}
    and u.subject_id = (${subjectId})::text and u.tag_id in (${idSet}))`;
}

/** SQL: `rootIds` and all their ancestors. */
export function ancestorIdsSql(rootIds: readonly number[]): SQL {
  if (rootIds.length === 0) return sql`select null::int as id where false`;
  return sql`with recursive a(id) as (
      select unnest(array[${idList(rootIds)}])
      union
      select p.parent_id from tag_parents p join a on p.child_id = a.id
    ) select id from a`;
}

/**
 * SQL condition: the thing of kind `kind` whose id is `subjectId` (SQL naming a column, e.g.
 * sql`${requests.id}`, compared as text) carries one of `rootIds` or one of their descendants. Galleries and requests put this in
 * their own WHERE clause.
 */
export function carriesAnyOfSql(kind: string, subjectId: SQL, rootIds: readonly number[]): SQL {
  return sql`exists (select 1 from tag_usages u where u.subject_kind = ${kind}
    and u.subject_id = (${subjectId})::text and u.tag_id in (${descendantIdsSql(rootIds)}))`;
}

/**
 * The ids a search by the live tag titled `title` matches, the searched tag first: its canonical
 * tag (a synonym means its canonical tag) and every descendant of that one; empty when there is no
 * such tag. One prepared statement (the title lookup and the walk together), not two round trips.
 */
export async function searchIdsByTitle(db: DbOrTx, title: string): Promise<number[]> {
  const rows = await runStatement<{ id: number }>(
    db,
    sql`with recursive root(id) as (
        select coalesce(t.canonical_id, t.id) from tags t
        where t.title = ${sql.placeholder('title')} and t.deleted_at is null
      ), d(id) as (
        select id from root
        union
        select p.child_id from tag_parents p join d on p.parent_id = d.id
      ) select d.id from d order by d.id not in (select id from root)`,
    { values: { title } },
  );
  return rows.map((r) => Number(r.id));
}

export async function ancestorIds(db: DbOrTx, rootIds: readonly number[]): Promise<number[]> {
  if (rootIds.length === 0) return [];
  const result = await db.execute<{ id: number }>(ancestorIdsSql(rootIds));
  return result.rows.map((r) => Number(r.id));
}

/**
 * The ids on a path going up (child → parent) from `fromId` to `toId`, both included; null when
 * `toId` is not an ancestor of `fromId`. Making `toId` a child of `fromId` would close this path
 * into a cycle, so the refusal names it.
 */
export async function upwardPath(db: DbOrTx, fromId: number, toId: number): Promise<number[] | null> {
  if (fromId === toId) return [fromId];
  const result = await db.execute<{ path: number[] | string }>(sql`
    with recursive up(id, path) as (
      select p.parent_id, array[p.child_id, p.parent_id]
      from tag_parents p where p.child_id = ${fromId}::int
      union all
      select p.parent_id, up.path || p.parent_id
      from tag_parents p join up on p.child_id = up.id
      where not p.parent_id = any(up.path)
    )
    select array_to_string(path, ',') as path from up where id = ${toId}::int limit 1`);
  const row = result.rows[0];
  if (!row) return null;
  return String(row.path).split(',').map(Number);
}
