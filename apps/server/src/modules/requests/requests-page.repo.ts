import { sql, type SQL } from 'drizzle-orm';
import type { TagRef } from '@brushline/shared/tags/schemas';
import { runStatement, type DbOrTx } from '../../db/client.ts';
import { likeContains } from '../../db/where.ts';
import type { requests } from '../../db/schema/requests.ts';
import { ownerNotRestricted, ownPictureId, users } from '../../db/schema/users.ts';
import type { MediaRow } from '../media/media.dto.ts';
import type { ListCursor, RequestRow } from './requests.repo.ts';

// The public request list's page statements (decision 0018, "Speed"): a page's rows after a
// cursor, and the starts of the pages after one.

/** The public list's filter: prices in cents, deadline in days, and per tag asked the ids a match may carry. */
export interface PublicFilter {
  maxPriceCents?: number;
  minPriceCents?: number;
  minDeadline?: number;
  inTitle?: string;
  inDescription?: string;
  typeOfWork?: (typeof requests.$inferSelect)['typeOfWork'];
  /** Per tag asked: its canonical tag (a synonym's title means it); a request matches when it
   * carries that tag or a descendant of it. */
  tagRoots: readonly number[];
}

const ph = (name: string) => sql.placeholder(name);

/**
 * The public filter's conditions on `r` (a requests row) over placeholders, the key of their shape
 * (which filters are present, how many tags) and the values to fill in, for a statement built once
 * per shape (db/client.ts, Shaped). Rows after `after` in the list's order, when given.
 */
function publicShape(f: PublicFilter, after: ListCursor | null) {
  const where: SQL[] = [
    sql`r.privacy = 'public'`,
    sql`r.hidden_at is null`,
    ownerNotRestricted(sql`r.owner_id`),
  ];
  const key: unknown[] = [];
  const values: Record<string, unknown> = {};
  const add = (present: boolean, cond: () => SQL, v: Record<string, unknown> = {}) => {
    key.push(present);
    if (!present) return;
    where.push(cond());
    Object.assign(values, v);
  };
  add(!!after, () => sql`(r.created_at, r.id) < (${ph('afterAt')}::timestamptz, ${ph('afterId')}::int)`, {
    afterAt: after?.createdAt,
    afterId: after?.id,
  });
  // A budget that reaches into the reader's range: its minimum is at most their maximum …
  add(f.maxPriceCents !== undefined, () => sql`r.price_min_cents <= ${ph('maxPrice')}::bigint`, {
    maxPrice: f.maxPriceCents,
  });
  // … and its maximum at least their minimum.
  add(f.minPriceCents !== undefined, () => sql`r.price_max_cents >= ${ph('minPrice')}::bigint`, {
    minPrice: f.minPriceCents,
  });
  add(f.minDeadline !== undefined, () => sql`r.deadline_days >= ${ph('minDeadline')}::int`, {
    minDeadline: f.minDeadline,
  });
  const inTitle = !!f.inTitle;
  const inDescription = !!f.inDescription;
  key.push(inTitle, inDescription);
  if (inTitle || inDescription) {
    const words = [
      inTitle ? sql`r.title ilike ${ph('inTitle')}` : undefined,
      inDescription ? sql`r.description ilike ${ph('inDescription')}` : undefined,
    ].filter((w): w is SQL => w !== undefined);
    where.push(sql`(${sql.join(words, sql` or `)})`);
    if (inTitle) values.inTitle = likeContains(f.inTitle!);
    if (inDescription) values.inDescription = likeContains(f.inDescription!);
  }
  add(!!f.typeOfWork, () => sql`r.type_of_work = ${ph('typeOfWork')}::type_of_work`, {
    typeOfWork: f.typeOfWork,
  });
  // Each tag must match: the request carries it or one of its descendants, so the tag is in its
  // tree (tag_tree: its tags and their ancestors, kept by migration 0031's triggers).
  for (const [i, root] of f.tagRoots.entries()) {
    where.push(sql`r.tag_tree && ${ph(`tag${i}`)}::int[]`);
    values[`tag${i}`] = `{${Math.trunc(root)}}`;
  }
  key.push(f.tagRoots.length);
  return { where: sql.join(where, sql` and `), key, values };
}

/** A request of the public list as its page reads it: the row, its owner, tags and attachments. */
export interface PublicRow extends RequestRow {
  cursorAt: string;
  tags: TagRef[];
  media: Pick<MediaRow, 'id' | 'width' | 'height' | 'mime' | 'purpose'>[];
}

const parsed = <T>(v: unknown): T => (typeof v === 'string' ? (JSON.parse(v) as T) : (v as T));
const date = (v: unknown): Date => (typeof v === 'string' ? new Date(v) : (v as Date));

