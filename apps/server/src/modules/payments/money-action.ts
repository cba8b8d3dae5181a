import type { Deps, TxCtx } from '../../platform/deps.ts';
import { paymentMessages as m } from '@brushline/shared/payments/messages';
import type { OrderMoney } from '@brushline/shared/payments/schemas';
import { AppError, notFound } from '../../platform/errors.ts';
import type { Actor } from '../../platform/session.ts';
import { createNotification } from '../notifications/notifications.service.ts';
import { orderForMoney, type MoneyOrder } from '../orders/orders.service.ts';
import { moneyOverviewsChanged } from './money-overview-cache.ts';
import { loadMoney } from './money-facts.ts';
import { readMoney } from './order-money.service.ts';
import { isClosed, type MoneyFacts } from './payments.rules.ts';
import { insertMoneyEvent } from './payments.repo.ts';

/**
 * The shape every money action of an order shares (payments.service.ts, extensions.service.ts):
 * one transaction with the order locked, the side that may act, the part acted on, the event on
 * the order's timeline and the other side told after the commit.
 */

export type Push = (deps: Pick<Deps, 'hub' | 'log'>) => void;

/** The artist acts; the buyer and staff may not. */
export function assertSide(order: MoneyOrder, side: 'artist' | 'buyer', what: string): void {
  if (order.side !== side)
    throw new AppError(403, 'forbidden', `Only the ${side === 'artist' ? 'artist' : 'buyer'} can ${what}.`);
}

export function assertOpenForPayments(order: MoneyOrder): void {
  if (isClosed(order)) throw new AppError(400, 'order_closed', m.orderClosed);
  if (order.taskStatus === 'none') throw new AppError(400, 'part_not_due', m.orderNotAccepted);
}

export function partAt<T extends { index: number }>(parts: readonly T[], index: number): T {
  const part = parts.find((p) => p.index === index);
  if (!part) throw notFound(m.partNotFound);
  return part;
}

/**
 * Runs one money action in a transaction: the order's task is locked first (so the action and any
 * move of the same order happen one after the other), `work` writes and names whom to tell, and
 * the answer is the order's money as the actor sees it afterwards.
 */
export async function moneyAction(
  ctx: Pick<Deps, 'db' | 'hub' | 'log' | 'config' | 'bus'>,
  actor: Actor,
  formId: number,
  work: (tx: TxCtx, order: MoneyOrder, money: MoneyFacts) => Promise<Push[]>,
): Promise<OrderMoney> {
  const { pushes, parties } = await ctx.db.transaction(async (tx) => {
    const order = await orderForMoney({ db: tx }, actor, formId, { lock: true });
    const parties = [order.artistId, order.senderId];
    return { pushes: await work({ db: tx }, order, await loadMoney({ db: tx }, order)), parties };
  });
  // Both parties' /crm/money on every instance (a repeat that wrote nothing drops them too).
  await moneyOverviewsChanged(ctx.bus, parties);
  for (const push of pushes) push(ctx);
  return readMoney(ctx, actor, formId);
}

async function tell(
  tx: TxCtx,
  actor: Pick<Actor, 'id'> | null,
  userId: string,
  formId: number,
  message: string,
) {
  const created = await createNotification(tx, actor, { userId, type: 'payment', message, formId });
  return created.push;
}

/**
 * What each money action ends with: its event on the order's money timeline, and a notification
 * to `to` (the other side); answers the push to send once the transaction commits.
 */
export async function recordAndTell(
  tx: TxCtx,
  actor: Actor,
  event: Omit<Parameters<typeof insertMoneyEvent>[1], 'actorId'>,
  to: string,
  message: string,
): Promise<Push[]> {
  await insertMoneyEvent(tx.db, { ...event, actorId: actor.id });
  return [await tell(tx, actor, to, event.formId, message)];
}

type Part = MoneyFacts['parts'][number];

/**
 * A money action on one part of an open order by one side (`what` it does, for the refusal):
 * moneyAction with the side checked, the order open for payments and the part found.
 */
export function partAction(
  ctx: Pick<Deps, 'db' | 'hub' | 'log' | 'config' | 'bus'>,
  actor: Actor,
  input: { formId: number; part: number },
  side: 'artist' | 'buyer',
  what: string,
  work: (tx: TxCtx, order: MoneyOrder, money: MoneyFacts, part: Part) => Promise<Push[]>,
): Promise<OrderMoney> {
  return moneyAction(ctx, actor, input.formId, async (tx, order, money) => {
    assertSide(order, side, what);
    assertOpenForPayments(order);
    return work(tx, order, money, partAt(money.parts, input.part));
  });
}
