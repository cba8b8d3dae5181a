import { and, asc, desc, eq, inArray, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { BOARD_TASK_STATUSES } from '@brushline/shared/board/constants';
import { alias } from 'drizzle-orm/pg-core';
import type { FormType, TaskStatus } from '@brushline/shared/orders/constants';
import type { PaymentProviderId } from '@brushline/shared/payments/constants';
import type { PaymentPlan } from '@brushline/shared/payments/plan';
import type { DbOrTx } from '../../db/client.ts';
import { whereOf, type Where } from '../../db/where.ts';
import { media } from '../../db/schema/media.ts';
import {
  commissionForms,
  commissionTasks,
  formReferences,
  orderUpdates,
  type StoredChosenSection,
} from '../../db/schema/orders.ts';
import { ownPictureId, users } from '../../db/schema/users.ts';
import type { MediaRow } from '../media/media.dto.ts';

const sender = alias(users, 'sender');
const artist = alias(users, 'artist');

const formColumns = {
  id: commissionForms.id,
  cardUuid: commissionForms.cardUuid,
  cardTitle: commissionForms.cardTitle,
  description: commissionForms.description,
  terms: commissionForms.terms,
  totalPriceCents: commissionForms.totalPriceCents,
  chosen: commissionForms.chosen,
  type: commissionForms.type,
  isRead: commissionForms.isRead,
  revisionsIncluded: commissionForms.revisionsIncluded,
  waitlist: commissionForms.waitlist,
  showInQueue: commissionForms.showInQueue,
  dueAt: commissionForms.dueAt,
  paymentPlan: commissionForms.paymentPlan,
  deliveryDays: commissionForms.deliveryDays,
  startBeforePayment: commissionForms.startBeforePayment,
  paymentProvider: commissionForms.paymentProvider,
  deliveredAt: commissionForms.deliveredAt,
  createdAt: commissionForms.createdAt,
  senderId: sender.id,
  senderLogin: sender.login,
  senderDisplayName: sender.displayName,
  senderAvatarId: ownPictureId(sender),
  artistId: artist.id,
  artistLogin: artist.login,
  artistDisplayName: artist.displayName,
  artistAvatarId: ownPictureId(artist),
  taskId: commissionTasks.id,
  taskStatus: commissionTasks.status,
  taskType: commissionTasks.type,
  taskComment: commissionTasks.comment,
  taskRevisionsUsed: commissionTasks.revisionsUsed,
  taskDeclineReason: commissionTasks.declineReason,
  taskUpdatedAt: commissionTasks.updatedAt,
  taskDoneAt: commissionTasks.doneAt,
};

/** A sent form with its task and both participants, in one query. */
export type FormRow = Awaited<ReturnType<typeof findFormRows>>[number];

/** Forms matching `where`, newest first; only the first `limit` when given. */
export async function findFormRows(db: DbOrTx, where: Where, limit?: number) {
  const query = db
    .select(formColumns)
    .from(commissionForms)
    .innerJoin(commissionTasks, eq(commissionTasks.formId, commissionForms.id))
    .innerJoin(sender, eq(sender.id, commissionForms.senderId))
    .innerJoin(artist, eq(artist.id, commissionForms.artistId))
    .where(whereOf(where))
    .orderBy(desc(commissionForms.createdAt), desc(commissionForms.id));
  return limit === undefined ? query : query.limit(limit);
}

export const byFormId = (id: number) => eq(commissionForms.id, id);
export const byTaskId = (id: number) => eq(commissionTasks.id, id);
export const byFormIds = (ids: number[]) => inArray(commissionForms.id, ids);
/** Forms whose task is in one of `statuses`. */
export const withTaskStatus = (statuses: readonly TaskStatus[]) =>
  statuses.length === 1
    ? eq(commissionTasks.status, statuses[0]!)
    : inArray(commissionTasks.status, [...statuses]);
export const sentBy = (userId: string) => eq(commissionForms.senderId, userId);
export const receivedBy = (userId: string) => eq(commissionForms.artistId, userId);
export const toCard = (cardUuid: string) => eq(commissionForms.cardUuid, cardUuid);
/** Orders `userId` is a side of: the artist or the commissioner (sideOf's rule, in SQL). */
export const partyTo = (userId: string) => or(sentBy(userId), receivedBy(userId));
/** Orders `userId` is a side of that have not ended (done, canceled or declined). */
export const openOrdersOf = (userId: string) =>
  and(partyTo(userId), withTaskStatus(['none', 'waiting', 'processing', 'finished']));
/** Orders between two users, whichever of them sent it. */
export const betweenUsers = (a: string, b: string) =>
  or(and(sentBy(a), receivedBy(b)), and(sentBy(b), receivedBy(a)));
export const newFor = (artistId: string) => and(receivedBy(artistId), eq(commissionTasks.status, 'none'));

/** The reference media rows of these forms, in their saved order. */
export async function findReferenceRows(
  db: DbOrTx,
  formIds: number[],
): Promise<{ formId: number; media: MediaRow }[]> {
  if (formIds.length === 0) return [];
  return db
    .select({ formId: formReferences.formId, media })
    .from(formReferences)
    .innerJoin(media, eq(media.id, formReferences.mediaId))
    .where(inArray(formReferences.formId, formIds))
    .orderBy(asc(formReferences.formId), asc(formReferences.position));
}

/** Whether `mediaId` is a reference of an order `userId` is a side of. */
export async function isReferenceOfOrderOf(db: DbOrTx, mediaId: string, userId: string): Promise<boolean> {
  const rows = await db
    .select({ formId: formReferences.formId })
    .from(formReferences)
    .innerJoin(commissionForms, eq(commissionForms.id, formReferences.formId))
    .where(and(eq(formReferences.mediaId, mediaId), partyTo(userId)))
    .limit(1);
  return rows.length > 0;
}

export interface NewForm {
  cardUuid: string | null;
  cardTitle: string;
  artistId: string;
  senderId: string;
  description: string;
  terms: string;
  totalPriceCents: number;
  revisionsIncluded: number | null;
  chosen: StoredChosenSection[];
  /** SPEC §3 form type: 'requested' when made by approving an application to a request. */
  type?: FormType;
  /** Sent while no slot was open (decision 0014); false when not said. */
  waitlist?: boolean;
  /** The buyer's choice to show their name and options in the public queue; false when not said. */
  showInQueue?: boolean;
  /** When the work is due (an order from a request: dueInDays); none when not said. */
  dueAt?: SQL<Date> | Date | null;
  /** The card's payment plan, copied (decision 0020). */
  paymentPlan: PaymentPlan;
  /** The card's delivery time in days, copied; acceptance starts the due date's clock. */
  deliveryDays?: number | null;
}

/** Stores a form, its references and its task (status none); call inside a transaction. */
export async function insertFormWithTask(db: DbOrTx, form: NewForm, referenceIds: readonly string[]) {
  const [row] = await db.insert(commissionForms).values(form).returning({ id: commissionForms.id });
  const formId = row!.id;
  if (referenceIds.length > 0) {
    await db
      .insert(formReferences)
      .values(referenceIds.map((mediaId, position) => ({ formId, position, mediaId })));
  }
  const [task] = await db
    .insert(commissionTasks)
    .values({ formId, type: form.type ?? 'normal' })
    .returning({ id: commissionTasks.id });
  return { formId, taskId: task!.id };
}

/**
 * The one atomic status change: it only happens while the task still has the `from` status, so
 * of two simultaneous moves at most one can succeed. Answers whether this one did.
 */
export async function moveTaskStatus(
  db: DbOrTx,
  taskId: number,
  from: TaskStatus,
  to: TaskStatus,
  extra: { comment?: string; declineReason?: string | null; countRevision?: boolean } = {},
): Promise<{ revisionsUsed: number } | null> {
  const rows = await db
    .update(commissionTasks)
    .set({
      status: to,
      updatedAt: sql`now()`,
      // Reliability and reviews read these two moments (decision 0023).
      ...(from === 'none' && (to === 'waiting' || to === 'declined') ? { answeredAt: sql`now()` } : {}),
      ...(to === 'done' ? { doneAt: sql`now()` } : {}),
      ...(extra.comment === undefined ? {} : { comment: extra.comment }),
      ...(extra.declineReason === undefined ? {} : { declineReason: extra.declineReason }),
      ...(extra.countRevision ? { revisionsUsed: sql`${commissionTasks.revisionsUsed} + 1` } : {}),
    })
    .where(and(eq(commissionTasks.id, taskId), eq(commissionTasks.status, from)))
    .returning({ revisionsUsed: commissionTasks.revisionsUsed });
  return rows[0] ?? null;
}

/**
 * Holds the task at `status` for the rest of the transaction (FOR UPDATE), so an update added
 * beside it (work in progress) cannot land after a concurrent move took the task elsewhere.
 * Answers the revision count, or null when the task is no longer at `status`.
 */
export async function lockTaskAt(db: DbOrTx, taskId: number, status: TaskStatus) {
  const [row] = await db
    .select({ revisionsUsed: commissionTasks.revisionsUsed })
    .from(commissionTasks)
    .where(and(eq(commissionTasks.id, taskId), eq(commissionTasks.status, status)))
    .for('update');
  return row ?? null;
}

export async function markFormRead(db: DbOrTx, formId: number): Promise<void> {
  await db
    .update(commissionForms)
    .set({ isRead: true })
    .where(and(eq(commissionForms.id, formId), eq(commissionForms.isRead, false)));
}

/** How many tasks of each status the artist has with each commissioner. */
export async function countTasksByCommissioner(db: DbOrTx, artistId: string) {
  return db
    .select({
      senderId: sender.id,
      senderLogin: sender.login,
      senderDisplayName: sender.displayName,
      senderAvatarId: ownPictureId(sender),
      status: commissionTasks.status,
      n: sql<number>`count(*)::int`,
      lastAt: sql<string>`max(${commissionForms.createdAt})::text`,
    })
    .from(commissionForms)
    .innerJoin(commissionTasks, eq(commissionTasks.formId, commissionForms.id))
    .innerJoin(sender, eq(sender.id, commissionForms.senderId))
    .where(receivedBy(artistId))
    .groupBy(sender.id, sender.login, sender.displayName, sender.avatarMediaId, commissionTasks.status);
}

/** An order's due date `days` after now (the approval that makes it), for insertFormWithTask. */
export const dueInDays = (days: number) => sql<Date>`now() + make_interval(days => ${days})`;

/** When an order is due (null: no deadline, as for an order from a card). */
export async function findOrderDueAt(db: DbOrTx, formId: number): Promise<Date | null> {
  const [row] = await db
    .select({ dueAt: commissionForms.dueAt })
    .from(commissionForms)
    .where(eq(commissionForms.id, formId));
  return row?.dueAt ?? null;
}

/** How many forms match `where` (their tasks joined, as findFormRows has them). */
export async function countFormRows(db: DbOrTx, where: Where): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(commissionForms)
    .innerJoin(commissionTasks, eq(commissionTasks.formId, commissionForms.id))
    .where(whereOf(where));
  return row?.n ?? 0;
}

