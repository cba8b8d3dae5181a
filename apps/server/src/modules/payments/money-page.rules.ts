/** The money page's pure pieces: the month it counts, and CSV cells. */

/** The first instant of `now`'s UTC calendar month ("received this month"). */
export const monthStart = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));

/** Cells a spreadsheet would run as a formula start with one of these; such text gets a leading '. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV cell (RFC 4180): text is kept from running as a formula, then quoted when it must be. */
export function csvCell(value: string | number): string {
  let text = typeof value === 'number' ? value.toFixed(2) : value;
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
