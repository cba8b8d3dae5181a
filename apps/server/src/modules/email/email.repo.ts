import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import {
  EMAIL_KIND_OF_TYPE,
  NOTIFICATION_CHANNEL_DEFAULTS,
  type NotificationKind,
  type NotificationType,
} from '@brushline/shared/notifications/constants';
import type { DbOrTx } from '../../db/client.ts';
import { emailPreferences, emailQueue } from '../../db/schema/email.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { chatRooms } from '../../db/schema/chat.ts';
import { commissionForms } from '../../db/schema/orders.ts';
import { users } from '../../db/schema/users.ts';

export async function findPreferenceRows(db: DbOrTx, userId: string) {
  return db
    .select({
      kind: emailPreferences.kind,
      byEmail: emailPreferences.byEmail,
      updatedAt: emailPreferences.updatedAt,
    })
    .from(emailPreferences)
    .where(eq(emailPreferences.userId, userId));
}

/** The same, locked until the transaction ends: an unsubscribe decides on them, then writes. */
export async function lockPreferenceRows(db: DbOrTx, userId: string) {
  return db
    .select({
      kind: emailPreferences.kind,
      byEmail: emailPreferences.byEmail,
      updatedAt: emailPreferences.updatedAt,
    })
    .from(emailPreferences)
    .where(eq(emailPreferences.userId, userId))
    .for('update');
}

export async function upsertPreferences(
  db: DbOrTx,
  userId: string,
  choices: { kind: NotificationKind; byEmail: boolean }[],
  now: Date,
) {
  if (choices.length === 0) return;
  await db
    .insert(emailPreferences)
    .values(choices.map((c) => ({ userId, kind: c.kind, byEmail: c.byEmail, updatedAt: now })))
    .onConflictDoUpdate({
      target: [emailPreferences.userId, emailPreferences.kind],
      set: { byEmail: sql`excluded.by_email`, updatedAt: sql`excluded.updated_at` },
      // updated_at is when the choice last changed (an unsubscribe link from an older mail no
      // longer undoes it), so saving the same choice again leaves the row as it is.
      setWhere: sql`${emailPreferences.byEmail} is distinct from excluded.by_email`,
    });
}

/** Pending mail of kinds just turned off is dropped, so switching off stops the mail on its way. */
export async function dropPending(db: DbOrTx, userId: string, kinds: NotificationKind[]) {
  if (kinds.length === 0) return;
  await db
    .delete(emailQueue)
    .where(and(eq(emailQueue.userId, userId), inArray(emailQueue.kind, kinds), isNull(emailQueue.claimedAt)));
}

/**
 * The mail-queue rows for notifications, each queued only when its recipient gets this kind by
 * e-mail (their choice, else `byDefault`). `notes` is a query answering `id` (the notification)
 * and `user_id`: given values, or what a data-modifying CTE of the same statement stored.
 */
export const enqueueIfWantedSql = (q: { notes: SQL; kind: NotificationKind; byDefault: boolean }) => sql`
  insert into ${emailQueue} (user_id, notification_id, kind)
  select n.user_id, n.id, ${q.kind}::notification_kind from (${q.notes}) n
  -- A deleted account's address delivers nowhere (decision 0024).
  where not exists (select 1 from users d where d.id = n.user_id and d.deleted_at is not null)
  and coalesce(
    (select p.by_email from ${emailPreferences} p where p.user_id = n.user_id and p.kind = ${q.kind}::notification_kind),
    ${q.byDefault}
  )`;

/**
 * The e-mail side of storing notifications of one type: the insert that queues those whose
 * recipients get the type's kind by e-mail (their choice, else the kind's default). `notes` is a
 * query answering `id` and `user_id` of the notifications. Undefined when the type is never
 * mailed. One rule for both callers: queueNotificationEmailOf (a notification already stored) and a
 * statement that stores the notification in a data-modifying CTE (a chat message's first unread,
 * which gets this through email-preferences.service.ts).
 */
export function notificationEmailSql(type: NotificationType, notes: SQL): SQL | undefined {
  const kind = EMAIL_KIND_OF_TYPE[type];
  if (!kind) return undefined;
  return enqueueIfWantedSql({ notes, kind, byDefault: NOTIFICATION_CHANNEL_DEFAULTS[kind] === 'email' });
}