/**
 * A subquery answering a short text that changes whenever anything the board shows of the
 * artist's commissions changes: which ones have a place on it, their status and since when, their
 * buyers' logins, names and pictures (a form's card title, price and options never change once
 * sent). The board's read cache compares it instead of reading the commissions
 * (docs/decisions/0014-kanban-board.md, "Reading fast"). The board embeds it in its own prepared
 * statement; it gets it through board-feed.service.ts.
 */
export function boardCommissionsStamp(artistId: string | Placeholder): SQL<string> {
  const statuses = sql.join(
    BOARD_TASK_STATUSES.map((s) => sql`${s}`),
    sql`, `,
  );
  return sql<string>`(select count(*) || ':' || coalesce(md5(string_agg(concat_ws('/',
      t.id, t.status, t.updated_at, u.login, u.display_name, u.avatar_media_id), ',' order by t.id)), '')
    from ${commissionForms} f
    join ${commissionTasks} t on t.form_id = f.id
    join ${users} u on u.id = f.sender_id
    where f.artist_id = ${artistId} and t.status in (${statuses}))`;
}

/** Acceptance starts the delivery time's clock: due = now + the card's days (when it stated some). */
export async function startDueClock(db: DbOrTx, formId: number): Promise<void> {
  await db
    .update(commissionForms)
    .set({ dueAt: sql`now() + make_interval(days => ${commissionForms.deliveryDays})` })
    .where(and(eq(commissionForms.id, formId), sql`${commissionForms.deliveryDays} is not null`));
}

