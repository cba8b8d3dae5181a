import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { NotificationPage, UnreadCount } from '@brushline/shared/notifications/schemas';
import { api } from '../../../lib/api-client.ts';

/** Every notifications query key; the hub's NotificationRecieved invalidates `all`. */
export const notificationKeys = {
  all: ['notifications'] as const,
  unreadCount: () => [...notificationKeys.all, 'unread-count'] as const,
  latest: () => [...notificationKeys.all, 'latest'] as const,
  list: () => [...notificationKeys.all, 'list'] as const,
};

/** New ones arrive over the hub; this only covers a tab whose socket was down for a while. */
const FRESH_FOR_MS = 30 * 1000;

export const unreadCountQuery = queryOptions({
  queryKey: notificationKeys.unreadCount(),
  queryFn: () => api<UnreadCount>('notifications/unread-count'),
  staleTime: FRESH_FOR_MS,
});

/** The first page (newest 20): the bell and the feed panel show the top of it. */
export const latestNotificationsQuery = queryOptions({
  queryKey: notificationKeys.latest(),
  queryFn: () => api<NotificationPage>('notifications'),
  staleTime: FRESH_FOR_MS,
});

/** The /notifications page: cursor paging, so new arrivals do not shift the pages already loaded. */
export const notificationsListQuery = infiniteQueryOptions({
  queryKey: notificationKeys.list(),
  queryFn: ({ pageParam }) =>
    api<NotificationPage>('notifications', {
      query: pageParam === null ? undefined : { cursor: String(pageParam) },
    }),
  initialPageParam: null as number | null,
  getNextPageParam: (last) => last.nextCursor,
});