/** Queues a stored notification for its recipient's next mail when they get its type by e-mail. */
export async function queueNotificationEmailOf(
  db: DbOrTx,
  n: { userId: string; notificationId: number; type: NotificationType },
): Promise<void> {
  const queue = notificationEmailSql(
    n.type,
    sql`select ${n.notificationId}::int as id, ${n.userId}::uuid as user_id`,
  );
  if (queue) await db.execute(queue);
}

export interface ClaimedRow {
  id: number;
  userId: string;
  attempts: number;
}

/**
 * Claims every unclaimed (or lease-expired) row of the users whose oldest such row is due. Rows
 * another flusher is claiming right now are locked, and SKIP LOCKED passes them by; rows it has
 * claimed already fail the claimed_at test. So two flushers never claim the same row.
 */
export async function claimDue(
  db: DbOrTx,
  p: { now: Date; dueBefore: Date; staleBefore: Date; maxUsers: number },
): Promise<ClaimedRow[]> {
  const now = p.now.toISOString();
  const due = p.dueBefore.toISOString();
  const stale = p.staleBefore.toISOString();
  const result = await db.execute<{ id: number; user_id: string; attempts: number }>(sql`
    with due as (
      select user_id from ${emailQueue}
      where claimed_at is null or claimed_at < ${stale}::timestamptz
      group by user_id
      having min(created_at) <= ${due}::timestamptz
      order by min(created_at)
      limit ${p.maxUsers}
    )
    update ${emailQueue} set claimed_at = ${now}::timestamptz
    where id in (
      select id from ${emailQueue}
      where user_id in (select user_id from due)
        and (claimed_at is null or claimed_at < ${stale}::timestamptz)
      for update skip locked
    )
    returning id, user_id, attempts`);
  return result.rows.map((r) => ({ id: Number(r.id), userId: r.user_id, attempts: Number(r.attempts) }));
}

/** What one mail needs of its rows: the notification, its recipient and the order's sides. */
export async function findBatchItems(db: DbOrTx, queueIds: number[]) {
  if (queueIds.length === 0) return [];
  return db
    .select({
      queueId: emailQueue.id,
      userId: emailQueue.userId,
      kind: emailQueue.kind,
      type: sql<NotificationType>`${notifications.type}`,
      message: notifications.message,
      isRead: notifications.isRead,
      createdAt: notifications.createdAt,
      formArtistId: commissionForms.artistId,
      formId: commissionForms.id,
      chatRoomId: chatRooms.id,
      chatRoomType: chatRooms.type,
      email: users.email,
      login: users.login,
    })
    .from(emailQueue)
    .innerJoin(notifications, eq(notifications.id, emailQueue.notificationId))
    .innerJoin(users, eq(users.id, emailQueue.userId))
    .leftJoin(commissionForms, eq(commissionForms.id, notifications.formId))
    .leftJoin(chatRooms, eq(chatRooms.id, notifications.chatRoomId))
    .where(inArray(emailQueue.id, queueIds))
    .orderBy(notifications.id);
}

export async function deleteQueued(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) return;
  await db.delete(emailQueue).where(inArray(emailQueue.id, ids));
}

/** A failed send keeps its claim (retried once the lease expires) and counts the attempt. */
export async function countFailedAttempt(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) return;
  await db
    .update(emailQueue)
    .set({ attempts: sql`${emailQueue.attempts} + 1` })
    .where(inArray(emailQueue.id, ids));
}

/** Rows that failed too often are given up, so a dead address does not retry forever. */
export async function dropExhausted(db: DbOrTx, maxAttempts: number): Promise<number> {
  const rows = await db
    .delete(emailQueue)
    .where(sql`${emailQueue.attempts} >= ${maxAttempts}`)
    .returning({ id: emailQueue.id });
  return rows.length;
}

/** The outbox's depth: events waiting to be mailed, and those whose send failed at least once. */
export async function countOutbox(db: DbOrTx): Promise<{ waiting: number; failing: number }> {
  const [row] = await db
    .select({
      waiting: sql<number>`count(*)::int`,
      failing: sql<number>`(count(*) filter (where ${emailQueue.attempts} > 0))::int`,
    })
    .from(emailQueue);
  return row ?? { waiting: 0, failing: 0 };
}