/**
 * Up to `limit` rows of the public list after `after` (null: from the top), newest first, each
 * with its owner, its number of applications, its tags (by title) and its attachments (in their
 * order). Two statements (decision 0018, "Speed"): the page's ids are chosen on `requests` alone,
 * planned for each run's values (the ordered public index, or for a rare word or tag the trigram
 * or tag index); its rows are then read by id with a plan made once (planning the joins and
 * subqueries for every page cost more than running them).
 */
export async function publicPageRows(
  db: DbOrTx,
  filter: PublicFilter,
  after: ListCursor | null,
  limit: number,
): Promise<PublicRow[]> {
  const shape = publicShape(filter, after);
  const ids = await runStatement<{ id: number }>(
    db,
    {
      shape: JSON.stringify(['requests page ids', shape.key]),
      build: () => sql`select r.id from requests r where ${shape.where}
        order by r.created_at desc, r.id desc limit ${ph('limit')}`,
    },
    { values: { ...shape.values, limit }, plan: 'custom' },
  );
  if (ids.length === 0) return [];
  const rows = await runStatement<Record<string, unknown>>(
    db,
    {
      shape: 'requests page rows',
      // Public and not hidden again: a request hidden between the two statements stays out.
      build: () => sql`select r.id, r.guid, r.owner_id as "ownerId", r.title, r.description,
          r.type_of_work as "typeOfWork", r.additional_requirements as "additionalRequirements",
          r.preferences, r.price_min_cents as "priceMinCents", r.price_max_cents as "priceMaxCents",
          r.deadline_days as "deadlineDays", r.privacy, r.hidden_reason as "hiddenReason", r.created_at as "createdAt",
          r.updated_at as "updatedAt", r.created_at::text as "cursorAt",
          users.login as "ownerLogin", users.display_name as "ownerDisplayName",
          ${ownPictureId(users)} as "ownerAvatarId",
          (select count(*)::int from request_applications a where a.request_id = r.id) as applications,
          (select coalesce(json_agg(json_build_object('id', t.id, 'title', t.title, 'tagType', t.tag_type,
              'maturity', t.maturity) order by t.title), '[]'::json)
            from tags t where t.id = any(r.tag_ids) and t.deleted_at is null) as tags,
          (select coalesce(json_agg(json_build_object('id', m.id, 'width', m.width, 'height', m.height,
              'mime', m.mime, 'purpose', m.purpose) order by rm.position), '[]'::json)
            from request_media rm join media m on m.id = rm.media_id where rm.request_id = r.id) as media
        from requests r join users on users.id = r.owner_id
        where r.id = any(${ph('ids')}::int[]) and r.privacy = 'public' and r.hidden_at is null`,
    },
    { values: { ids: `{${ids.map((r) => Math.trunc(Number(r.id))).join(',')}}` }, plan: 'generic' },
  );
  // In the page's order (the ids statement's), whatever order the second one read them in.
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  return ids.flatMap(({ id }) => {
    const r = byId.get(Number(id));
    return r ? [toPublicRow(r)] : [];
  });
}

function toPublicRow(r: Record<string, unknown>): PublicRow {
  return {
    ...(r as unknown as PublicRow),
    id: Number(r.id),
    priceMinCents: Number(r.priceMinCents),
    priceMaxCents: Number(r.priceMaxCents),
    deadlineDays: Number(r.deadlineDays),
    applications: Number(r.applications),
    createdAt: date(r.createdAt),
    updatedAt: date(r.updatedAt),
    tags: parsed<TagRef[]>(r.tags).map((t) => ({ ...t, id: Number(t.id) })),
    media: parsed<PublicRow['media']>(r.media).map((m) => ({
      ...m,
      width: Number(m.width),
      height: Number(m.height),
    })),
  };
}

/**
 * The last row of each of the next `pages` pages after `from` (null: the top of the list), in
 * order: where the pages after them start. One walk of the ordered index that keeps every
 * `pageSize`-th row; fewer when the list ends first. What a jump to a page nobody has read yet
 * costs (as OFFSET did), once: the starts are remembered (request-list-cache.ts).
 */
export async function findPageEnds(
  db: DbOrTx,
  filter: PublicFilter,
  from: ListCursor | null,
  pageSize: number,
  pages: number,
): Promise<ListCursor[]> {
  const shape = publicShape(filter, from);
  const rows = await runStatement<{ createdAt: string; id: number }>(
    db,
    {
      shape: JSON.stringify(['requests page ends', shape.key]),
      build: () => sql`select w.created_at_text as "createdAt", w.id from (
          select r.created_at::text as created_at_text, r.id,
            row_number() over (order by r.created_at desc, r.id desc) as n
          from requests r where ${shape.where}
          order by r.created_at desc, r.id desc limit ${ph('walk')}) w
        where w.n % ${ph('pageSize')} = 0 order by w.n`,
    },
    { values: { ...shape.values, walk: pageSize * pages, pageSize }, plan: 'custom' },
  );
  return rows.map((r) => ({ createdAt: r.createdAt, id: Number(r.id) }));
}
