/** A calendar date in the reader's locale, e.g. "21 Nov 2026". */
export function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' });
}

/** A date and time in the reader's locale, e.g. "21 Nov 2026, 14:05" (histories). */
export function formatDateTime(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}
