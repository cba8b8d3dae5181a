/**
 * The text of an uncompressed PDF written by pdfkit with a standard font (invoice.pdf.ts): each
 * `[...] TJ` is one run of text whose strings are hex in Windows-1252; kerning numbers between
 * them are dropped. Lines come back in the order they were drawn.
 */
export function pdfText(pdf: Buffer): string {
  const decoder = new TextDecoder('windows-1252');
  const runs = pdf.toString('latin1').match(/\[[^\]]*\]\s*TJ/g) ?? [];
  return runs
    .map((run) =>
      [...run.matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => decoder.decode(Buffer.from(h[1]!, 'hex'))).join(''),
    )
    .join('\n');
}
