import { WIP_COMMENT_QUOTED, WIP_COMMENTS_MAX } from '@brushline/shared/orders/constants';
import { orderMessages } from '@brushline/shared/orders/messages';
import type { OrderPage, WipCommentBody } from '@brushline/shared/orders/schemas';
import { cutText } from '@brushline/shared/text';
import type { Deps, TxCtx } from '../../platform/deps.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { Actor } from '../../platform/session.ts';
import { createNotification } from '../notifications/notifications.service.ts';
import { getOrderPage } from './deliveries.service.ts';
import { byFormId, findFormRows, lockTaskAt, type FormRow } from './orders.repo.ts';
import { formNotFound, sideOf } from './orders.service.ts';
import { countWipComments, findOrderUpdate, insertWipComment, markWipApproved } from './wip-feedback.repo.ts';

/** Which work in progress of which order the commissioner answers. */
export interface WipRef {
  formId: number;
  updateId: number;
}

const notInProgress = () => new AppError(409, 'illegal_transition', orderMessages.wipFeedbackOnlyInProgress);

const quoted = (c: string) => cutText(c, WIP_COMMENT_QUOTED);

/**
 * The order and its work in progress, when the actor is its commissioner and the work is in
 * progress. Someone not on the order, and an update that is not this order's, get 404 (like a
 * missing order); the artist 403 (they cannot answer their own work); a delivery or a send-back
 * 409 (a delivery is approved or sent back instead); an order no longer in progress 409.
 */
async function answerableWip(ctx: Pick<Deps, 'db'>, actor: Actor, ref: WipRef): Promise<FormRow> {
  const [row] = await findFormRows(ctx.db, byFormId(ref.formId));
  if (!row) throw formNotFound();
  const side = sideOf(row, actor);
  const update = await findOrderUpdate(ctx.db, ref.formId, ref.updateId);
  if (!update) throw notFound(orderMessages.updateNotFound);
  if (side !== 'buyer') throw new AppError(403, 'not_the_commissioner', orderMessages.onlyBuyerAnswersWip);
  if (update.kind !== 'wip') throw new AppError(409, 'not_wip', orderMessages.notWip);
  if (row.taskStatus !== 'processing') throw notInProgress();
  return row;
}

/** Holds the task at processing for the rest of the transaction (a delivery cannot slip in between). */
async function lockInProgress(ctx: TxCtx, row: FormRow) {
  if (!(await lockTaskAt(ctx.db, row.taskId, 'processing'))) throw notInProgress();
}

/**
 * "Looks good": the commissioner approves a work in progress. Recorded once: saying it again
 * changes nothing and tells the artist nothing new. The first time, the artist gets a
 * commission_status notification (mailed as a status change), pushed after the commit.
 */
export async function approveWip(
  ctx: Pick<Deps, 'db' | 'hub' | 'log'>,
  actor: Actor,
  ref: WipRef,
): Promise<OrderPage> {
  const row = await answerableWip(ctx, actor, ref);
  const push = await ctx.db.transaction(async (tx) => {
    await lockInProgress({ db: tx }, row);
    if (!(await markWipApproved(tx, ref.updateId))) return null;
    const created = await createNotification({ db: tx }, actor, {
      userId: row.artistId,
      type: 'commission_status',
      message: `${actor.login} says your work in progress on “${row.cardTitle}” looks good`,
      formId: row.id,
    });
    return created.push;
  });
  push?.(ctx);
  return getOrderPage(ctx, actor, row.id);
}

/**
 * The commissioner comments on a work in progress: kept under it on the order page, told to the
 * artist as a commission_status notification (mailed as a status change), and posted by the
 * commissioner in the pair's working chat, where the two talk. The comment and its notification
 * commit together; the chat message follows the commit through the chat module (its send limits
 * and blocks apply). Should the chat refuse it (a block, its rate limit), the comment stays on the
 * order and the notification stands: the artist is told either way.
 */
export async function commentOnWip(
  ctx: Pick<Deps, 'db' | 'hub' | 'log' | 'events'>,
  actor: Actor,
  ref: WipRef & WipCommentBody,
): Promise<OrderPage> {
  const row = await answerableWip(ctx, actor, ref);
  const push = await ctx.db.transaction(async (tx) => {
    await lockInProgress({ db: tx }, row);
    if ((await countWipComments(tx, ref.updateId)) >= WIP_COMMENTS_MAX) {
      throw new AppError(409, 'too_many_comments', orderMessages.tooManyWipComments);
    }
    await insertWipComment(tx, { updateId: ref.updateId, authorId: actor.id, message: ref.message });
    const created = await createNotification({ db: tx }, actor, {
      userId: row.artistId,
      type: 'commission_status',
      message: `${actor.login} commented on your work in progress on “${row.cardTitle}”: ${quoted(ref.message)}`,
      formId: row.id,
    });
    return created.push;
  });
  push(ctx);
  // The chat's reaction posts it in the working chat; should the chat refuse it, the comment stands.
  await ctx.events.emit('wipCommented', {
    formId: row.id,
    artistId: row.artistId,
    by: actor,
    text: `On your work in progress for “${row.cardTitle}” (order #${row.id}):\n${ref.message}`,
  });
  return getOrderPage(ctx, actor, row.id);
}
