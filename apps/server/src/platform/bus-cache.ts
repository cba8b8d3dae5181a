import { LRUCache } from 'lru-cache';
import type { CacheBus } from './cache-bus.ts';

/**
 * The one cache primitive of the server (docs/caches.md lists every cache built on it): an
 * in-memory LRU per app instance whose entries the cache bus keeps honest
 * (docs/decisions/0006-feed-speed.md):
 * - nothing is served or stored while the bus is not live (another instance's invalidation could
 *   be lost);
 * - a value read from the database is stored only if nothing was invalidated while it was being
 *   read (`load`, or `ticket()` before the read and `store(ticket, …)` after), so a read that raced
 *   a write cannot put the old state back after the write's invalidation;
 * - readers of the same missing key share one read (`load`); a reader that arrives after an
 *   invalidation starts its own.
 *
 * A cache is declared once with `defineBusCache` (its size, lifetime and the topics it hears) and
 * reached with the app's bus: one cache per bus, so two apps in one process (tests) behave as two
 * servers.
 */
export interface BusCache<V extends object> {
  get(key: string): V | undefined;
  /**
   * The cached value of `key`, or `read`'s answer, stored for the next readers unless something was
   * invalidated while it ran (a null answer is not stored). Concurrent readers of one key share one
   * read; while the bus is not live every reader reads for itself. `ttlMs` may shorten the life of
   * what is stored (a session about to expire).
   */
  load<R extends V | null>(
    key: string,
    read: () => Promise<R>,
    opts?: { ttlMs?: (value: V) => number },
  ): Promise<R>;
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

/** A cache bus topic: a name, and the messages its publishers send and its caches hear. */
export interface CacheTopic<M> {
  readonly name: string;
  /** Applies `message` on this instance at once, then tells the others (CacheBus.publish). */
  publish(bus: CacheBus, message: M): Promise<void>;
}

export const cacheTopic = <M>(name: string): CacheTopic<M> => ({
  name,
  publish: (bus, message) => bus.publish(name, message),
});

/** What a cache does with a message on one topic (made by `hear`). */
export interface Hearing<V extends object> {
  topic: string;
  apply(cache: BusCache<V>, message: unknown): void;
}

/** `cache` hears `topic`: `apply` decides what a message does; by default every entry is dropped. */
export const hear = <V extends object, M>(
  topic: CacheTopic<M>,
  apply: (cache: BusCache<V>, message: M) => void = (cache) => cache.invalidate(),
): Hearing<V> => ({ topic: topic.name, apply: (cache, message) => apply(cache, message as M) });

/** One `make(bus)` per bus: the registry every per-instance cache and index is kept in. */
export function perBus<T>(make: (bus: CacheBus) => T): (bus: CacheBus) => T {
  const made = new WeakMap<CacheBus, T>();
  return (bus) => {
    let value = made.get(bus);
    if (value === undefined) {
      value = make(bus);
      made.set(bus, value);
    }
    return value;
  };
}

/**
 * Loads in flight by key, shared by the callers that ask for a key while it loads with the same
 * `ticket` (a cache's generation): a caller with a newer ticket (something was invalidated since
 * the load began) starts its own load instead of sharing an old one.
 */
export class SingleFlight<T> {
  private readonly flights = new Map<string, { ticket: number; promise: Promise<T> }>();

  run(key: string, ticket: number, load: () => Promise<T>): Promise<T> {
    const running = this.flights.get(key);
    if (running && running.ticket === ticket) return running.promise;
    const flight = {
      ticket,
      promise: new Promise<T>((resolve) => resolve(load())).finally(() => {
        if (this.flights.get(key) === flight) this.flights.delete(key);
      }),
    };
    this.flights.set(key, flight);
    return flight.promise;
  }
}

export interface BusCacheSpec<V extends object> {
  /** What the cache keeps, as docs/caches.md names it. */
  name: string;
  max: number;
  ttlMs: number;
  /** The topics the cache hears and what their messages do (`hear`). */
  hears: Hearing<V>[];
}

/**
 * Declares a cache: answers the function that gives an app's instance of it (one per bus), which
 * from its first use hears the spec's topics and forgets everything when the bus loses or regains
 * the other instances.
 */
export function defineBusCache<V extends object>(spec: BusCacheSpec<V>): (bus: CacheBus) => BusCache<V> {
  return perBus((bus) => {
    const cache = createBusCache<V>(bus, spec);
    for (const hearing of spec.hears) bus.on(hearing.topic, (message) => hearing.apply(cache, message));
    return cache;
  });
}

/** A cache on `bus` that hears no topic by itself (defineBusCache is the way in; tests use this). */
export function createBusCache<V extends object>(
  bus: CacheBus,
  opts: { max: number; ttlMs: number },
): BusCache<V> {
  const lru = new LRUCache<string, V>({ max: opts.max, ttl: opts.ttlMs });
  const flights = new SingleFlight<V | null>();
  let generation = 0;
  const invalidate = (drop?: (value: V, key: string) => boolean) => {
    generation += 1;
    if (!drop) return lru.clear();
    for (const [key, value] of lru.entries()) if (drop(value, key)) lru.delete(key);
  };
  const store = (ticket: number, key: string, value: V, ttlMs?: number) => {
    if (!bus.live || ticket !== generation || (ttlMs !== undefined && ttlMs <= 0)) return;
    lru.set(key, value, ttlMs === undefined ? undefined : { ttl: Math.min(ttlMs, opts.ttlMs) });
  };
  bus.onReset(() => invalidate());
  return {
    get: (key) => (bus.live ? lru.get(key) : undefined),
    load<R extends V | null>(
      key: string,
      read: () => Promise<R>,
      loadOpts?: { ttlMs?: (value: V) => number },
    ): Promise<R> {
      if (!bus.live) return read();
      const hit = lru.get(key);
      if (hit) return Promise.resolve(hit as R);
      const ticket = generation;
      return flights.run(key, ticket, async () => {
        const value = await read();
        if (value) store(ticket, key, value, loadOpts?.ttlMs?.(value));
        return value;
      }) as Promise<R>;
    },
    ticket: () => generation,
    store,
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
