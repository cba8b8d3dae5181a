import { formatUsd, fromCents } from '@brushline/shared/cards/pricing';
import { paymentMessages as m } from '@brushline/shared/payments/messages';
import type { OrderMoney } from '@brushline/shared/payments/schemas';
import type { Config } from '../../config.ts';
import type { Deps, TxCtx } from '../../platform/deps.ts';
import { AppError } from '../../platform/errors.ts';
import type { Actor } from '../../platform/session.ts';
import { chooseStartBeforePayment, fixPaymentProvider, type MoneyOrder } from '../orders/orders.service.ts';
import { feeOf, paymentPostings, refundPostings } from './ledger.rules.ts';
import { moneyAction, partAction, recordAndTell } from './order-money.service.ts';
import { assertSide } from './payments.rules.ts';
import { planOf } from './payments.rules.ts';
import { feeBasisPoints, orderProvider, paysByCard } from './payment-provider.rules.ts';
import { partWords } from './payments.rules.ts';
import {
  insertCreditNote,
  insertLedgerTransaction,
  insertMoneyEvent,
  nextInvoiceSeq,
  savePayment,
} from './payments.repo.ts';

/** The payment actions of an order: request, mark paid, confirm, refund, start before payment. */

/** The artist asks for a part of the price, with their own instructions (a link, their details). */
export async function requestPayment(
  ctx: Pick<Deps, 'db' | 'hub' | 'log' | 'config' | 'bus'>,
  actor: Actor,
  input: { formId: number; part: number; instructions: string },
): Promise<OrderMoney> {
  return partAction(ctx, actor, input, 'artist', 'ask for a payment', async (tx, order, money, part) => {
    if (part.status === 'confirmed') throw new AppError(409, 'illegal_transition', m.partConfirmed);
    if (part.row?.requestedAt && part.row.instructions === input.instructions) return []; // a repeat
    const provider = orderProvider(ctx.config, order);
    // Off-platform, the artist's own payment details commit the order there: a buyer may pay them
    // before a switch to Stripe and mark it paid after (decision 0031, "One provider per order").
    if (provider.id === 'offPlatform') await assertPaidByHand(ctx.config, tx, order);
    const asked = await provider.requestPayment(
      { formId: order.id, partIndex: part.index, amountCents: part.amountCents },
      { instructions: input.instructions },
    );
    await savePayment(tx.db, order.id, part.index, {
      instructions: asked.instructions,
      requestedAt: new Date(),
    });
    return recordAndTell(
      tx,
      actor,
      {
        formId: order.id,
        kind: 'requested',
        partIndex: part.index,
        amountCents: part.amountCents,
      },
      order.senderId,
      `${actor.login} asked for ${partWords(part, money.plan)} of “${order.cardTitle}”: ${formatUsd(fromCents(part.amountCents))}`,
    );
  });
}

/**
 * A payment by hand (marked or confirmed) is for an off-platform order: one whose money already
 * moved off-platform, or, before its first payment step, on a site without card payments. The step
 * fixes the order off-platform (decision 0031, "One provider per order"), in the action's transaction.
 */
async function assertPaidByHand(config: Config, tx: TxCtx, order: MoneyOrder) {
  if (paysByCard(config, order)) throw new AppError(409, 'paid_by_card', m.paidByCardOnly);
  if (!(await fixPaymentProvider(tx, null, { formId: order.id, provider: 'offPlatform' })))
    throw new AppError(409, 'paid_by_card', m.paidByCardOnly);
}

/** The buyer says they paid a part, with a reference; the artist is asked to confirm. */
export async function markPaid(
  ctx: Pick<Deps, 'db' | 'hub' | 'log' | 'config' | 'bus'>,
  actor: Actor,
  input: { formId: number; part: number; reference: string },
): Promise<OrderMoney> {
  return partAction(ctx, actor, input, 'buyer', 'mark a payment as paid', async (tx, order, money, part) => {
    // With Stripe the buyer pays by card (checkout) and the webhook confirms it: nothing by hand.
    await assertPaidByHand(ctx.config, tx, order);
    if (part.status === 'marked' || part.status === 'confirmed') return []; // a repeat, or the artist was quicker
    if (part.status === 'scheduled') throw new AppError(400, 'part_not_due', m.partNotDue);
    await savePayment(tx.db, order.id, part.index, {
      reference: input.reference || null,
      markedAt: new Date(),
    });
    return recordAndTell(
      tx,
      actor,
      {
        formId: order.id,
        kind: 'markedPaid',
        partIndex: part.index,
        amountCents: part.amountCents,
        note: input.reference,
      },
      order.artistId,
      `${actor.login} paid ${partWords(part, money.plan)} of “${order.cardTitle}” (${formatUsd(fromCents(part.amountCents))}). Confirm you received it`,
    );
  });
}

