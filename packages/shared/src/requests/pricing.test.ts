import { describe, expect, it } from 'vitest';
import { REQUEST_DEADLINE_MAX_DAYS, REQUEST_PRICE_MAX } from './constants.ts';
import {
  clampDeadline,
  clampPrice,
  normalizePriceRange,
  priceFilterCents,
  type PriceBound,
} from './pricing.ts';

describe('SPEC §5 prices', () => {
  it.each([
    [-1, 0],
    [-0.01, 0],
    [0, 0],
    [12.345, 12.35],
    [REQUEST_PRICE_MAX, REQUEST_PRICE_MAX],
    [REQUEST_PRICE_MAX + 0.01, REQUEST_PRICE_MAX],
    [Number.NaN, 0],
    [Number.POSITIVE_INFINITY, 0],
  ])('clampPrice(%s) = %s', (input, stored) => expect(clampPrice(input)).toBe(stored));

  const table: [min: number, max: number, edited: PriceBound, stored: [number, number]][] = [
    [10, 20, 'max', [10, 20]],
    [10, 20, 'min', [10, 20]],
    // The server (edited 'max'): a minimum above the maximum raises the maximum to it.
    [500, 100, 'max', [500, 500]],
    // Typing a minimum above the maximum stops it at the maximum.
    [500, 100, 'min', [100, 100]],
    [-5, -10, 'max', [0, 0]],
    [20_000, 5, 'max', [REQUEST_PRICE_MAX, REQUEST_PRICE_MAX]],
    [20_000, 5, 'min', [5, 5]],
    [3, 20_000, 'max', [3, REQUEST_PRICE_MAX]],
  ];
  it.each(table)('normalizePriceRange(%s, %s, %s) = %j', (min, max, edited, [sMin, sMax]) => {
    const r = normalizePriceRange({ min, max }, edited);
    expect([r.min, r.max]).toEqual([sMin, sMax]);
    expect(r.min).toBeLessThanOrEqual(r.max);
  });

  it('never gives a minimum above the maximum, whatever comes in', () => {
    const values = [-100, -1, 0, 0.5, 1, 99.99, 5000, 9999.99, 10_000, 10_001, 1e9, Number.NaN];
    for (const min of values)
      for (const max of values)
        for (const edited of ['min', 'max'] as const) {
          const r = normalizePriceRange({ min, max }, edited);
          expect(r.min <= r.max && r.min >= 0 && r.max <= REQUEST_PRICE_MAX).toBe(true);
        }
  });
});

describe('SPEC §5 deadline', () => {
  it.each([
    [0, 1],
    [-4, 1],
    [1, 1],
    [30, 30],
    [7.6, 8],
    [REQUEST_DEADLINE_MAX_DAYS, REQUEST_DEADLINE_MAX_DAYS],
    [REQUEST_DEADLINE_MAX_DAYS + 1, REQUEST_DEADLINE_MAX_DAYS],
    [Number.NaN, 1],
  ])('clampDeadline(%s) = %s', (input, stored) => expect(clampDeadline(input)).toBe(stored));
});

describe('a list’s price filter reads like a stored range', () => {
  it('clamps each bound, keeps a missing one missing, and raises a maximum below the minimum', () => {
    expect(priceFilterCents(undefined, undefined)).toEqual({ minCents: null, maxCents: null });
    expect(priceFilterCents(10, 60.5)).toEqual({ minCents: 1000, maxCents: 6050 });
    expect(priceFilterCents(-5, undefined)).toEqual({ minCents: 0, maxCents: null });
    expect(priceFilterCents(undefined, REQUEST_PRICE_MAX * 3)).toEqual({
      minCents: null,
      maxCents: REQUEST_PRICE_MAX * 100,
    });
    // As normalizePriceRange stores 500..15: the maximum is raised to the minimum.
    expect(priceFilterCents(500, 15)).toEqual({ minCents: 50_000, maxCents: 50_000 });
    const stored = normalizePriceRange({ min: 500, max: 15 });
    expect(priceFilterCents(500, 15)).toEqual({ minCents: stored.min * 100, maxCents: stored.max * 100 });
  });
});
