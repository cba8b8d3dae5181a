import { LRUCache } from 'lru-cache';
import type { CacheBus } from './cache-bus.ts';

/**
 * An in-memory LRU whose entries the cache bus keeps honest (docs/decisions/0006-feed-speed.md):
 * - nothing is served or stored while the bus is not live (another instance's invalidation could
 *   be lost);
 * - a value read from the database is stored only if nothing was invalidated while it was being
 *   read (`ticket()` before the read, `store(ticket, …)` after), so a read that raced a write
 *   cannot put the old state back after the write's invalidation.
 */
export interface BusCache<V extends object> {
  get(key: string): V | undefined;
  ticket(): number;
  /** Stores unless something was invalidated since `ticket`; `ttlMs` may shorten the default. */
  store(ticket: number, key: string, value: V, ttlMs?: number): void;
  /** Drops one entry, and any read in flight. */
  forget(key: string): void;
  /** Drops the entries `drop` picks (all when absent), and any read in flight. */
  invalidate(drop?: (value: V, key: string) => boolean): void;
  /** Lets `change` edit entries in place (a counter), and refuses reads in flight. */
  update(change: (value: V, key: string) => void): void;
}

export function createBusCache<V extends object>(
  bus: CacheBus,
  opts: { max: number; ttlMs: number },
): BusCache<V> {
  const lru = new LRUCache<string, V>({ max: opts.max, ttl: opts.ttlMs });
  let generation = 0;
  const invalidate = (drop?: (value: V, key: string) => boolean) => {
    generation += 1;
    if (!drop) return lru.clear();
    for (const [key, value] of lru.entries()) if (drop(value, key)) lru.delete(key);
  };
  bus.onReset(() => invalidate());
  return {
    get: (key) => (bus.live ? lru.get(key) : undefined),
    ticket: () => generation,
    store(ticket, key, value, ttlMs) {
      if (!bus.live || ticket !== generation || (ttlMs !== undefined && ttlMs <= 0)) return;
      lru.set(key, value, ttlMs === undefined ? undefined : { ttl: Math.min(ttlMs, opts.ttlMs) });
    },
    forget(key) {
      generation += 1;
      lru.delete(key);
    },
    invalidate,
    update(change) {
      generation += 1;
      for (const [key, value] of lru.entries()) change(value, key);
    },
  };
}
