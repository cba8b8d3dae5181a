import { paymentMessages as m } from '@brushline/shared/payments/messages';
import { planParts } from '@brushline/shared/payments/plan';
import type { Deps } from '../../platform/deps.ts';
import { notFound } from '../../platform/errors.ts';
import type { Actor } from '../../platform/session.ts';
import { orderForMoney, type MoneyOrder } from '../orders/orders.service.ts';
import { renderInvoicePdf, type InvoiceDocument } from './invoice.pdf.ts';
import { findCreditNote, findInvoicedPart, findInvoiceSeqs } from './money-page.repo.ts';
import { orderProvider } from './payment-provider.rules.ts';
import { creditNoteNumber, invoiceNumber } from './payments.rules.ts';

/** "INV-ann-0003" / "CN-ann-0004": the kind, the artist's login and the sequence. */
const NUMBER = /^(INV|CN)-(.+)-(\d{4,9})$/;

/**
 * The order's lines as its page shows them: the starting price (what the total leaves after the
 * options: the form keeps only the total and the chosen options), then each chosen option.
 */
function orderLines(order: Pick<MoneyOrder, 'chosen' | 'totalPriceCents'>) {
  const options = order.chosen.flatMap((s) =>
    s.options.map((o) => ({ label: `${s.title}: ${o.option}`, cents: o.priceCents })),
  );
  const optionsCents = options.reduce((sum, o) => sum + o.cents, 0);
  return [{ label: 'Starting price', cents: Math.max(0, order.totalPriceCents - optionsCents) }, ...options];
}

/**
 * GET /comissionform/{id}/invoices/{number}.pdf: the invoice of a confirmed payment or the credit
 * note of a refund, for the order's two parties (staff read); anyone else gets 404 as for the
 * order, and a number the order does not have gets 404 invoiceNotFound.
 */
export async function invoicePdf(
  ctx: Pick<Deps, 'db' | 'config'>,
  actor: Actor,
  formId: number,
  number: string,
): Promise<{ filename: string; pdf: Buffer }> {
  const order = await orderForMoney(ctx, actor, formId);
  const parsed = NUMBER.exec(number);
  if (!order.paymentPlan || !parsed || parsed[2] !== order.artistLogin) throw notFound(m.invoiceNotFound);
  const seq = Number(parsed[3]);
  const isInvoice = parsed[1] === 'INV';
  // Only the exact spelling the order page links to ("INV-ann-0003", not "INV-ann-003").
  const canonical = (isInvoice ? invoiceNumber : creditNoteNumber)(order.artistLogin, seq);
  if (canonical !== number) throw notFound(m.invoiceNotFound);

  const base = {
    number: canonical,
    artist: { displayName: order.artistDisplayName, login: order.artistLogin },
    buyer: { displayName: order.senderDisplayName, login: order.senderLogin },
    formId: order.id,
    cardTitle: order.cardTitle,
    lines: orderLines(order),
    totalCents: order.totalPriceCents,
    providerNote: orderProvider(ctx.config, order).note,
  };
  let doc: InvoiceDocument;
  if (isInvoice) {
    const paid = await findInvoicedPart(ctx.db, order.id, seq);
    const part = paid && planParts(order.paymentPlan, order.totalPriceCents)[paid.partIndex];
    if (!paid || !part) throw notFound(m.invoiceNotFound);
    doc = {
      ...base,
      kind: 'invoice',
      date: paid.confirmedAt,
      part: {
        name: part.name,
        percent: part.percent,
        cents: paid.grossCents,
        feeCents: paid.feeCents,
        reference: paid.reference,
      },
    };
  } else {
    const note = await findCreditNote(ctx.db, order.id, order.artistId, seq);
    if (!note) throw notFound(m.invoiceNotFound);
    const invoices = (await findInvoiceSeqs(ctx.db, order.id)).map((r) =>
      invoiceNumber(order.artistLogin, r.seq!),
    );
    doc = {
      ...base,
      kind: 'creditNote',
      date: note.createdAt,
      refund: { cents: note.amountCents, invoices },
    };
  }
  return { filename: `${canonical}.pdf`, pdf: await renderInvoicePdf(doc) };
}