/**
 * The artist confirms receipt of a part (or records a payment directly, whatever its state): the
 * ledger records it in the same transaction, the artist's next invoice number is taken, and the
 * buyer is told. A second confirmation records nothing (the ledger's idempotency key).
 */
export async function confirmPayment(
  ctx: Pick<Deps, 'db' | 'hub' | 'log' | 'config' | 'bus'>,
  actor: Actor,
  input: { formId: number; part: number; reference: string },
): Promise<OrderMoney> {
  return partAction(ctx, actor, input, 'artist', 'confirm a payment', async (tx, order, _money, part) => {
    await assertPaidByHand(ctx.config, tx, order);
    if (part.status === 'confirmed') return [];
    const provider = orderProvider(ctx.config, order);
    const payment = { formId: order.id, partIndex: part.index, amountCents: part.amountCents };
    const confirmed = await provider.confirmPayment(payment, {
      reference: input.reference || part.row?.reference || '',
    });
    const fee = feeOf(part.amountCents, feeBasisPoints(ctx.config));
    const recorded = await insertLedgerTransaction(
      tx.db,
      {
        formId: order.id,
        artistId: order.artistId,
        kind: 'payment',
        idempotencyKey: `payment:${order.id}:${part.index}`,
        partIndex: part.index,
        actorId: actor.id,
      },
      paymentPostings(part.amountCents, fee, provider.holdsFunds),
    );
    if (!recorded) return [];
    const seq = await nextInvoiceSeq(tx.db, order.artistId);
    await savePayment(tx.db, order.id, part.index, {
      confirmedAt: new Date(),
      reference: confirmed.reference || null,
      invoiceSeq: seq,
    });
    return recordAndTell(
      tx,
      actor,
      {
        formId: order.id,
        kind: 'confirmed',
        partIndex: part.index,
        amountCents: part.amountCents,
        note: confirmed.reference,
      },
      order.senderId,
      `${actor.login} confirmed your payment of ${formatUsd(fromCents(part.amountCents))} for “${order.cardTitle}”. Your invoice is on the order page`,
    );
  });
}

/** The artist records the refund of what is owed (off-platform: made outside, recorded here). */
export async function recordRefund(
  ctx: Pick<Deps, 'db' | 'hub' | 'log' | 'config' | 'bus'>,
  actor: Actor,
  input: { formId: number; reference: string },
): Promise<OrderMoney> {
  return moneyAction(ctx, actor, input.formId, async (tx, order, money) => {
    assertSide(order, 'artist', 'record a refund');
    // With Stripe a cancel refunds the card automatically (stripe-jobs.service.ts).
    if (paysByCard(ctx.config, order)) throw new AppError(409, 'refund_automatic', m.refundAutomatic);
    const owed = money.balances.refunds;
    if (owed <= 0) {
      if (money.refundedCents > 0) return []; // a repeat
      throw new AppError(400, 'no_refund_owed', m.noRefundOwed);
    }
    const refunded = await orderProvider(ctx.config, order).refund({
      formId: order.id,
      amountCents: owed,
      reference: input.reference,
    });
    const recorded = await insertLedgerTransaction(
      tx.db,
      {
        formId: order.id,
        artistId: order.artistId,
        kind: 'refund',
        idempotencyKey: `refund:${order.id}`,
        actorId: actor.id,
      },
      refundPostings(owed),
    );
    if (!recorded) return [];
    await insertCreditNote(tx.db, {
      formId: order.id,
      artistId: order.artistId,
      seq: await nextInvoiceSeq(tx.db, order.artistId),
      amountCents: owed,
    });
    return recordAndTell(
      tx,
      actor,
      {
        formId: order.id,
        kind: 'refunded',
        amountCents: owed,
        note: refunded.reference,
      },
      order.senderId,
      `${actor.login} refunded ${formatUsd(fromCents(owed))} for “${order.cardTitle}”`,
    );
  });
}

/** The artist chooses to start this order before the up-front payment is confirmed (or not). */
export async function setStartBeforePayment(
  ctx: Pick<Deps, 'db' | 'hub' | 'log' | 'config' | 'bus'>,
  actor: Actor,
  input: { formId: number; enabled: boolean },
): Promise<OrderMoney> {
  return moneyAction(ctx, actor, input.formId, async (tx, order) => {
    assertSide(order, 'artist', 'choose to start before payment');
    planOf(order);
    if (order.startBeforePayment === input.enabled) return [];
    await chooseStartBeforePayment(tx, actor, order.id, input.enabled);
    if (input.enabled) {
      await insertMoneyEvent(tx.db, { formId: order.id, kind: 'startBeforePayment', actorId: actor.id });
    }
    return [];
  });
}
