import { messages } from '@brushline/shared/messages';
import { SEND_BACK_COMMENT_QUOTED } from '@brushline/shared/orders/constants';
import { orderMessages, revisionText } from '@brushline/shared/orders/messages';
import type { SentForm } from '@brushline/shared/orders/schemas';
import { cutText } from '@brushline/shared/text';
import {
  nextStatus,
  OVERDUE_CANCEL,
  TASK_TRANSITIONS,
  type TaskAction,
} from '@brushline/shared/orders/status-machine';
import { paymentMessages } from '@brushline/shared/payments/messages';
import type { Deps } from '../../platform/deps.ts';
import type { EmitCtx } from '../../platform/events.ts';
import { AppError } from '../../platform/errors.ts';
import type { Actor } from '../../platform/session.ts';
import { createNotification } from '../notifications/notifications.service.ts';
import { assertRoomForUpdate } from './deliveries.rules.ts';
import { insertUpdate } from './deliveries.repo.ts';
import {
  byFormId,
  byTaskId,
  cancelIfOverdue,
  findFormRows,
  moveTaskStatus,
  openOrdersOf,
  startDueClock,
} from './orders.repo.ts';
import { announceStatusMove } from './orders.events.ts';
import { formNotFound, orderForTimer, presentForm, sideOf } from './orders.service.ts';

/** The SPEC §8 failure messages of the two moves that have one; the others share a clear one. */
const failMessages: Partial<Record<TaskAction, string>> = {
  decline: messages.formDeclineFailed,
  cancel: messages.buyerCancelFailed,
};

const illegal = (action: TaskAction) =>
  new AppError(409, 'illegal_transition', failMessages[action] ?? orderMessages.illegalTransition);

const quoted = (c: string) => cutText(c, SEND_BACK_COMMENT_QUOTED);

/** What the other side is told, e.g. "ann accepted your request for “Portrait”". */
function notificationText(
  action: Exclude<TaskAction, 'deliver'>,
  who: string,
  title: string,
  input: MoveInput & { revision?: string },
): string {
  const t = `“${title}”`;
  switch (action) {
    case 'accept':
      return `${who} accepted your request for ${t}`;
    case 'decline':
      return input.reason
        ? `${who} declined your request for ${t}: ${quoted(input.reason)}`
        : `${who} declined your request for ${t}`;
    case 'cancel':
      return `${who} canceled their request for ${t}`;
    case 'start':
      return `${who} started working on ${t}`;
    case 'approve':
      return `${who} approved ${t}`;
    case 'sendBack':
      return `${who} sent ${t} back (${input.revision}): ${quoted(input.comment ?? '')}`;
  }
}

/** What a move carries: the send-back's comment, the decline's optional reason. */
export interface MoveInput {
  comment?: string;
  reason?: string;
}

/** Which task a move names: the /task routes use the task id, the /comissionform routes the form id. */
export type TaskRef = { taskId: number } | { formId: number };

/**
 * Moves a task by the shared status machine. Only the two participants see the task (anyone
 * else: 404); a move the machine does not allow for this side now answers 409 and changes
 * nothing. The change itself is one conditional UPDATE (WHERE status = the expected one), so
 * of two simultaneous moves only one can win; the loser gets the same 409. The other side gets
 * a stored notification, pushed once the transaction has committed. A send-back counts one
 * revision and is kept in the order's history with its comment; a decline keeps its reason.
 * Delivering carries files and is deliverWork's (deliveries.service.ts).
 */
