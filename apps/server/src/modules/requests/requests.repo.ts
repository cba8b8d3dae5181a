import { and, asc, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { type DbOrTx } from '../../db/client.ts';
import { whereOf, type Where } from '../../db/where.ts';
import { media } from '../../db/schema/media.ts';
import { applications, requestMedia, requests } from '../../db/schema/requests.ts';
import { ownPictureId, users } from '../../db/schema/users.ts';
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
