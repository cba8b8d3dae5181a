import { messages } from '@brushline/shared/messages';
import { SEND_BACK_COMMENT_QUOTED } from '@brushline/shared/orders/constants';
import { orderMessages, revisionText } from '@brushline/shared/orders/messages';
import type { SentForm } from '@brushline/shared/orders/schemas';
import { cutText } from '@brushline/shared/text';
import { nextStatus, TASK_TRANSITIONS, type TaskAction } from '@brushline/shared/orders/status-machine';
import type { Deps } from '../../platform/deps.ts';
import { AppError } from '../../platform/errors.ts';
import type { Actor } from '../../platform/session.ts';
import { createNotification } from '../notifications/notifications.service.ts';
import { assertRoomForUpdate } from './deliveries.rules.ts';
import { insertUpdate } from './deliveries.repo.ts';
import { byFormId, byTaskId, findFormRows, moveTaskStatus } from './orders.repo.ts';
import { formNotFound, presentForm, sideOf } from './orders.service.ts';

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
  // The artist's kanban task follows its status (the board's reaction).
  await ctx.events.emit('commissionStatusChanged', {
    formId: row.id,
    artistId: row.artistId,
    buyerId: row.senderId,
    status: to,
  });
  const [fresh] = await findFormRows(ctx.db, byFormId(row.id));
  return presentForm(ctx, fresh!);
}