export async function moveTask(
  ctx: Pick<Deps, 'db' | 'hub' | 'log' | 'events'>,
  actor: Actor,
  ref: TaskRef,
  action: Exclude<TaskAction, 'deliver'>,
  input: MoveInput = {},
): Promise<SentForm> {
  const where = 'taskId' in ref ? byTaskId(ref.taskId) : byFormId(ref.formId);
  const [row] = await findFormRows(ctx.db, where);
  if (!row) throw formNotFound();
  const side = sideOf(row, actor);
  const to = nextStatus(row.taskStatus, action, side);
  if (!to) throw illegal(action);
  const needsComment = TASK_TRANSITIONS[action].needsComment;
  const sendBack = action === 'sendBack';
  const push = await ctx.events.transaction(ctx.db, async (tx, emit) => {
    if (sendBack) await assertRoomForUpdate({ db: tx }, row.id);
    const moved = await moveTaskStatus(tx, row.taskId, row.taskStatus, to, {
      comment: needsComment ? input.comment : undefined,
      declineReason: action === 'decline' ? input.reason || null : undefined,
      countRevision: sendBack,
    });
    if (!moved) throw illegal(action);
    if (action === 'accept') await startDueClock(tx, row.id);
    await emit('orderMoved', {
      formId: row.id,
      artistId: row.artistId,
      buyerId: row.senderId,
      actorId: actor.id,
      action,
      from: row.taskStatus,
      to,
    });
    // The first accepted order between two people opens their working chat (chat's reaction, decision 0016).
    if (action === 'accept') await emit('orderAccepted', { artistId: row.artistId, buyerId: row.senderId });
    if (sendBack) {
      await insertUpdate(
        tx,
        {
          formId: row.id,
          authorId: actor.id,
          kind: 'sendBack',
          message: input.comment ?? '',
          revision: moved.revisionsUsed,
        },
        [],
      );
    }
    const created = await createNotification({ db: tx }, actor, {
      userId: side === 'artist' ? row.senderId : row.artistId,
      type: 'commission_status',
      message: notificationText(action, actor.login, row.cardTitle, {
        ...input,
        revision: revisionText(moved.revisionsUsed, row.revisionsIncluded),
      }),
      formId: row.id,
    });
    return created.push;
  });
  push(ctx);
  await announceStatusMove(ctx, row, to);
  const [fresh] = await findFormRows(ctx.db, byFormId(row.id));
  return presentForm(ctx, fresh!);
}

/**
 * The buyer cancels an order past its due date with nothing delivered (decision 0020): the one
 * move outside the SPEC's machine, guarded by the clock (OVERDUE_CANCEL in status-machine.ts).
 * One conditional UPDATE decides it, so a delivery racing it wins whole or finds it canceled; the
 * loser gets 409. Payments react in the same transaction (everything paid becomes a refund owed).
 */
export async function cancelOverdue(
  ctx: Pick<Deps, 'db' | 'hub' | 'log' | 'events'>,
  actor: Actor,
  formId: number,
  now: Date = new Date(),
): Promise<SentForm> {
  const [row] = await findFormRows(ctx.db, byFormId(formId));
  if (!row) throw formNotFound();
  const side = sideOf(row, actor);
  const overdue = row.dueAt !== null && row.dueAt < now;
  if (side !== OVERDUE_CANCEL.side || !OVERDUE_CANCEL.from.includes(row.taskStatus) || !overdue) {
    throw new AppError(409, 'not_overdue', paymentMessages.notOverdue);
  }
  const push = await ctx.events.transaction(ctx.db, async (tx, emit) => {
    if (!(await cancelIfOverdue(tx, row.taskId, OVERDUE_CANCEL.from, now))) {
      throw new AppError(409, 'not_overdue', paymentMessages.notOverdue);
    }
    await emit('orderMoved', {
      formId: row.id,
      artistId: row.artistId,
      buyerId: row.senderId,
      actorId: actor.id,
      action: 'cancelOverdue',
      from: row.taskStatus,
      to: OVERDUE_CANCEL.to,
    });
    const created = await createNotification({ db: tx }, actor, {
      userId: row.artistId,
      type: 'commission_status',
      message: `${actor.login} canceled “${row.cardTitle}”: it passed its due date without a delivery`,
      formId: row.id,
    });
    return created.push;
  });
  push(ctx);
  await announceStatusMove(ctx, row, OVERDUE_CANCEL.to);
  const [fresh] = await findFormRows(ctx.db, byFormId(row.id));
  return presentForm(ctx, fresh!);
}

const DAY_MS = 86_400_000;

/**
 * The server approves a delivery left without an answer for AUTO_APPROVE_DAYS (decision 0021), as the
 * buyer's approve would: the same conditional move finished → done, `orderMoved` (action
 * autoApprove, no actor) in its transaction, both sides told, the board after the commit. The task
 * is held (FOR UPDATE) while the delivery's time is checked, so a send-back or a newer delivery
 * cannot slip in between; a buyer's approve racing it waits and then finds it done (409). Answers
 * whether it approved; anything else (answered, sent back, delivered again since, not yet due)
 * changes nothing, so a timer that comes late or twice is harmless.
 */
