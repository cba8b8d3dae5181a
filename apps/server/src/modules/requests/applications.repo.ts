import { and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { ApplicationStatus } from '@brushline/shared/requests/constants';
import type { DbOrTx } from '../../db/client.ts';
import { whereOf, type Where } from '../../db/where.ts';
import { media } from '../../db/schema/media.ts';
import { applicationReferences, applications, requests } from '../../db/schema/requests.ts';
import { ownPictureId, users } from '../../db/schema/users.ts';
import type { MediaRow } from '../media/media.dto.ts';

const applicationColumns = {
  id: applications.id,
  requestId: applications.requestId,
  senderId: applications.senderId,
  cardUuid: applications.cardUuid,
  cardTitle: applications.cardTitle,
  comment: applications.comment,
  offeredPriceCents: applications.offeredPriceCents,
  status: applications.status,
  isRead: applications.isRead,
  formId: applications.formId,
  createdAt: applications.createdAt,
  answeredAt: applications.answeredAt,
  senderLogin: users.login,
  senderDisplayName: users.displayName,
  senderAvatarId: ownPictureId(users),
  requestGuid: requests.guid,
  requestTitle: requests.title,
  requestOwnerId: requests.ownerId,
  /** The other side's login for the artist (their working chat is named by it). */
  requestOwnerLogin: sql<string>`(select o.login from users o where o.id = ${requests.ownerId})`,
  requestPriceMinCents: requests.priceMinCents,
  requestPrivacy: requests.privacy,
};

/** An application with its sender and its request, in one query. */
export type ApplicationRow = Awaited<ReturnType<typeof findApplicationRows>>[number];

export async function findApplicationRows(db: DbOrTx, where: Where, limit?: number) {
  const q = db
    .select(applicationColumns)
    .from(applications)
    .innerJoin(users, eq(users.id, applications.senderId))
    .innerJoin(requests, eq(requests.id, applications.requestId))
    .where(whereOf(where))
    .orderBy(desc(applications.createdAt), desc(applications.id));
  return limit === undefined ? q : q.limit(limit);
}

export const applicationById = (id: number) => eq(applications.id, id);
export const sentByArtist = (userId: string) => eq(applications.senderId, userId);
export const toOwner = (userId: string) => eq(requests.ownerId, userId);
export const ofRequest = (requestId: number) => eq(applications.requestId, requestId);
export const ofRequestGuid = (guid: string) => eq(requests.guid, guid);
export const withStatus = (statuses: ApplicationStatus[]) => inArray(applications.status, statuses);

export async function findApplicationReferenceRows(
  db: DbOrTx,
  ids: number[],
): Promise<{ applicationId: number; media: MediaRow }[]> {
  if (ids.length === 0) return [];
  return db
    .select({ applicationId: applicationReferences.applicationId, media })
    .from(applicationReferences)
    .innerJoin(media, eq(media.id, applicationReferences.mediaId))
    .where(inArray(applicationReferences.applicationId, ids))
    .orderBy(asc(applicationReferences.applicationId), asc(applicationReferences.position));
}

export interface ApplicationValues {
  requestId: number;
  senderId: string;
  cardUuid: string;
  cardTitle: string;
  comment: string;
  offeredPriceCents: number;
}

/**
 * One application per artist per request: the first one is inserted, a second one updates it
 * while it is still pending (unread again). Answers its id, or null when the existing one was
 * already answered (nothing changed). One statement, so two racing applies make one row.
 */
export async function upsertPendingApplication(db: DbOrTx, v: ApplicationValues): Promise<number | null> {
  const rows = await db
    .insert(applications)
    .values(v)
    .onConflictDoUpdate({
      target: [applications.requestId, applications.senderId],
      set: {
        cardUuid: v.cardUuid,
        cardTitle: v.cardTitle,
        comment: v.comment,
        offeredPriceCents: v.offeredPriceCents,
        isRead: false,
        updatedAt: sql`now()`,
      },
      setWhere: eq(applications.status, 'pending'),
    })
    .returning({ id: applications.id });
  return rows[0]?.id ?? null;
}

export async function replaceApplicationReferences(db: DbOrTx, id: number, mediaIds: readonly string[]) {
  await db.delete(applicationReferences).where(eq(applicationReferences.applicationId, id));
  if (mediaIds.length > 0) {
    await db
      .insert(applicationReferences)
      .values(mediaIds.map((mediaId, position) => ({ applicationId: id, position, mediaId })));
  }
}

/**
 * The one atomic answer: only a pending application moves, so of two racing answers exactly one
 * wins (the other finds it answered). Answers whether this one did.
 */
export async function answerPending(db: DbOrTx, id: number, to: ApplicationStatus): Promise<boolean> {
  const rows = await db
    .update(applications)
    .set({ status: to, answeredAt: sql`now()`, updatedAt: sql`now()`, isRead: true })
    .where(and(eq(applications.id, id), eq(applications.status, 'pending')))
    .returning({ id: applications.id });
  return rows.length > 0;
}

export async function setApplicationForm(db: DbOrTx, id: number, formId: number) {
  await db.update(applications).set({ formId }).where(eq(applications.id, id));
}

export async function markApplicationRead(db: DbOrTx, id: number) {
  await db
    .update(applications)
    .set({ isRead: true })
    .where(and(eq(applications.id, id), eq(applications.isRead, false)));
}

/** Whether `mediaId` is a reference of an application `userId` sent or received (as the request's owner). */
export async function isReferenceOfApplicationOf(
  db: DbOrTx,
  mediaId: string,
  userId: string,
): Promise<boolean> {
  const rows = await db
    .select({ applicationId: applicationReferences.applicationId })
    .from(applicationReferences)
    .innerJoin(applications, eq(applications.id, applicationReferences.applicationId))
    .innerJoin(requests, eq(requests.id, applications.requestId))
    .where(and(eq(applicationReferences.mediaId, mediaId), or(sentByArtist(userId), toOwner(userId))))
    .limit(1);
  return rows.length > 0;
}

/** The references of one application, as media ids in order (copied onto the order). */
export async function referenceIdsOf(db: DbOrTx, id: number): Promise<string[]> {
  const rows = await db
    .select({ mediaId: applicationReferences.mediaId })
    .from(applicationReferences)
    .where(eq(applicationReferences.applicationId, id))
    .orderBy(asc(applicationReferences.position));
  return rows.map((r) => r.mediaId);
}

/**
 * Ends the pending applications `userId` is a side of (sent by them, or to one of their requests)
 * as declined, because staff restricted that account; answers each with its other side and title.
 */
export async function declinePendingOf(db: DbOrTx, userId: string) {
  const sender = sql`${applications.senderId} = ${userId}`;
  const toTheirs = sql`${applications.requestId} in (select r.id from requests r where r.owner_id = ${userId})`;
  const rows = await db
    .update(applications)
    .set({ status: 'declined' })
    .where(and(eq(applications.status, 'pending'), or(sender, toTheirs)))
    .returning({ senderId: applications.senderId, requestId: applications.requestId });
  if (rows.length === 0) return [];
  const titles = await db
    .select({ id: requests.id, title: requests.title, ownerId: requests.ownerId })
    .from(requests)
    .where(inArray(requests.id, [...new Set(rows.map((r) => r.requestId))]));
  const byId = new Map(titles.map((t) => [t.id, t]));
  return rows.map((r) => ({
    senderId: r.senderId,
    ownerId: byId.get(r.requestId)!.ownerId,
    title: byId.get(r.requestId)!.title,
  }));
}