/** The order was delivered now (the automatic approval counts from here). */
export async function markDelivered(db: DbOrTx, formId: number): Promise<void> {
  await db
    .update(commissionForms)
    .set({ deliveredAt: sql`now()` })
    .where(eq(commissionForms.id, formId));
}

/** The artist's choice to start before the up-front payment is confirmed. */
export async function setStartBeforePayment(db: DbOrTx, formId: number, enabled: boolean): Promise<void> {
  await db.update(commissionForms).set({ startBeforePayment: enabled }).where(eq(commissionForms.id, formId));
}

/**
 * Fixes the order's payment provider unless another one already is (one statement, so a checkout
 * and a "mark paid" that meet cannot both win); answers whether `provider` is now the order's.
 */
export async function claimPaymentProvider(
  db: DbOrTx,
  formId: number,
  provider: PaymentProviderId,
): Promise<boolean> {
  const rows = await db
    .update(commissionForms)
    .set({ paymentProvider: provider })
    .where(
      and(
        eq(commissionForms.id, formId),
        or(sql`${commissionForms.paymentProvider} is null`, eq(commissionForms.paymentProvider, provider)),
      ),
    )
    .returning({ id: commissionForms.id });
  return rows.length > 0;
}

/** Moves the due date (an accepted extension). */
export async function setDueAt(db: DbOrTx, formId: number, dueAt: Date): Promise<void> {
  await db.update(commissionForms).set({ dueAt }).where(eq(commissionForms.id, formId));
}

