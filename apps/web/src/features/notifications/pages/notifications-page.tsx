import { Button, Card, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Navigate, useLocation } from 'react-router';
import { paths } from '@brushline/shared/paths';
import { LoadingState } from '../../../components/query-states.tsx';
import { useLoadWhenVisible } from '../../../lib/use-load-when-visible.ts';
import { useSession } from '../../../lib/session.ts';
import { useMarkAllRead } from '../api/notification-mutations.ts';
import { notificationsListQuery, unreadCountQuery } from '../api/notification-queries.ts';
import { NotificationItem } from '../components/notification-item.tsx';
import {
  NotificationsEmpty,
  NotificationsError,
  NotificationsLoading,
} from '../components/notification-list-states.tsx';
import { useOpenNotification } from '../use-open-notification.ts';

function NotificationsList() {
  const list = useInfiniteQuery(notificationsListQuery);
  const { data: unread } = useQuery(unreadCountQuery);
  const markAll = useMarkAllRead();
  const open = useOpenNotification();
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = list;
  const canLoadMore = hasNextPage && !isFetchingNextPage && !isFetchNextPageError;
  const sentinel = useLoadWhenVisible(() => void fetchNextPage(), canLoadMore);
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  const unreadCount = unread?.count ?? 0;

  return (
    <Stack maw={720} mx="auto" w="100%">
      <Group justify="space-between" align="center" wrap="wrap">
        <Stack gap={0}>
          <Title order={1} size="h2">
            Notifications
          </Title>
          <Text c="dimmed" size="sm">
            {unreadCount > 0 ? `${unreadCount} unread` : 'All caught up'}
          </Text>
        </Stack>
        <Button
          variant="light"
          disabled={unreadCount === 0}
          loading={markAll.isPending}
          onClick={() => markAll.mutate()}
        >
          Mark all as read
        </Button>
      </Group>
      <Card withBorder padding={4}>
        {list.isPending ? (
          <NotificationsLoading />
        ) : list.isError && items.length === 0 ? (
          <NotificationsError error={list.error} onRetry={() => void list.refetch()} />
        ) : items.length === 0 ? (
          <NotificationsEmpty />
        ) : (
          <Stack gap={2} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {items.map((n) => (
              <li key={n.id}>
                <NotificationItem notification={n} onOpen={open} />
              </li>
            ))}
          </Stack>
        )}
      </Card>
      <div ref={sentinel} />
      {isFetchingNextPage && (
        <Center>
          <Loader size="sm" role="progressbar" aria-label="Loading more notifications" />
        </Center>
      )}
      {isFetchNextPageError && <NotificationsError error={list.error} onRetry={() => void fetchNextPage()} />}
      {canLoadMore && (
        <Center>
          <Button variant="default" onClick={() => void fetchNextPage()}>
            Load more
          </Button>
        </Center>
      )}
    </Stack>
  );
}

/** /notifications: every notification, newest first, loading more on scroll. Signed-in only. */
export function NotificationsPage() {
  const { user, isPending } = useSession();
  const location = useLocation();
  if (isPending) return <LoadingState label="Loading" />;
  if (!user)
    return <Navigate to={paths.login} replace state={{ from: location.pathname + location.search }} />;
  return <NotificationsList />;
}
