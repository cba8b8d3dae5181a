import { describe, expect, it } from 'vitest';
import { cacheTopic, createBusCache, defineBusCache, hear, SingleFlight } from './bus-cache.ts';
import type { CacheBus } from './cache-bus.ts';

/** A bus whose contact with the other instances the test switches by hand. */
function fakeBus() {
  const resets: (() => void)[] = [];
  const handlers = new Map<string, ((message: unknown) => void)[]>();
  const bus = {
    live: true as boolean,
    publish: (topic: string, message: unknown) => {
      for (const handler of handlers.get(topic) ?? []) handler(message);
      return Promise.resolve();
    },
    on: (topic: string, handler: (message: unknown) => void) => {
      handlers.set(topic, [...(handlers.get(topic) ?? []), handler]);
      return () => {};
    },
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

/** A read the test finishes by hand, counting how often it was started. */
function gatedRead<V>(value: V) {
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const read = {
    started: 0,
    run: async () => {
      read.started += 1;
      await gate;
      return value;
    },
    release: () => release(),
  };
  return read;
}

describe('bus cache load (the one single flight)', () => {
  it('readers of one missing key share one read, and the next reader is served what it stored', async () => {
    const { bus } = fakeBus();
    const cache = createBusCache<{ v: number }>(bus, { max: 10, ttlMs: 60_000 });
    const read = gatedRead({ v: 1 });
    const answers = Promise.all([
      cache.load('k', read.run),
      cache.load('k', read.run),
      cache.load('k', read.run),
    ]);
    read.release();
    expect(await answers).toEqual([{ v: 1 }, { v: 1 }, { v: 1 }]);
    expect(read.started).toBe(1);
    expect(await cache.load('k', () => Promise.reject(new Error('not read again')))).toEqual({ v: 1 });
  });

  it('does not store, nor share with later readers, a read that raced an invalidation', async () => {
    const { bus } = fakeBus();
    const cache = createBusCache<{ v: number }>(bus, { max: 10, ttlMs: 60_000 });
    const old = gatedRead({ v: 1 });
    const before = cache.load('k', old.run);
    cache.invalidate(); // a write committed while the old state was being read
    const fresh = gatedRead({ v: 2 });
    const after = cache.load('k', fresh.run);
    expect(fresh.started).toBe(1); // its own read, not the old one
    old.release();
    expect(await before).toEqual({ v: 1 });
    expect(cache.get('k')).toBeUndefined();
    fresh.release();
    expect(await after).toEqual({ v: 2 });
    expect(cache.get('k')).toEqual({ v: 2 });
  });

  it('serves nothing and shares nothing while the bus is not live', async () => {
    const { bus, setLive } = fakeBus();
    const cache = createBusCache<{ v: number }>(bus, { max: 10, ttlMs: 60_000 });
    await cache.load('k', () => Promise.resolve({ v: 1 }));
    setLive(false);
    const read = gatedRead({ v: 2 });
    const answers = Promise.all([cache.load('k', read.run), cache.load('k', read.run)]);
    read.release();
    expect(await answers).toEqual([{ v: 2 }, { v: 2 }]);
    expect(read.started).toBe(2);
    setLive(true);
    expect(cache.get('k')).toBeUndefined();
  });

  it('stores no null answer, and a failed read is not shared with the next reader', async () => {
    const { bus } = fakeBus();
    const cache = createBusCache<{ v: number }>(bus, { max: 10, ttlMs: 60_000 });
    expect(await cache.load('none', () => Promise.resolve(null))).toBeNull();
    expect(cache.get('none')).toBeUndefined();
    await expect(cache.load('k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.load('k', () => Promise.resolve({ v: 3 }))).toEqual({ v: 3 });
  });

  it('keeps a loaded value no longer than the life its loader gives it', async () => {
    const { bus } = fakeBus();
    const cache = createBusCache<{ v: number }>(bus, { max: 10, ttlMs: 60_000 });
    await cache.load('k', () => Promise.resolve({ v: 1 }), { ttlMs: () => 0 });
    expect(cache.get('k')).toBeUndefined();
  });
});

describe('SingleFlight', () => {
  it('shares a load only between callers with the same ticket', async () => {
    const flights = new SingleFlight<number>();
    let loads = 0;
    const load = () => Promise.resolve((loads += 1));
    const [a, b, c] = await Promise.all([
      flights.run('k', 1, load),
      flights.run('k', 1, load),
      flights.run('k', 2, load),
    ]);
    expect([a, b, c, loads]).toEqual([1, 1, 2, 2]);
  });
});

describe('defineBusCache', () => {
  it('is one cache per bus, and applies the messages of the topics it hears', async () => {
    const topic = cacheTopic<{ drop: string } | { all: true }>('test-topic');
    const cacheOf = defineBusCache<{ v: number }>({
      name: 'test',
      max: 10,
      ttlMs: 60_000,
      hears: [
        hear(topic, (cache, m) => {
          if ('drop' in m) cache.forget(m.drop);
          else cache.invalidate();
        }),
      ],
    });
    const one = fakeBus().bus;
    const two = fakeBus().bus;
    expect(cacheOf(one)).toBe(cacheOf(one));
    expect(cacheOf(one)).not.toBe(cacheOf(two));
    for (const k of ['a', 'b']) await cacheOf(one).load(k, () => Promise.resolve({ v: 1 }));
    await cacheOf(two).load('a', () => Promise.resolve({ v: 2 }));
    await topic.publish(one, { drop: 'a' });
    expect([cacheOf(one).get('a'), cacheOf(one).get('b'), cacheOf(two).get('a')]).toEqual([
      undefined,
      { v: 1 },
      { v: 2 },
    ]);
    await topic.publish(one, { all: true });
    expect(cacheOf(one).get('b')).toBeUndefined();
  });
});
