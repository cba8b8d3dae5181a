// The autocomplete's query (decision 0015 "Search"; bench/tags.ts measures it on 100,000 tags):
// prefix matches, and for a typo the prefixes of the corrected query (tag-word-index.ts) — all in
// one statement, so a suggestion is one round trip to PostgreSQL whatever was typed.
import { sql, type SQL } from 'drizzle-orm';
import type { TagMaturity, TagType } from '@brushline/shared/tags/constants';
import { runStatement, type DbOrTx } from '../../db/client.ts';

export type SuggestionRow = {
  id: number;
  title: string;
  tag_type: TagType;
  maturity: TagMaturity;
  usage_count: number;
  alias: string | null;
};

/** How many prefix matches are ranked by sorting them; past that, the most used are walked. */
const PREFIX_SORT_MAX = 300;
/** How many synonyms starting with `q` (in title order) are ranked by their canonical tag's usage. */
const SYNONYM_PREFIX_MAX = 20;
/** Appended to a prefix: the byte-wise upper end of the titles that start with it (`text_pattern_ops`). */
const PREFIX_END = '\u{10FFFF}';

/**
 * Autocomplete: the exact title, then canonical tags and synonyms starting with `q` (most used
 * first); a synonym answers its canonical tag. Only when those are fewer than `limit`, similar
 * titles fill the list: those starting with `corrected` (`q` with its mistyped words corrected,
 * tag-word-index.ts; null when no word needed it), then titles starting with `q` less its last
 * word (the broader tags). One statement (suggestSql), so one round trip. NSFW tags only when
 * `withNsfw`.
 */
export async function suggestTags(
  db: DbOrTx,
  q: string,
  corrected: string | null,
  withNsfw: boolean,
  limit: number,
): Promise<SuggestionRow[]> {
  return runStatement<SuggestionRow>(db, suggestSql(q, corrected, withNsfw, limit), { plan: 'generic' });
}

/** `q` less its last word when that leaves three characters or more (the broader tags). */
function broaderOf(q: string): string | null {
  const cut = q.lastIndexOf('_');
  return cut >= 3 ? q.slice(0, cut) : null;
}

/**
 * The whole suggestion as one statement. `found` (prefixes of `q`) always runs; `fixed` (prefixes
 * of the corrected query) only when `found` has fewer than `limit`, and `wider` (prefixes of the
 * broader query) only when both together still have fewer: each is gated by a condition on the
 * parts before it, which PostgreSQL checks before running the part. The text depends only on the
 * flags, whether there is a correction and whether there is a broader query, so it stays prepared
 * (runStatement with a generic plan).
 */
export function suggestSql(q: string, corrected: string | null, withNsfw: boolean, limit: number): SQL {
  const found = prefixedSql(sql`${q}::text`, q.length < 3, withNsfw, limit);
  const broader = broaderOf(q);
  const parts: SQL[] = [sql`select *, 0 as part from found`];
  const ctes: SQL[] = [sql`found as materialized (select * from ${found} p)`];
  if (corrected !== null) {
    ctes.push(
      sql`fixed as materialized (
        select * from ${prefixedSql(sql`${corrected}::text`, false, withNsfw, limit)} p
        where (select count(*) from found) < ${limit})`,
    );
    parts.push(sql`select *, 1 from fixed`);
  }
  if (broader) {
    const before =
      corrected !== null ? sql`select id from found union select id from fixed` : sql`select id from found`;
    ctes.push(
      sql`wider as materialized (
        select * from ${prefixedSql(sql`${broader}::text`, false, withNsfw, limit)} p
        where (select count(*) from (${before}) u) < ${limit})`,
    );
    parts.push(sql`select *, 2 from wider`);
  }
  return sql`
    with ${sql.join(ctes, sql`, `)}
    select id, title, tag_type, maturity, usage_count, alias from (
      select distinct on (id) * from (${sql.join(parts, sql` union all `)}) every
      order by id, part, ord
    ) best
    order by part, ord
    limit ${limit}
  `;
}

/**
 * The exact title, then canonical tags and synonyms starting with the text `q` (a parameter, or a
 * value computed earlier in the statement), at most `limit`, ranked (`ord`: most used first). Every
 * part reads a bounded number of index entries, index-only, whatever the planner estimates:
 * canonical prefixes in title order (`tags_prefix_canonical_idx`) up to PREFIX_SORT_MAX, sorted by
 * usage; only when that many match does a second part walk `tags_canonical_usage_idx` (most used
 * first) until `limit` match, about `limit` × 100 entries at most. Synonyms: the first
 * SYNONYM_PREFIX_MAX starting with `q`, by their canonical tag's usage; when `short` (under three
 * characters) a synonym counts only when typed whole. The prefix is a byte-wise range (`~>=~`,
 * `~<~`) that a generic plan still scans by index.
 */
export function prefixedSql(q: SQL, short: boolean, withNsfw: boolean, limit: number): SQL {
  const shown = withNsfw ? sql`` : sql`and c.maturity = 'SFW'`;
  const canonical = sql`c.id, c.title, c.tag_type, c.maturity, c.usage_count`;
  const live = sql`c.deleted_at is null and c.canonical_id is null ${shown}`;
  const hi = sql`(${q} || ${PREFIX_END}::text)`;
  const synonyms = short ? sql`s.title = ${q}` : sql`s.title ~>=~ ${q} and s.title ~<~ ${hi}`;
  return sql`(
    with pre as materialized (
      select ${canonical} from tags c where c.title ~>=~ ${q} and c.title ~<~ ${hi} and ${live}
      order by c.title using ~<~ limit ${PREFIX_SORT_MAX}
    )
    select id, title, tag_type, maturity, usage_count, alias,
      row_number() over (order by kind desc, usage_count desc, title) as ord
    from (
      select distinct on (id) * from (
        (select ${canonical}, null::text as alias, 1 as kind
          from tags c where c.title = ${q} and ${live})
        union all
        (select *, null, 0 from pre c order by c.usage_count desc, c.title limit ${limit})
        union all
        -- left(): not a prefix range, so this part can only walk the usage index
        (select ${canonical}, null, 0 from tags c
          where left(c.title, char_length(${q})) = ${q} and ${live}
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
    order by ord
    limit ${limit}
  )`;
}

/** Every live word of the titles with its uses, as `tag_words` holds them (the typo index loads these). */
export async function liveTagWords(db: DbOrTx): Promise<{ word: string; uses: number }[]> {
  const { rows } = await db.execute<{ word: string; uses: number }>(
    sql`select word, uses from tag_words where uses > 0`,
  );
  return rows.map((r) => ({ word: r.word, uses: Number(r.uses) }));
}
