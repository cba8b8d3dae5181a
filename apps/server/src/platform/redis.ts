import type { FastifyBaseLogger } from 'fastify';
import { Redis, type RedisOptions } from 'ioredis';
import { createOutageWatch, type OutageWatch } from './outage.ts';

/**
 * The Redis connections of one instance (REDIS_URL) and their outages
 * (docs/decisions/0011-hardening.md). While Redis is unreachable nothing waits for it: commands
 * fail at once (no offline queue), rate limits fall back to this instance's memory (insurance
 * limiters), caches are bypassed (cache bus), real time is delivered by this instance only, and
 * health says "degraded". Every client has an error listener; the outage is logged once when it
 * starts and once when Redis is back.
 */
export interface RedisConnection {
  /** Commands: rate limits, cache-bus publishes. */
  client: Redis;
  watch: OutageWatch;
  /** Another connection for pub/sub with the same settings and the same outage watch. */
  duplicate(overrides?: Partial<RedisOptions>): Redis;
  /** Whether Redis answers now (health): a PING within the command timeout. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

/** A command Redis does not answer (a stopped or overloaded server) fails after this long. */
export const REDIS_COMMAND_TIMEOUT_MS = 500;
/**
 * How often a connected instance checks that Redis still answers. A Redis that keeps its
 * connections open but stops answering (stopped, swapping) raises no event: the heartbeat's timeout
 * is what marks the outage, and then rate limits skip Redis instead of waiting on every command.
 */
export const REDIS_HEARTBEAT_MS = 1000;

export const redisOptions: RedisOptions = {
  lazyConnect: false,
  // A command while disconnected fails at once instead of waiting in memory for a reconnect: the
  // callers all have a fallback, and stale publishes must not be replayed when Redis returns.
  enableOfflineQueue: false,
  maxRetriesPerRequest: 1,
  commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
  connectTimeout: 2000,
  // Commands issued in the same tick go out in one write (a chat send's two rate limits, the
  // publishes after it): on a busy machine each socket write is what costs (decision 0016).
  enableAutoPipelining: true,
  // Reconnect forever, backing off to once every 2 s.
  retryStrategy: (times: number) => Math.min(times * 200, 2000),
};

export function connectRedis(url: string, log: FastifyBaseLogger): RedisConnection {
  let closing = false;
  const watch = createOutageWatch({
    name: 'redis',
    log,
    // Only called with errors of these clients: each of them means Redis is out of reach.
    isOutage: () => !closing,
    meanwhile:
      "rate limits count in this instance's memory, caches are bypassed and real time reaches this instance's sockets only, until it is back",
  });
  const clients: Redis[] = [];
  const watched = (client: Redis) => {
    clients.push(client);
    // Without a listener ioredis prints "Unhandled error event" on every reconnect attempt.
    client.on('error', (err: unknown) => {
      if (!closing) watch.fail(err);
    });
    return client;
  };
  const client = watched(new Redis(url, redisOptions));
  // Redis is back once the command connection is ready again (the others reconnect alike).
  client.on('ready', () => watch.recover());
  client.on('close', () => {
    if (!closing) watch.fail(new Error('connection closed'));
  });
  const heartbeat = setInterval(() => {
    if (closing || client.status !== 'ready') return;
    client.ping().then(
      () => watch.recover(),
      (err: unknown) => {
        if (!closing) watch.fail(err);
      },
    );
  }, REDIS_HEARTBEAT_MS);
  heartbeat.unref();

  return {
    client,
    watch,
    duplicate: (overrides = {}) => watched(client.duplicate(overrides)),
    async ping() {
      if (client.status !== 'ready') return false;
      try {
        await client.ping();
        return true;
      } catch (err) {
        watch.fail(err);
        return false;
      }
    },
    async close() {
      closing = true;
      clearInterval(heartbeat);
      watch.close();
      await Promise.all(
        clients.map(async (c) => {
          let timer: NodeJS.Timeout | undefined;
          await Promise.race([
            c.quit().catch(() => undefined),
            new Promise((resolve) => {
              timer = setTimeout(resolve, 1000);
            }),
          ]);
          clearTimeout(timer);
          c.disconnect();
        }),
      );
    },
  };
}
