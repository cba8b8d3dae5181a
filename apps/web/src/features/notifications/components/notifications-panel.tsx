import { Anchor, Card, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { paths } from '@brushline/shared/paths';
import { latestNotificationsQuery, unreadCountQuery } from '../api/notification-queries.ts';
import { useOpenNotification } from '../use-open-notification.ts';
import { NotificationItem } from './notification-item.tsx';
import { NotificationsEmpty, NotificationsError, NotificationsLoading } from './notification-list-states.tsx';

const PANEL_ITEMS = 5;

/** The feed's notifications panel for subscribers (SPEC §2): the newest few and a link to all. */
export function NotificationsPanel() {
  const latest = useQuery(latestNotificationsQuery);
  const { data: unread } = useQuery(unreadCountQuery);
  const open = useOpenNotification();
  const items = latest.data?.items.slice(0, PANEL_ITEMS) ?? [];

  return (
    <Card withBorder padding="sm" component="section" aria-labelledby="notifications-panel-title">
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Text fw={600} id="notifications-panel-title">
          Notifications
        </Text>
        {!!unread?.count && (
          <Text size="xs" c="dimmed">
            {unread.count} unread
          </Text>
        )}
      </Group>
      {latest.isPending ? (
        <NotificationsLoading />
      ) : latest.error ? (
        <NotificationsError error={latest.error} onRetry={() => void latest.refetch()} />
      ) : items.length === 0 ? (
        <NotificationsEmpty />
      ) : (
        <Stack gap={2}>
          {items.map((n) => (
            <NotificationItem key={n.id} notification={n} onOpen={open} compact />
          ))}
        </Stack>
      )}
      <Anchor component={Link} to={paths.notifications} size="sm" mt="xs" display="block" ta="center">
        See all notifications
      </Anchor>
    </Card>
  );
}
