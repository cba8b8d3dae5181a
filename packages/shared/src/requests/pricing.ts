import { toCents, fromCents } from '../cards/pricing.ts';
import {
  REQUEST_DEADLINE_MAX_DAYS,
  REQUEST_DEADLINE_MIN_DAYS,
  REQUEST_PRICE_MAX,
  REQUEST_PRICE_MIN,
} from './constants.ts';

/**
 * SPEC §5 "Prices: 0 to 10000; a minimum above the maximum is raised to the maximum, the maximum
 * is raised to at least the minimum; negative becomes 0."
 *
 * One price: not a number or negative becomes 0, above the cap becomes the cap, and it is kept
 * to whole cents (USD, like every price here).
 */
export function clampPrice(value: number): number {
  if (!Number.isFinite(value) || value < REQUEST_PRICE_MIN) return REQUEST_PRICE_MIN;
  return fromCents(toCents(Math.min(value, REQUEST_PRICE_MAX)));
}

/** Which bound the person just typed in; the server, which sees both at once, uses 'max'. */
export type PriceBound = 'min' | 'max';

/**
 * The price range as it is stored, and as the form shows it while the person types. The SPEC's
 * two sentences pull the two bounds together, and read literally both can only ever move the
 * bound that was just typed: the reading chosen (docs/decisions/0018-requests.md) is that the
 * bound being typed stops at the other one. Typing a minimum above the maximum moves the
 * minimum to the maximum; typing a maximum below the minimum moves the maximum up to the
 * minimum. The server sees both bounds at once and no typing, so it takes the second sentence,
 * the one about the maximum (`edited` 'max'): 500..100 is stored as 500..500. Either way the
 * stored minimum is never above the stored maximum.
 */
export function normalizePriceRange(
  range: { min: number; max: number },
  edited: PriceBound = 'max',
): { min: number; max: number } {
  const min = clampPrice(range.min);
  const max = clampPrice(range.max);
  if (min <= max) return { min, max };
  return edited === 'min' ? { min: max, max } : { min, max: min };
}

/** SPEC §5 deadline: whole days, at most 365 (and at least 1); not a number gives the floor. */
export function clampDeadline(days: number): number {
  if (!Number.isFinite(days)) return REQUEST_DEADLINE_MIN_DAYS;
  return Math.min(REQUEST_DEADLINE_MAX_DAYS, Math.max(REQUEST_DEADLINE_MIN_DAYS, Math.round(days)));
}

/**
 * A list's price filter (`minPrice`/`maxPrice` of `/api/artists` and `/api/requests/filter`), in
 * cents: the same reading as a stored range (normalizePriceRange), so one rule holds everywhere.
 * Each bound is clamped like a stored price; with both, a minimum above the maximum raises the
 * maximum to it. A bound not given stays null.
 */
export function priceFilterCents(
  min: number | undefined,
  max: number | undefined,
): { minCents: number | null; maxCents: number | null } {
  if (min !== undefined && max !== undefined) {
    const range = normalizePriceRange({ min, max });
    return { minCents: toCents(range.min), maxCents: toCents(range.max) };
  }
  return {
    minCents: min === undefined ? null : toCents(clampPrice(min)),
    maxCents: max === undefined ? null : toCents(clampPrice(max)),
  };
}
