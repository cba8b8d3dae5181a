import { and, desc, eq, isNotNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { accountExports } from '../../db/schema/account.ts';
import { commissionCards } from '../../db/schema/cards.ts';
import { displayCards, folders, galleryImages, hiddenTags } from '../../db/schema/gallery.ts';
import { media } from '../../db/schema/media.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { commissionForms, commissionTasks } from '../../db/schema/orders.ts';
import { postLikes, posts } from '../../db/schema/posts.ts';
import { applications, requests } from '../../db/schema/requests.ts';
import { reviews } from '../../db/schema/reviews.ts';
import { socialLinks } from '../../db/schema/socials.ts';
import { userRoles, users } from '../../db/schema/users.ts';

/** The person's data exports (decision 0024): their rows, and everything of theirs an archive holds. */

export type ExportRow = typeof accountExports.$inferSelect;

export async function insertExport(db: DbOrTx, v: { userId: string; requestedById: string }) {
  const [row] = await db.insert(accountExports).values(v).returning();
  return row!;
}

export async function findLatestExport(db: DbOrTx, userId: string): Promise<ExportRow | undefined> {
  const [row] = await db
    .select()
    .from(accountExports)
    .where(eq(accountExports.userId, userId))
    .orderBy(desc(accountExports.createdAt))
    .limit(1);
  return row;
}

/** The owner's own latest request (staff exports do not count against their limit). */
export async function findLatestOwnExport(db: DbOrTx, userId: string): Promise<ExportRow | undefined> {
  const [row] = await db
    .select()
    .from(accountExports)
    .where(and(eq(accountExports.userId, userId), eq(accountExports.requestedById, userId)))
    .orderBy(desc(accountExports.createdAt))
    .limit(1);
  return row;
}

export async function findExport(db: DbOrTx, id: string, opts: { lock?: boolean } = {}) {
  const q = db.select().from(accountExports).where(eq(accountExports.id, id));
  const [row] = await (opts.lock ? q.for('update') : q);
  return row;
}

export async function findExportByToken(db: DbOrTx, tokenHash: string): Promise<ExportRow | undefined> {
  const [row] = await db.select().from(accountExports).where(eq(accountExports.tokenHash, tokenHash));
  return row;
}

export async function markExportReady(
  db: DbOrTx,
  id: string,
  v: { tokenHash: string; storageKey: string; sizeBytes: number; readyAt: Date; expiresAt: Date },
) {
  await db
    .update(accountExports)
    .set({ ...v, status: 'ready' })
    .where(and(eq(accountExports.id, id), eq(accountExports.status, 'preparing')));
}

export async function markExportFailed(db: DbOrTx, id: string) {
  await db
    .update(accountExports)
    .set({ status: 'failed' })
    .where(and(eq(accountExports.id, id), eq(accountExports.status, 'preparing')));
}

/** The archive is gone: the row stays (the owner's settings say it expired), its key and token go. */
export async function markExportExpired(db: DbOrTx, id: string) {
  await db
    .update(accountExports)
    .set({ status: 'expired', storageKey: null, tokenHash: null })
    .where(eq(accountExports.id, id));
}

/** Ready archives whose link has expired (a late or lost expiry job is caught up by the next one). */
export async function findExpiredExports(db: DbOrTx, now: Date) {
  return db
    .select({ id: accountExports.id, storageKey: accountExports.storageKey })
    .from(accountExports)
    .where(and(eq(accountExports.status, 'ready'), lt(accountExports.expiresAt, now)));
}

/** The storage keys of every archive still stored (ready, not yet expired and removed). */
export async function storedExportKeys(db: DbOrTx): Promise<string[]> {
  const rows = await db
    .select({ key: accountExports.storageKey })
    .from(accountExports)
    .where(isNotNull(accountExports.storageKey));
  return rows.flatMap((r) => (r.key ? [r.key] : []));
}

/** Every row of the person's, by area, as the archive's data.json shows it (no password, no session). */
export async function findAccountData(db: DbOrTx, userId: string) {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) return null;
  const { passwordHash: _secret, ...profile } = user;
  const [
    roles,
    socials,
    ownPosts,
    liked,
    cards,
    ordersAsBuyer,
    ordersAsArtist,
    ownRequests,
    sentApplications,
    messagesSent,
    ownFolders,
    images,
    displayCard,
    hidden,
    reviewsWritten,
    reviewsReceived,
    ownNotifications,
    ownMedia,
  ] = await Promise.all([
    db
      .select({ role: userRoles.role, grantedAt: userRoles.grantedAt })
      .from(userRoles)
      .where(eq(userRoles.userId, userId)),
    db.select().from(socialLinks).where(eq(socialLinks.userId, userId)),
    db
      .select({
        id: posts.id,
        content: posts.content,
        maturity: posts.maturity,
        aiLabel: posts.aiLabel,
        totalLikes: posts.totalLikes,
        hiddenAt: posts.hiddenAt,
        hiddenReason: posts.hiddenReason,
        createdAt: posts.createdAt,
        mediaIds: sql<string[]>`coalesce((select array_agg(pm.media_id::text order by pm.position)
          from post_media pm where pm.post_id = ${posts.id}), '{}')`,
      })
      .from(posts)
      .where(eq(posts.ownerId, userId))
      .orderBy(posts.id),
    db.select({ postId: postLikes.postId }).from(postLikes).where(eq(postLikes.userId, userId)),
    db.select().from(commissionCards).where(eq(commissionCards.ownerId, userId)),
    ordersOf(db, eq(commissionForms.senderId, userId)),
    ordersOf(db, eq(commissionForms.artistId, userId)),
    db.select().from(requests).where(eq(requests.ownerId, userId)).orderBy(requests.id),
    db.select().from(applications).where(eq(applications.senderId, userId)).orderBy(applications.id),
    db.execute<Record<string, unknown>>(sql`
      select m.id, m.room_id as "roomId", m.text, m.created_at as "createdAt",
        coalesce((select array_agg(mm.media_id::text order by mm.position) from chat_message_media mm
          where mm.message_id = m.id), '{}') as "mediaIds"
      from chat_messages m where m.sender_id = ${userId} order by m.id`),
    db.select().from(folders).where(eq(folders.ownerId, userId)),
    db.select().from(galleryImages).where(eq(galleryImages.ownerId, userId)),
    db.select().from(displayCards).where(eq(displayCards.ownerId, userId)),
    db.select().from(hiddenTags).where(eq(hiddenTags.userId, userId)),
    db.select().from(reviews).where(eq(reviews.authorId, userId)),
    db.select().from(reviews).where(eq(reviews.subjectId, userId)),
    db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(notifications.id),
    db.select().from(media).where(eq(media.ownerId, userId)).orderBy(media.createdAt),
  ]);
  return {
    profile: { ...profile, roles: roles.map((r) => r.role) },
    socials,
    posts: ownPosts,
    likedPostIds: liked.map((l) => l.postId),
    cards,
    orders: { asBuyer: ordersAsBuyer, asArtist: ordersAsArtist },
    requests: ownRequests,
    applicationsSent: sentApplications,
    messagesSent: messagesSent.rows,
    gallery: { folders: ownFolders, images, displayCard: displayCard[0] ?? null },
    hiddenTags: hidden,
    reviews: { written: reviewsWritten, received: reviewsReceived },
    notifications: ownNotifications,
    media: ownMedia,
  };
}
export type AccountData = NonNullable<Awaited<ReturnType<typeof findAccountData>>>;

/** Orders with their task's status and the other side's login at the time of the export. */
function ordersOf(db: DbOrTx, where: ReturnType<typeof eq>) {
  return db
    .select({
      id: commissionForms.id,
      cardTitle: commissionForms.cardTitle,
      artistLogin: sql<string>`(select u.login from users u where u.id = ${commissionForms.artistId})`,
      buyerLogin: sql<string>`(select u.login from users u where u.id = ${commissionForms.senderId})`,
      description: commissionForms.description,
      terms: commissionForms.terms,
      totalPriceCents: commissionForms.totalPriceCents,
      chosen: commissionForms.chosen,
      paymentPlan: commissionForms.paymentPlan,
      dueAt: commissionForms.dueAt,
      deliveredAt: commissionForms.deliveredAt,
      createdAt: commissionForms.createdAt,
      status: commissionTasks.status,
      referenceMediaIds: sql<string[]>`coalesce((select array_agg(r.media_id::text order by r.position)
        from form_references r where r.form_id = ${commissionForms.id}), '{}')`,
    })
    .from(commissionForms)
    .leftJoin(commissionTasks, eq(commissionTasks.formId, commissionForms.id))
    .where(where)
    .orderBy(commissionForms.id);
}
