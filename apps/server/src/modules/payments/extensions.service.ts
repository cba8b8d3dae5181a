import { EXTENSION_DAYS_MAX } from '@brushline/shared/payments/constants';
import { paymentMessages as m } from '@brushline/shared/payments/messages';
import type { OrderMoney } from '@brushline/shared/payments/schemas';
import type { Deps } from '../../platform/deps.ts';
import { AppError } from '../../platform/errors.ts';
import type { Actor } from '../../platform/session.ts';
import { moveDueDate } from '../orders/orders.service.ts';
import { moneyAction, recordAndTell } from './order-money.service.ts';
import { assertSide } from './payments.rules.ts';
import {
  answerExtension as answerExtensionRow,
  findLatestExtension,
  insertExtension,
} from './payments.repo.ts';

/** Extensions of an order's due date: the artist asks for more time, the buyer accepts or declines. */

const DAY_MS = 86_400_000;

/** The artist asks for more time: a new due date (after the current one) and a reason. */
export async function askExtension(
  ctx: Pick<Deps, 'db' | 'hub' | 'log' | 'config' | 'bus'>,
  actor: Actor,
  input: { formId: number; dueAt: Date; reason: string },
): Promise<OrderMoney> {
  return moneyAction(ctx, actor, input.formId, async (tx, order) => {
    assertSide(order, 'artist', 'ask for more time');
    if (!order.dueAt) throw new AppError(400, 'no_due_date', m.noDueDate);
    if (order.taskStatus !== 'waiting' && order.taskStatus !== 'processing') {
      throw new AppError(409, 'illegal_transition', m.noDueDate);
    }
    const latest = await findLatestExtension(tx.db, order.id);
    if (latest?.status === 'pending') throw new AppError(409, 'extension_pending', m.extensionPending);
    const limit = order.dueAt.getTime() + EXTENSION_DAYS_MAX * DAY_MS;
    if (input.dueAt <= order.dueAt || input.dueAt.getTime() > limit) {
      throw new AppError(400, 'invalid_input', m.extensionDate);
    }
    await insertExtension(tx.db, { formId: order.id, dueAt: input.dueAt, reason: input.reason });
    return recordAndTell(
      tx,
      actor,
      {
        formId: order.id,
        kind: 'extensionAsked',
        note: input.reason,
      },
      order.senderId,
      `${actor.login} asks for more time on “${order.cardTitle}”: until ${input.dueAt.toISOString().slice(0, 10)}. Accept or decline it on the order page`,
    );
  });
}

/** The buyer accepts (the due date moves) or declines the pending extension. */
export async function answerExtension(
  ctx: Pick<Deps, 'db' | 'hub' | 'log' | 'config' | 'bus'>,
  actor: Actor,
  input: { formId: number; accept: boolean },
): Promise<OrderMoney> {
  return moneyAction(ctx, actor, input.formId, async (tx, order) => {
    assertSide(order, 'buyer', 'answer an extension request');
    const latest = await findLatestExtension(tx.db, order.id);
    if (latest?.status !== 'pending') throw new AppError(409, 'no_extension', m.noExtension);
    const answered = await answerExtensionRow(tx.db, latest.id, input.accept ? 'accepted' : 'declined');
    if (!answered) throw new AppError(409, 'no_extension', m.noExtension);
    if (input.accept) await moveDueDate(tx, actor, order.id, answered.dueAt);
    return recordAndTell(
      tx,
      actor,
      {
        formId: order.id,
        kind: input.accept ? 'extensionAccepted' : 'extensionDeclined',
      },
      order.artistId,
      `${actor.login} ${input.accept ? 'accepted' : 'declined'} your extension request for “${order.cardTitle}”`,
    );
  });
}
