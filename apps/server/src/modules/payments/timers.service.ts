import type { Deps, TxCtx } from '../../platform/deps.ts';
import type { DomainEventMap } from '../../platform/events.ts';
import type { QueueSpec } from '../../platform/jobs.ts';
import type { DbOrTx } from '../../db/client.ts';
import { createNotification } from '../notifications/notifications.service.ts';
import { orderForTimer } from '../orders/orders.service.ts';
import { autoApprove } from '../orders/transitions.service.ts';
import { autoApproveAt } from './payments.rules.ts';
import { insertMoneyEvent } from './payments.repo.ts';
import {
  dayOf,
  daysText,
  deliveryTimers,
  DUE_REMINDER_DAYS,
  dueReminder,
  inReminderWindow,
  ORDER_TIMERS_QUEUE,
  timerKey,
  type OrderTimer,
} from './timers.rules.ts';

/**
 * The order timers on the job queue (decision 0021): a delivery left unanswered is
 * approved automatically AUTO_APPROVE_DAYS after it, the buyer is reminded 7 days and 1 day before,
 * and the artist a day before the due date. Each is one job, sent in the transaction of the move
 * that starts it, and each re-reads the order when it runs: an answer, a send-back or a newer
 * delivery before its time makes it do nothing.
 */

const sendTimer = (ctx: Pick<Deps, 'jobs'>, db: DbOrTx, t: { timer: OrderTimer; at: Date }) =>
  ctx.jobs.send(db, ORDER_TIMERS_QUEUE, t.timer, { startAfter: t.at, singletonKey: timerKey(t.timer) });

/**
 * A move that starts timers sends their jobs inside its own transaction (the payments reaction to
 * `orderMoved`): a delivery its approval and reminders, an acceptance with a due date the artist's
 * reminder. They exist exactly when the move commits; a delivery sent again after a send-back has
 * another time and so other jobs, and the first ones find it changed.
 */
export async function scheduleOrderTimers(
  ctx: Pick<Deps, 'jobs' | 'config'> & TxCtx,
  _actor: null,
  e: DomainEventMap['orderMoved'],
  now: Date = new Date(),
): Promise<void> {
  if (e.action !== 'deliver' && e.action !== 'accept') return;
  const order = await orderForTimer(ctx, null, e.formId);
  if (!order) return;
  if (e.action === 'deliver' && order.deliveredAt) {
    for (const t of deliveryTimers(order.id, order.deliveredAt, ctx.config.AUTO_APPROVE_DAYS)) {
      await sendTimer(ctx, ctx.db, t);
    }
  }
  if (e.action === 'accept' && order.dueAt) {
    const reminder = dueReminder(order.id, order.dueAt, now);
    if (reminder) await sendTimer(ctx, ctx.db, reminder);
  }
}

/** The order's money timeline says the server approved it (the reaction to an automatic approval). */
export async function recordAutoApproval(
  ctx: TxCtx,
  _actor: null,
  e: DomainEventMap['orderMoved'],
): Promise<void> {
  if (e.action !== 'autoApprove') return;
  await insertMoneyEvent(ctx.db, { formId: e.formId, kind: 'autoApproved', actorId: null });
}

/**
 * Runs one timer as it stands at `now` (the job's handler passes the clock; tests pass a later
 * time). `completeIn` marks the job done inside the transaction that acts, so a reminder is sent
 * once even if this instance dies right after it. Answers what it did.
 */
export async function runOrderTimer(
  ctx: Pick<Deps, 'db' | 'hub' | 'log' | 'events' | 'config' | 'jobs'>,
  _actor: null,
  timer: OrderTimer,
  opts: { now?: Date; completeIn?: (db: DbOrTx) => Promise<void> } = {},
): Promise<'approved' | 'reminded' | 'rescheduled' | 'nothing'> {
  const now = opts.now ?? new Date();
  const days = ctx.config.AUTO_APPROVE_DAYS;
  if (timer.kind === 'autoApprove') {
    // A job made for an earlier delivery (sent back, delivered again) leaves the newer one to its own.
    const order = await orderForTimer(ctx, null, timer.formId);
    if (order?.deliveredAt?.toISOString() !== timer.deliveredAt) return 'nothing';
    if (await autoApprove(ctx, null, timer.formId, now)) return 'approved';
    // Not yet due although its job ran: AUTO_APPROVE_DAYS grew since it was sent. Its own time
    // again (a job for that time already waiting makes this send nothing).
    const at = autoApproveAt(order, days);
    if (at && at > now && (await sendTimer(ctx, ctx.db, { timer, at }))) return 'rescheduled';
    return 'nothing';
  }
  const outcome = await ctx.db.transaction(async (tx) => {
    const order = await orderForTimer({ db: tx }, null, timer.formId, { lock: true });
    if (!order) return null;
    if (timer.kind === 'approvalReminder') {
      const at = autoApproveAt(order, days);
      if (order.deliveredAt?.toISOString() !== timer.deliveredAt || !at) return null;
      if (!inReminderWindow(at, timer.daysBefore, now)) return null;
      const created = await createNotification({ db: tx }, null, {
        userId: order.senderId,
        type: 'payment',
        message: `“${order.cardTitle}” will be approved automatically on ${dayOf(at)}, in ${daysText(timer.daysBefore)}: approve it or send it back before then`,
        formId: order.id,
      });
      await opts.completeIn?.(tx);
      return { did: 'reminded' as const, push: created.push };
    }
    if ((order.taskStatus !== 'waiting' && order.taskStatus !== 'processing') || !order.dueAt) return null;
    if (order.dueAt.toISOString() !== timer.dueAt) {
      // An accepted extension moved the due date: the reminder moves with it.
      const later = dueReminder(order.id, order.dueAt, now);
      if (!later) return null;
      await sendTimer(ctx, tx, later);
      return { did: 'rescheduled' as const, push: null };
    }
    if (!inReminderWindow(order.dueAt, DUE_REMINDER_DAYS, now)) return null;
    const created = await createNotification({ db: tx }, null, {
      userId: order.artistId,
      type: 'payment',
      message: `“${order.cardTitle}” is due on ${dayOf(order.dueAt)}, in less than ${daysText(DUE_REMINDER_DAYS)}: deliver it, or ask ${order.senderLogin} for more time`,
      formId: order.id,
    });
    await opts.completeIn?.(tx);
    return { did: 'reminded' as const, push: created.push };
  });
  outcome?.push?.(ctx);
  return outcome?.did ?? 'nothing';
}

/** The queue of order timers and its handler, for the app to define on its job queue. */
export function orderTimersQueue(
  ctx: Pick<Deps, 'db' | 'hub' | 'log' | 'events' | 'config' | 'jobs'>,
  _actor: null,
): QueueSpec<OrderTimer> {
  return {
    name: ORDER_TIMERS_QUEUE,
    // One waiting job per timer and moment (timerKey): a delivery's jobs are never sent twice.
    policy: 'short',
    handler: async (job) => {
      await runOrderTimer(ctx, null, job.data, { completeIn: job.completeIn });
    },
  };
}
