import { createAdapter } from '@socket.io/redis-adapter';
import type { Redis } from 'ioredis';
import type { Server } from 'socket.io';
import type { RedisConnection } from './redis.ts';

/**
 * The hub's rooms across instances: Socket.IO's Redis adapter on two connections of their own
 * (one publishes, one subscribes), so `toUser` reaches a user wherever they are connected.
 */
export function attachRedisAdapter(
  // Any Socket.IO server: the adapter does not care about the event maps.
  io: Pick<Server, 'adapter'>,
  redis: RedisConnection,
  /** Redis channel prefix: every instance of one deployment uses the same. */
  channel = 'brushline-hub',
): { close: () => Promise<void> } {
  const pub = redis.duplicate();
  // The adapter subscribes as it is built, maybe before Redis is reachable, and never handles a
  // failure: those few commands wait for the connection (queued, no retry cap, no timeout).
  const sub = redis.duplicate({
    enableOfflineQueue: true,
    // A subscriber connection sends (p)subscribe only: nothing to batch.
    enableAutoPipelining: false,
    maxRetriesPerRequest: null,
    commandTimeout: undefined,
  });
  // The adapter publishes and never looks at the result: while Redis is down (no offline queue)
  // each publish fails at once, and unhandled that would end the process. Delivery on this
  // instance goes on regardless; the outage is logged once by the connection's watch.
  const publish = pub.publish.bind(pub);
  pub.publish = (name: string, message: string) => {
    const sent = publish(name, message);
    sent.catch(() => undefined);
    return sent;
  };
  io.adapter(createAdapter(pub, sub, { key: channel, requestsTimeout: 2000 }));
  return { close: () => Promise.all([pub, sub].map(quitSoon)).then(() => undefined) };
}

/** QUIT lets queued publishes go out; an unreachable Redis must not hold the shutdown up. */
async function quitSoon(client: Redis): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, 1000);
  });
  await Promise.race([
    client.quit().then(
      () => undefined,
      () => undefined,
    ),
    late,
  ]);
  clearTimeout(timer);
  client.disconnect();
}
