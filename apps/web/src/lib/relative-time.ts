import { formatDate } from './format-date.ts';

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** SPEC §9: after more than 4 days a date is shown instead. */
export const RELATIVE_DAYS_MAX = 4;

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'} ago`;

/**
 * SPEC §9 relative time: "now", then minutes, hours and days, and a date once the moment is
 * more than 4 days old. `short` gives "5m", "3h", "2d" for tight places. A moment in the future
 * (a clock a little ahead of ours) reads "now".
 */
export function relativeTime(
  at: string | Date,
  now: number = Date.now(),
  style: 'long' | 'short' = 'long',
): string {
  const time = typeof at === 'string' ? Date.parse(at) : at.getTime();
  const ago = Math.max(0, now - time);
  if (ago > RELATIVE_DAYS_MAX * DAY) return formatDate(new Date(time).toISOString());
  const short = style === 'short';
  if (ago < MINUTE) return 'now';
  if (ago < HOUR) {
    const m = Math.floor(ago / MINUTE);
    return short ? `${m}m` : plural(m, 'minute');
  }
  if (ago < DAY) {
    const h = Math.floor(ago / HOUR);
    return short ? `${h}h` : plural(h, 'hour');
  }
  const d = Math.floor(ago / DAY);
  return short ? `${d}d` : plural(d, 'day');
}
