import { relativeTime } from '../../lib/relative-time.ts';

/** "started 3 days ago", "accepted just now", "done on 2 Nov 2026". */
export function sinceText(word: string, iso: string): string {
  const at = relativeTime(iso);
  if (at === 'now') return `${word} just now`;
  // relativeTime says "3 days ago" up to 4 days, then a date.
  return /^\d+ (minute|hour|day)s? ago$/.test(at) ? `${word} ${at}` : `${word} on ${at}`;
}

/** "3 of 5 slots open", or that new requests join a waitlist. */
export function slotsText(slots: number | null, open: number | null): string | null {
  if (slots === null || open === null) return null;
  if (open === 0) return `No open slots right now (${slots} taken)`;
  return `${open} of ${slots} ${slots === 1 ? 'slot' : 'slots'} open`;
}
