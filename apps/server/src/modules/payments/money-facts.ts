import { paymentMessages as m } from '@brushline/shared/payments/messages';
import { planParts } from '@brushline/shared/payments/plan';
import type { TxCtx } from '../../platform/deps.ts';
import { AppError } from '../../platform/errors.ts';
import type { MoneyOrder } from '../orders/orders.service.ts';
import { partStatusOf, reachedStage, type MoneyFacts } from './payments.rules.ts';
import { findBalances, findPaymentRows } from './payments.repo.ts';

/** What every money read and action of an order starts from: its plan, its parts and its ledger. */

export function planOf(order: MoneyOrder) {
  if (!order.paymentPlan) throw new AppError(400, 'no_payment_plan', m.noPlan);
  return order.paymentPlan;
}

/** Everything the money side knows of one order, read in the caller's transaction. */
export async function loadMoney(ctx: TxCtx, order: MoneyOrder): Promise<MoneyFacts> {
  const plan = planOf(order);
  const parts = planParts(plan, order.totalPriceCents);
  const [rows, ledger] = await Promise.all([
    findPaymentRows(ctx.db, order.id),
    findBalances(ctx.db, order.id),
  ]);
  const reached = reachedStage(order);
  const byIndex = new Map(rows.map((r) => [r.partIndex, r]));
  const withStatus = parts.map((p) => ({
    ...p,
    row: byIndex.get(p.index),
    status: partStatusOf(p, byIndex.get(p.index), reached),
  }));
  return { plan, parts: withStatus, balances: ledger.balances, refundedCents: ledger.refundedCents };
}
