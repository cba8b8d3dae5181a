import { fromCents } from '@brushline/shared/cards/pricing';
import { planSummary } from '@brushline/shared/payments/plan';
import type { Extension, OrderMoney, PaymentPart } from '@brushline/shared/payments/schemas';
import { PAYMENT_STATE_LABELS, paymentStateOf } from '@brushline/shared/payments/state';
import type { Deps } from '../../platform/deps.ts';
import type { Actor } from '../../platform/session.ts';
import { orderForMoney } from '../orders/orders.service.ts';
import { toPerson } from '../users/users.dto.ts';
import { figuresOf } from './ledger.rules.ts';
import { loadMoney } from './money-facts.ts';
import { paymentProvider } from './payment-provider.rules.ts';
import { autoApproveAt, creditNoteNumber, invoiceNumber, isOverdue, nextStep } from './payments.rules.ts';
import { findCreditNotes, findLatestExtension, findMoneyEvents } from './payments.repo.ts';

/** An order's money as its parties read it (GET comissionform/{id}/payments). */

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

function toExtension(row: Awaited<ReturnType<typeof findLatestExtension>>): Extension | null {
  if (!row) return null;
  return {
    id: row.id,
    dueAt: row.dueAt.toISOString(),
    reason: row.reason,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    answeredAt: iso(row.answeredAt),
  };
}

/** GET an order's money as the actor sees it (the two parties; staff read). */
export async function readMoney(
  ctx: Pick<Deps, 'db' | 'config'>,
  actor: Actor,
  formId: number,
  now: Date = new Date(),
): Promise<OrderMoney> {
  const order = await orderForMoney(ctx, actor, formId);
  const money = await loadMoney(ctx, order);
  const [events, extensionRow, notes] = await Promise.all([
    findMoneyEvents(ctx.db, order.id),
    findLatestExtension(ctx.db, order.id),
    findCreditNotes(ctx.db, order.id),
  ]);
  const figures = figuresOf(money.balances, money.refundedCents);
  const provider = paymentProvider(ctx.config);
  const parts: PaymentPart[] = money.parts.map((p) => ({
    index: p.index,
    name: p.name,
    stage: p.stage,
    percent: p.percent,
    amount: fromCents(p.amountCents),
    status: p.status,
    instructions: p.row?.instructions ?? null,
    reference: p.row?.reference ?? null,
    requestedAt: iso(p.row?.requestedAt),
    markedAt: iso(p.row?.markedAt),
    confirmedAt: iso(p.row?.confirmedAt),
    invoiceNumber: p.row?.invoiceSeq ? invoiceNumber(order.artistLogin, p.row.invoiceSeq) : null,
  }));
  const extension = toExtension(extensionRow);
  const state = paymentStateOf({ totalCents: order.totalPriceCents, ...figures });
  return {
    formId: order.id,
    provider: { id: provider.id, holdsFunds: provider.holdsFunds, note: provider.note },
    plan: money.plan,
    planSummary: planSummary(money.plan),
    state,
    stateLabel: PAYMENT_STATE_LABELS[state],
    total: fromCents(order.totalPriceCents),
    parts,
    balances: {
      paid: fromCents(figures.paidCents),
      fees: fromCents(figures.feesCents),
      refundOwed: fromCents(figures.refundOwedCents),
      refunded: fromCents(figures.refundedCents),
      outstanding: fromCents(Math.max(0, order.totalPriceCents - figures.paidCents - figures.refundedCents)),
    },
    startBeforePayment: order.startBeforePayment,
    deliveryDays: order.deliveryDays,
    dueAt: iso(order.dueAt),
    autoApproveAt: iso(autoApproveAt(order, ctx.config.AUTO_APPROVE_DAYS)),
    overdue: isOverdue(order, now),
    extension,
    nextStep: nextStep(order, money, extension, now),
    timeline: events.map((e) => ({
      id: e.id,
      kind: e.kind,
      partIndex: e.partIndex,
      amount: e.amountCents === null ? null : fromCents(e.amountCents),
      note: e.note,
      by: e.actorId
        ? toPerson({
            id: e.actorId,
            login: e.actorLogin!,
            displayName: e.actorDisplayName!,
            avatarId: e.actorAvatarId,
          })
        : null,
      createdAt: e.createdAt.toISOString(),
    })),
    creditNotes: notes.map((n) => ({
      number: creditNoteNumber(order.artistLogin, n.seq),
      amount: fromCents(n.amountCents),
      createdAt: n.createdAt.toISOString(),
    })),
  };
}
