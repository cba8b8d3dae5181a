import { describe, expect, it } from 'vitest';
import { createBusCache } from './bus-cache.ts';
import type { CacheBus } from './cache-bus.ts';

/** A bus whose contact with the other instances the test switches by hand. */
function fakeBus() {
  const resets: (() => void)[] = [];
  const bus = {
    live: true as boolean,
    publish: () => Promise.resolve(),
    on: () => () => {},
    onReset: (handler: () => void) => {
      resets.push(handler);
      return () => {};
    },
    ready: () => Promise.resolve(),
    close: () => Promise.resolve(),
  } satisfies CacheBus;
  const setLive = (live: boolean) => {
    bus.live = live;
    for (const reset of resets) reset();
  };
  return { bus, setLive };
}

describe('bus cache', () => {
  it('serves and stores nothing while the bus has lost the other instances, and forgets what it had', () => {
    const { bus, setLive } = fakeBus();
    const cache = createBusCache<{ v: number }>(bus, { max: 10, ttlMs: 60_000 });
    cache.store(cache.ticket(), 'a', { v: 1 });
    expect(cache.get('a')).toEqual({ v: 1 });

    setLive(false);
    expect(cache.get('a')).toBeUndefined();
    cache.store(cache.ticket(), 'b', { v: 2 });
    setLive(true);
    // Nothing from before the outage survives it: an invalidation may have been lost meanwhile.
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBeUndefined();
  });

  it('does not store a read that raced an invalidation', () => {
    const { bus, setLive } = fakeBus();
    const cache = createBusCache<{ v: number }>(bus, { max: 10, ttlMs: 60_000 });
    for (const invalidate of [
      () => cache.forget('other key'),
      () => cache.invalidate(() => false),
      () => cache.update(() => {}),
      () => {
        setLive(false);
        setLive(true);
      },
    ]) {
      const ticket = cache.ticket();
      invalidate(); // …while the value was being read from the database
      cache.store(ticket, 'k', { v: 1 });
      expect(cache.get('k')).toBeUndefined();
    }
    cache.store(cache.ticket(), 'k', { v: 2 });
    expect(cache.get('k')).toEqual({ v: 2 });
  });

  it('drops what it is told to, and edits in place', () => {
    const { bus } = fakeBus();
    const cache = createBusCache<{ v: number }>(bus, { max: 10, ttlMs: 60_000 });
    for (const [k, v] of [
      ['a', 1],
      ['b', 2],
      ['c', 3],
    ] as const)
      cache.store(cache.ticket(), k, { v });
    cache.forget('a');
    cache.invalidate((value) => value.v === 2);
    cache.update((value) => {
      value.v *= 10;
    });
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([undefined, undefined, { v: 30 }]);
  });

  it('never keeps an entry past a shorter life given with it (a session about to expire)', () => {
    const { bus } = fakeBus();
    const cache = createBusCache<{ v: number }>(bus, { max: 10, ttlMs: 60_000 });
    cache.store(cache.ticket(), 'expired', { v: 1 }, -5);
    expect(cache.get('expired')).toBeUndefined();
  });
});
