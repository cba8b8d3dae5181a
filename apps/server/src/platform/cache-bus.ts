import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

/**
 * How the instances of one deployment tell each other "what you cached about X is out of date"
 * (docs/decisions/0006-feed-speed.md). A message is applied on this instance at once, then
 * published over Redis when REDIS_URL is set. Caches built on the bus serve nothing while it is not
 * `live` (Redis unreachable): a message lost in that time can then never leave a stale entry behind.
 */
export interface CacheBus {
  /** Whether invalidations from every instance reach this one now. Always true without Redis. */
  readonly live: boolean;
  /** Applies the message here, then tells the other instances (waits briefly for Redis to take it). */
  publish(topic: string, message: unknown): Promise<void>;
  /** Calls `handler` for every message on `topic`, from any instance; answers an unsubscribe. */
  on(topic: string, handler: (message: unknown) => void): () => void;
  /** Calls `handler` whenever contact with the other instances is lost or regained. */
  onReset(handler: () => void): () => void;
  /** Resolves once the bus is live, or after a second when Redis does not answer (start-up). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A logout's message should be with every instance before the logout answers, but a Redis that
 * does not answer must not hold the request: other instances then lost Redis too and serve nothing
 * from their caches, and the caches' short TTL bounds the rest.
 */
const PUBLISH_WAIT_MS = 250;
const READY_WAIT_MS = 1000;

/** Resolves with `work`, or after `ms` if it has not settled by then; never rejects. */
async function atMost(work: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    work.catch(() => undefined),
    new Promise((resolve) => {
      timer = setTimeout(resolve, ms);
    }),
  ]);
  clearTimeout(timer);
}

/** Without Redis, apps in one process that share a database handle (tests) share a bus. */
const localBuses = new WeakMap<object, EventEmitter>();

interface Envelope {
  from: string;
  topic: string;
  message: unknown;
}

export function createCacheBus(opts: {
  redis?: Redis;
  /** Redis channel of one deployment. */
  channel: string;
  /** Without Redis: the database handle, so apps sharing it hear each other. */
  scope: object;
  log: FastifyBaseLogger;
}): CacheBus {
  const self = randomUUID();
  const handlers = new EventEmitter();
  handlers.setMaxListeners(0);
  const RESET = Symbol('reset');
  const LIVE = Symbol('live');
  const deliver = (topic: string, message: unknown) => handlers.emit(topic, message);
  const listen = (event: string | symbol, fn: (message: unknown) => void) => {
    handlers.on(event, fn);
    return () => void handlers.off(event, fn);
  };

  if (!opts.redis) {
    let shared = localBuses.get(opts.scope);
    if (!shared) {
      shared = new EventEmitter();
      shared.setMaxListeners(0);
      localBuses.set(opts.scope, shared);
    }
    const bus = shared;
    const relay = (e: Envelope) => deliver(e.topic, e.message);
    bus.on('message', relay);
    return {
      live: true,
      publish: (topic, message) => {
        bus.emit('message', { from: self, topic, message } satisfies Envelope);
        return Promise.resolve();
      },
      on: (topic, handler) => listen(topic, handler),
      onReset: (handler) => listen(RESET, handler),
      ready: () => Promise.resolve(),
      close: () => {
        bus.off('message', relay);
        return Promise.resolve();
      },
    };
  }

  const redis = opts.redis;
  // A subscribed connection can do nothing else; resubscribing by hand tells us when it took effect.
  const sub = redis.duplicate({ autoResubscribe: false, lazyConnect: false });
  let live = false;
  let outageLogged = false;
  let publishFailureLogged = false;
  const setLive = (next: boolean) => {
    if (next === live) return;
    live = next;
    handlers.emit(RESET);
    if (next) handlers.emit(LIVE);
    if (!next && !outageLogged) {
      outageLogged = true;
      // Debug only: the Redis connection's own watch logs the outage once (platform/redis.ts).
      opts.log.debug('cache bus: lost Redis; caches are bypassed until it is back');
    }
    if (next && outageLogged) {
      outageLogged = false;
      opts.log.debug('cache bus: Redis is back; caches are in use again');
    }
  };
  sub.on('ready', () => {
    sub.subscribe(opts.channel).then(
      () => setLive(true),
      () => setLive(false),
    );
  });
  for (const event of ['close', 'reconnecting', 'end']) sub.on(event, () => setLive(false));
  // Logged once per outage by setLive; without a listener ioredis would print every retry.
  sub.on('error', () => setLive(false));
  sub.on('message', (channel: string, raw: string) => {
    if (channel !== opts.channel) return;
    let envelope: Envelope;
    try {
      envelope = JSON.parse(raw) as Envelope;
    } catch {
      return;
    }
    if (envelope.from !== self) deliver(envelope.topic, envelope.message);
  });

  return {
    get live() {
      return live;
    },
    async publish(topic, message) {
      deliver(topic, message);
      const envelope: Envelope = { from: self, topic, message };
      const sent = redis.publish(opts.channel, JSON.stringify(envelope)).then(
        () => {
          publishFailureLogged = false;
        },
        (err: unknown) => {
          // While the bus is down the Redis outage is logged already (once, platform/redis.ts).
          if (publishFailureLogged || !live) return;
          publishFailureLogged = true;
          opts.log.warn({ err }, 'cache bus: could not publish; other instances rely on their cache TTL');
        },
      );
      await atMost(sent, PUBLISH_WAIT_MS);
    },
    on: (topic, handler) => listen(topic, handler),
    onReset: (handler) => listen(RESET, handler),
    ready: () =>
      live
        ? Promise.resolve()
        : atMost(new Promise((resolve) => handlers.once(LIVE, resolve)), READY_WAIT_MS),
    async close() {
      live = false;
      sub.removeAllListeners('ready');
      await atMost(sub.quit(), 1000);
      sub.disconnect();
    },
  };
}
