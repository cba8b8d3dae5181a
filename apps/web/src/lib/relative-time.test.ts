import { describe, expect, it } from 'vitest';
import { formatDate } from './format-date.ts';
import { relativeTime } from './relative-time.ts';

const now = Date.parse('2026-03-10T12:00:00Z');
const ago = (ms: number) => new Date(now - ms).toISOString();
const s = 1000;
const m = 60 * s;
const h = 60 * m;
const d = 24 * h;

describe('relativeTime', () => {
  it('says "now" under a minute, and for moments slightly in the future', () => {
    expect(relativeTime(ago(0), now)).toBe('now');
    expect(relativeTime(ago(59 * s), now)).toBe('now');
    expect(relativeTime(ago(-30 * s), now)).toBe('now');
  });

  it('counts minutes, then hours, then days, in long and short style', () => {
    expect(relativeTime(ago(m), now)).toBe('1 minute ago');
    expect(relativeTime(ago(5 * m + 30 * s), now)).toBe('5 minutes ago');
    expect(relativeTime(ago(5 * m), now, 'short')).toBe('5m');
    expect(relativeTime(ago(59 * m), now)).toBe('59 minutes ago');
    expect(relativeTime(ago(h), now)).toBe('1 hour ago');
    expect(relativeTime(ago(23 * h + 59 * m), now, 'short')).toBe('23h');
    expect(relativeTime(ago(d), now)).toBe('1 day ago');
    expect(relativeTime(ago(3 * d), now, 'short')).toBe('3d');
    expect(relativeTime(ago(4 * d), now)).toBe('4 days ago');
  });

  it('shows a date once the moment is more than 4 days old', () => {
    const old = ago(4 * d + m);
    expect(relativeTime(old, now)).toBe(formatDate(old));
    expect(relativeTime(old, now, 'short')).toBe(formatDate(old));
    expect(relativeTime(new Date(now - 30 * d), now)).toBe(formatDate(ago(30 * d)));
  });
});