/**
 * The guarded overdue cancel (decision 0020): only while the task is still at one of `from` and
 * the due date has passed, in one conditional UPDATE, so a delivery racing it either lands first
 * (this then changes nothing) or finds the task canceled.
 */
export async function cancelIfOverdue(
  db: DbOrTx,
  taskId: number,
  from: readonly TaskStatus[],
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(commissionTasks)
    .set({ status: 'canceled', updatedAt: sql`now()` })
    .where(
      and(
        eq(commissionTasks.id, taskId),
        inArray(commissionTasks.status, [...from]),
        sql`exists (select 1 from ${commissionForms} where ${commissionForms.id} = ${commissionTasks.formId} and ${commissionForms.dueAt} < ${now.toISOString()}::timestamptz)`,
      ),
    )
    .returning({ id: commissionTasks.id });
  return rows.length > 0;
}

/** Whether the order has a work in progress shared (its "when a WIP is shared" payments are due). */
export async function hasWipUpdate(db: DbOrTx, formId: number): Promise<boolean> {
  const rows = await db
    .select({ id: orderUpdates.id })
    .from(orderUpdates)
    .where(and(eq(orderUpdates.formId, formId), eq(orderUpdates.kind, 'wip')))
    .limit(1);
  return rows.length > 0;
}

/** Holds the task for the rest of the transaction (FOR UPDATE): money actions serialize with moves. */
export async function lockTask(db: DbOrTx, formId: number): Promise<TaskStatus | null> {
  const [row] = await db
    .select({ status: commissionTasks.status })
    .from(commissionTasks)
    .where(eq(commissionTasks.formId, formId))
    .for('update');
  return row?.status ?? null;
}