export async function autoApprove(
  ctx: Pick<Deps, 'db' | 'hub' | 'log' | 'events' | 'config'>,
  _actor: null,
  formId: number,
  now: Date = new Date(),
): Promise<boolean> {
  const days = ctx.config.AUTO_APPROVE_DAYS;
  const outcome = await ctx.events.transaction(ctx.db, async (tx, emit) => {
    const row = await orderForTimer({ db: tx }, null, formId, { lock: true });
    if (!row || row.taskStatus !== 'finished' || !row.deliveredAt) return null;
    if (row.deliveredAt.getTime() + days * DAY_MS > now.getTime()) return null;
    if (!(await moveTaskStatus(tx, row.taskId, 'finished', 'done'))) return null;
    await emit('orderMoved', {
      formId: row.id,
      artistId: row.artistId,
      buyerId: row.senderId,
      actorId: null,
      action: 'autoApprove',
      from: 'finished',
      to: 'done',
    });
    const pushes = [];
    for (const [userId, text] of [
      [
        row.senderId,
        `“${row.cardTitle}” was approved automatically: you did not answer its delivery in ${days} days`,
      ],
      [
        row.artistId,
        `“${row.cardTitle}” was approved automatically: ${row.senderLogin} did not answer your delivery in ${days} days`,
      ],
    ] as const) {
      const created = await createNotification({ db: tx }, null, {
        userId,
        type: 'commission_status',
        message: text,
        formId: row.id,
      });
      pushes.push(created.push);
    }
    return { row, pushes };
  });
  if (!outcome) return false;
  for (const push of outcome.pushes) push(ctx);
  // The artist's kanban task follows its status (the board's reaction).
  await ctx.events.emit('commissionStatusChanged', {
    formId: outcome.row.id,
    artistId: outcome.row.artistId,
    buyerId: outcome.row.senderId,
    status: 'done',
  });
  return true;
}

/** What the other side of an open order is told when staff restrict the account they deal with. */
function restrictedPartyText(name: string, title: string, ended: boolean) {
  return ended
    ? `Your order “${title}” ended before it was accepted: staff suspended ${name}'s account`
    : `Staff suspended ${name}'s account: your order “${title}” is on hold until the suspension ends`;
}

/**
 * Staff suspended or banned an account (moderation's accountRestrictionChanged, inside its
 * transaction; decision 0022). Orders nobody has accepted yet end at once, as the restricted side
 * could not answer them: the restricted artist's are declined, the restricted buyer's canceled
 * (the same conditional moves, `orderMoved` with no actor). The other side of every open order is
 * told, with the order named.
 */
export async function followPartyRestriction(
  ctx: EmitCtx,
  _actor: null,
  e: { userId: string; restricted: boolean },
): Promise<void> {
  if (!e.restricted) return;
  const open = await findFormRows(ctx.db, openOrdersOf(e.userId));
  for (const row of open) {
    const restrictedIsArtist = row.artistId === e.userId;
    let ended = false;
    if (row.taskStatus === 'none') {
      const action = restrictedIsArtist ? 'decline' : 'cancel';
      const to = TASK_TRANSITIONS[action].to;
      const reason = restrictedIsArtist ? { declineReason: 'Staff suspended the artist’s account' } : {};
      if (await moveTaskStatus(ctx.db, row.taskId, 'none', to, reason)) {
        ended = true;
        const ids = { formId: row.id, artistId: row.artistId, buyerId: row.senderId };
        await ctx.emit('orderMoved', { ...ids, actorId: null, action, from: 'none', to });
        await ctx.emit('commissionStatusChanged', { ...ids, status: to });
      }
    }
    // Stored with the staff's transaction; the other side's bell shows it on its next load.
    await createNotification(ctx, null, {
      userId: restrictedIsArtist ? row.senderId : row.artistId,
      type: 'commission_status',
      message: restrictedPartyText(
        restrictedIsArtist ? row.artistLogin : row.senderLogin,
        row.cardTitle,
        ended,
      ),
      formId: row.id,
    });
  }
}
