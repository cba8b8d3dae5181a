import { and, asc, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { TagRef } from '@brushline/shared/tags/schemas';
import { runStatement, type DbOrTx } from '../../db/client.ts';
import { whereOf, type Where, likeContains } from '../../db/where.ts';
import { media } from '../../db/schema/media.ts';
import { applications, requestMedia, requests } from '../../db/schema/requests.ts';
import { ownerNotRestricted, ownPictureId, users } from '../../db/schema/users.ts';
import type { MediaRow } from '../media/media.dto.ts';

const requestColumns = {
  id: requests.id,
  guid: requests.guid,
  ownerId: requests.ownerId,
  title: requests.title,
  description: requests.description,
  typeOfWork: requests.typeOfWork,
  additionalRequirements: requests.additionalRequirements,
  preferences: requests.preferences,
  priceMinCents: requests.priceMinCents,
  priceMaxCents: requests.priceMaxCents,
  deadlineDays: requests.deadlineDays,
  privacy: requests.privacy,
  hiddenReason: requests.hiddenReason,
  createdAt: requests.createdAt,
  updatedAt: requests.updatedAt,
  ownerLogin: users.login,
  ownerDisplayName: users.displayName,
  ownerAvatarId: ownPictureId(users),
  applications: sql<number>`(select count(*)::int from ${applications} where ${applications.requestId} = ${requests.id})`,
};

/** A request with its owner and its number of applications, in one query. */
export type RequestRow = Awaited<ReturnType<typeof findRequestRows>>[number];
export type RequestValues = Omit<
  typeof requests.$inferInsert,
  'id' | 'guid' | 'ownerId' | 'createdAt' | 'updatedAt'
>;

/**
 * Where a page of the public list starts: the `(created_at, id)` of the row before it, the created
 * time as PostgreSQL's text (microseconds; a JS Date keeps milliseconds only).
 */
export interface ListCursor {
  createdAt: string;
  id: number;
}

const listOrder = [desc(requests.createdAt), desc(requests.id)] as const;

/** Rows after `cursor` in the list's order (newest first): a range of the ordered index, no skipping. */
const after = (cursor: ListCursor | null) =>
  cursor
    ? sql`(${requests.createdAt}, ${requests.id}) < (${cursor.createdAt}::timestamptz, ${cursor.id})`
    : undefined;

export async function findRequestRows(
  db: DbOrTx,
  where: Where,
  page?: { limit: number; after?: ListCursor | null },
) {
  // A page is chosen on the requests alone first (the public list's ordered index, from its start
  // by keyset), and only its rows are joined to their owners and have their applications counted.
  const rows = page
    ? inArray(
        requests.id,
        db
          .select({ id: requests.id })
          .from(requests)
          .where(and(whereOf(where), after(page.after ?? null)))
          .orderBy(...listOrder)
          .limit(page.limit),
      )
    : whereOf(where);
  return db
    .select({ ...requestColumns, cursorAt: sql<string>`${requests.createdAt}::text` })
    .from(requests)
    .innerJoin(users, eq(users.id, requests.ownerId))
    .where(rows)
    .orderBy(...listOrder);
}

export const byGuid = (guid: string) => eq(requests.guid, guid);
export const byId = (id: number) => eq(requests.id, id);
export const ownedBy = (userId: string) => eq(requests.ownerId, userId);
/** Public, and not hidden by staff (decision 0022). */
export const isPublic = () => and(eq(requests.privacy, 'public'), isNull(requests.hiddenAt))!;
/** Requests `reader` may read: every public one, and a hidden one (by privacy or by staff) by its owner only. */
export const readableBy = (reader: { id: string } | null) =>
  reader ? or(isPublic(), ownedBy(reader.id)) : isPublic();

/** The public list's filter: prices in cents, deadline in days, and per tag asked the ids a match may carry. */
export interface PublicFilter {
  maxPriceCents?: number;
  minPriceCents?: number;
  minDeadline?: number;
  inTitle?: string;
  inDescription?: string;
  typeOfWork?: (typeof requests.$inferSelect)['typeOfWork'];
  /** Per tag asked: the tag, its synonyms' canonical tag and its descendants (none: unknown tag). */
  tagIds: readonly (readonly number[])[];
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
  // Each tag must match: the request carries one of its ids (tag_ids, kept equal to its usages by
  // migration 0021's triggers). A tag nobody knows matches nothing.
  for (const [i, ids] of f.tagIds.entries()) {
    key.push(ids.length > 0);
    where.push(ids.length > 0 ? sql`r.tag_ids && ${ph(`tag${i}`)}::int[]` : sql`false`);
    if (ids.length > 0) values[`tag${i}`] = `{${ids.map((id) => Math.trunc(id)).join(',')}}`;
  }
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
 * order), in one statement: the page is chosen on `requests` alone (the ordered public index, or
 * for a rare word or tag the trigram or tag index: planned for each run's values), and only its
 * rows are joined.
 */
export async function publicPageRows(
  db: DbOrTx,
  filter: PublicFilter,
  after: ListCursor | null,
  limit: number,
): Promise<PublicRow[]> {
  const shape = publicShape(filter, after);
  const rows = await runStatement<Record<string, unknown>>(
    db,
    {
      shape: JSON.stringify(['requests page', shape.key]),
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
        from (select r.* from requests r where ${shape.where}
              order by r.created_at desc, r.id desc limit ${ph('limit')}) r
        join users on users.id = r.owner_id
        order by r.created_at desc, r.id desc`,
    },
    { values: { ...shape.values, limit }, plan: 'custom' },
  );
  return rows.map((r) => ({
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
  }));
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

/** The attachments of these requests, in their saved order. */
export async function findRequestMediaRows(
  db: DbOrTx,
  requestIds: number[],
): Promise<{ requestId: number; media: MediaRow }[]> {
  if (requestIds.length === 0) return [];
  return db
    .select({ requestId: requestMedia.requestId, media })
    .from(requestMedia)
    .innerJoin(media, eq(media.id, requestMedia.mediaId))
    .where(inArray(requestMedia.requestId, requestIds))
    .orderBy(asc(requestMedia.requestId), asc(requestMedia.position));
}

/** Whether `mediaId` is attached to a request `reader` may read. */
export async function isAttachedToRequestReadableBy(
  db: DbOrTx,
  mediaId: string,
  reader: { id: string } | null,
): Promise<boolean> {
  const rows = await db
    .select({ requestId: requestMedia.requestId })
    .from(requestMedia)
    .innerJoin(requests, eq(requests.id, requestMedia.requestId))
    .where(and(eq(requestMedia.mediaId, mediaId), readableBy(reader)))
    .limit(1);
  return rows.length > 0;
}

/** Counts the owner's requests, holding their user row so two creates cannot both pass the cap. */
export async function lockAndCountRequests(db: DbOrTx, ownerId: string): Promise<number> {
  await db.select({ id: users.id }).from(users).where(eq(users.id, ownerId)).for('update');
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(requests)
    .where(ownedBy(ownerId));
  return row!.n;
}

export async function insertRequest(db: DbOrTx, ownerId: string, values: RequestValues) {
  const [row] = await db
    .insert(requests)
    .values({ ...values, ownerId })
    .returning({ id: requests.id, guid: requests.guid });
  return row!;
}

/** Updates the owner's request; answers whether there was one. */
export async function updateOwnRequest(db: DbOrTx, ownerId: string, id: number, values: RequestValues) {
  const rows = await db
    .update(requests)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(byId(id), ownedBy(ownerId)))
    .returning({ id: requests.id });
  return rows.length > 0;
}

export async function deleteOwnRequest(db: DbOrTx, ownerId: string, guid: string) {
  const rows = await db
    .delete(requests)
    .where(and(byGuid(guid), ownedBy(ownerId)))
    .returning({ id: requests.id });
  return rows[0]?.id ?? null;
}

export async function replaceRequestMedia(db: DbOrTx, requestId: number, mediaIds: readonly string[]) {
  await db.delete(requestMedia).where(eq(requestMedia.requestId, requestId));
  if (mediaIds.length > 0) {
    await db
      .insert(requestMedia)
      .values(mediaIds.map((mediaId, position) => ({ requestId, position, mediaId })));
  }
}

/** Locks one request for the rest of the transaction (an apply or an answer waits for an edit). */
export async function lockRequest(db: DbOrTx, where: Where) {
  const [row] = await db
    .select({
      id: requests.id,
      guid: requests.guid,
      title: requests.title,
      ownerId: requests.ownerId,
      privacy: requests.privacy,
      priceMinCents: requests.priceMinCents,
      description: requests.description,
      additionalRequirements: requests.additionalRequirements,
      preferences: requests.preferences,
      deadlineDays: requests.deadlineDays,
    })
    .from(requests)
    .where(whereOf(where))
    .for('share');
  return row;
}

/** Staff hide a request (with the reason its owner reads) or show it again (null); false when there is none. */
export async function setRequestHidden(db: DbOrTx, guid: string, reason: string | null): Promise<boolean> {
  const rows = await db
    .update(requests)
    .set(
      reason === null
        ? { hiddenAt: null, hiddenReason: null }
        : { hiddenAt: sql`now()`, hiddenReason: reason },
    )
    .where(eq(requests.guid, guid))
    .returning({ id: requests.id });
  return rows.length > 0;
}
