import PDFDocument from 'pdfkit';
import { formatUsd, fromCents } from '@brushline/shared/cards/pricing';

/** What an invoice or a credit note says (amounts in cents). */
export interface InvoiceDocument {
  kind: 'invoice' | 'creditNote';
  number: string;
  date: Date;
  artist: { displayName: string; login: string };
  buyer: { displayName: string; login: string };
  formId: number;
  cardTitle: string;
  /** The order's lines: the starting price, then each chosen option; they add up to the total. */
  lines: { label: string; cents: number }[];
  totalCents: number;
  /** Invoice: the part of the price this payment is. */
  part?: { name: string; percent: number; cents: number; feeCents: number; reference: string | null };
  /** Credit note: what was refunded, and the invoices it credits. */
  refund?: { cents: number; invoices: string[] };
  providerNote: string;
}

const usd = (cents: number) => formatUsd(fromCents(cents));

/**
 * The standard PDF fonts cover Windows-1252 only: any other character is written as "?" rather
 * than as a wrong glyph (a Unicode font would have to ship with the server).
 */
const WIN_ANSI_EXTRA = '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ';
export const printable = (s: string) =>
  [...s]
    .map((ch) => {
      const code = ch.codePointAt(0)!;
      if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff)) return ch;
      return WIN_ANSI_EXTRA.includes(ch) ? ch : ch === '\n' ? ' ' : '?';
    })
    .join('');

/**
 * Renders the document as an A4 PDF (pdfkit's standard Helvetica). Not compressed: a page of text
 * stays a few kilobytes, and its text can be read back by tests and tools as it is.
 */
export function renderInvoicePdf(d: InvoiceDocument): Promise<Buffer> {
  const title = d.kind === 'invoice' ? 'Invoice' : 'Credit note';
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    compress: false,
    info: { Title: `${title} ${d.number}`, Author: printable(d.artist.displayName), Creator: 'Brushline' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const row = (label: string, amount: string, bold = false) => {
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(10);
    doc.text(printable(label), left, y, { width: width - 110 });
    const after = doc.y;
    doc.text(amount, left + width - 100, y, { width: 100, align: 'right' });
    doc.y = Math.max(after, doc.y);
    doc.x = left;
  };
  const heading = (text: string) => {
    doc.moveDown(0.8).font('Helvetica-Bold').fontSize(11).text(text, left);
    doc.moveDown(0.2);
  };

  doc.font('Helvetica-Bold').fontSize(20).text(`${title} ${d.number}`);
  doc
    .font('Helvetica')
    .fontSize(10)
    .text(`Date: ${d.date.toISOString().slice(0, 10)}`);
  doc.text(`Order: #${d.formId}, ${printable(d.cardTitle)}`);

  heading('From (artist)');
  doc
    .font('Helvetica')
    .fontSize(10)
    .text(`${printable(d.artist.displayName)} (@${d.artist.login})`);
  heading('To (buyer)');
  doc
    .font('Helvetica')
    .fontSize(10)
    .text(`${printable(d.buyer.displayName)} (@${d.buyer.login})`);

  heading('Order');
  for (const line of d.lines) row(line.label, usd(line.cents));
  row('Order total', usd(d.totalCents), true);

  if (d.part) {
    heading('This payment');
    row(`${d.part.name} (${d.part.percent}% of the total)`, usd(d.part.cents), true);
    row('Platform fee', usd(d.part.feeCents));
    row('Net to the artist', usd(d.part.cents - d.part.feeCents));
    if (d.part.reference) doc.text(`Reference: ${printable(d.part.reference)}`, left);
  }
  if (d.refund) {
    heading('Refund');
    row('Refunded to the buyer', usd(d.refund.cents), true);
    if (d.refund.invoices.length > 0) doc.text(`Credits: ${d.refund.invoices.join(', ')}`, left);
  }

  doc.moveDown(1.5).font('Helvetica').fontSize(8).fillColor('#444444');
  doc.text(printable(d.providerNote), left, doc.y, { width });
  doc.text('All amounts in USD.', left);
  doc.end();
  return done;
}
