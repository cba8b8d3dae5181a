import type { Reputation } from '@brushline/shared/reviews/schemas';
import { cacheTopic, defineBusCache, hear } from '../../platform/bus-cache.ts';
import type { CacheBus } from '../../platform/cache-bus.ts';

/**
 * People's records (GET reputation/{login}; decision 0023) by user id, for a minute. A review
 * written or hidden and an order that reaches done drop the records of the two parties on every
 * instance (cache bus); anything else that moves a figure (an answer to a new order) shows within
 * the minute.
 */
export const REPUTATION_TTL_MS = 60_000;

const reputationTopic = cacheTopic<{ userIds: string[] }>('reputation');

export const reputations = defineBusCache<Reputation>({
  name: 'reputations',
  max: 5000,
  ttlMs: REPUTATION_TTL_MS,
  hears: [hear(reputationTopic, (cache, m) => m.userIds.forEach((id) => cache.forget(id)))],
});

/** The records of `userIds` changed: every instance forgets them. */
export const reputationsChanged = (bus: CacheBus, userIds: string[]) =>
  reputationTopic.publish(bus, { userIds });
