import type { MoneyOverview } from '@brushline/shared/payments/overview';
import { cacheTopic, defineBusCache, hear } from '../../platform/bus-cache.ts';
import type { CacheBus } from '../../platform/cache-bus.ts';

/**
 * GET /crm/money by viewer (and whether they read it as an artist), for ten seconds. A money
 * action on an order and a move of the order drop both parties' overviews on every instance
 * (cache bus); what changes with time alone (a part coming due when a work in progress is shared,
 * the "due soon" window, the month's start) shows within the ten seconds.
 */
export const MONEY_OVERVIEW_TTL_MS = 10_000;

const moneyTopic = cacheTopic<{ userIds: string[] }>('money');

export const moneyOverviews = defineBusCache<MoneyOverview>({
  name: 'money-overviews',
  max: 2000,
  ttlMs: MONEY_OVERVIEW_TTL_MS,
  hears: [
    hear(moneyTopic, (cache, m) =>
      m.userIds.forEach((id) => {
        cache.forget(`${id}|artist`);
        cache.forget(`${id}|buyer`);
      }),
    ),
  ],
});

export const moneyOverviewKey = (userId: string, asArtist: boolean) =>
  `${userId}|${asArtist ? 'artist' : 'buyer'}`;

/** The money of `userIds` changed: every instance forgets their overviews. */
export const moneyOverviewsChanged = (bus: CacheBus, userIds: string[]) =>
  moneyTopic.publish(bus, { userIds });
