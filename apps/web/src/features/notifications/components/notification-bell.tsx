import {
  ActionIcon,
  Anchor,
  Button,
  Divider,
  Group,
  Indicator,
  Popover,
  ScrollArea,
  Stack,
  Text,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { IconBell } from '@tabler/icons-react';
import { paths } from '@brushline/shared/paths';
import { useMarkAllRead } from '../api/notification-mutations.ts';
import { latestNotificationsQuery, unreadCountQuery } from '../api/notification-queries.ts';
import { useNotificationsLive } from '../use-notifications-live.ts';
import { useOpenNotification } from '../use-open-notification.ts';
import { NotificationItem } from './notification-item.tsx';
import { NotificationsEmpty, NotificationsError, NotificationsLoading } from './notification-list-states.tsx';

/** How many of the newest the dropdown shows; "See all" opens the rest. */
const BELL_ITEMS = 10;

/** The badge text: the count, or 99+ when it would not fit. */
export const unreadLabel = (count: number) => (count > 99 ? '99+' : String(count));

function BellDropdown({ close }: { close: () => void }) {
  const latest = useQuery(latestNotificationsQuery);
  const { data: unread } = useQuery(unreadCountQuery);
  const markAll = useMarkAllRead();
  const open = useOpenNotification(close);
  const items = latest.data?.items.slice(0, BELL_ITEMS) ?? [];

  return (
    <Stack gap={0}>
      <Group justify="space-between" px="sm" py="xs" wrap="nowrap">
        <Text fw={600}>Notifications</Text>
        <Button
          variant="subtle"
          size="compact-sm"
          disabled={!unread?.count}
          loading={markAll.isPending}
          onClick={() => markAll.mutate()}
        >
          Mark all as read
        </Button>
      </Group>
      <Divider />
      <ScrollArea.Autosize mah="min(420px, 60dvh)" type="auto">
        {latest.isPending ? (
          <NotificationsLoading />
        ) : latest.error ? (
          <NotificationsError error={latest.error} onRetry={() => void latest.refetch()} />
        ) : items.length === 0 ? (
          <NotificationsEmpty />
        ) : (
          <Stack gap={2} p={4}>
            {items.map((n) => (
              <NotificationItem key={n.id} notification={n} onOpen={open} compact />
            ))}
          </Stack>
        )}
      </ScrollArea.Autosize>
      <Divider />
      <Anchor component={Link} to={paths.notifications} onClick={close} ta="center" size="sm" py="xs">
        See all
      </Anchor>
    </Stack>
  );
}

/** The header bell with the unread count; rendered only for signed-in users. */
export function NotificationBell() {
  useNotificationsLive();
  const [opened, setOpened] = useState(false);
  const { data } = useQuery(unreadCountQuery);
  const count = data?.count ?? 0;
  const label = unreadLabel(count);

  return (
    <Indicator
      label={<span aria-hidden="true">{label}</span>}
      disabled={count === 0}
      size={18}
      offset={4}
      color="red"
    >
      <Popover
        opened={opened}
        onChange={setOpened}
        position="bottom-end"
        width="min(380px, calc(100vw - 16px))"
        shadow="md"
        trapFocus
        returnFocus
        // The bell sits in the fixed header, so it never scrolls away from its dropdown.
        hideDetached={false}
      >
        <Popover.Target>
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={count > 0 ? `Notifications, ${label} unread` : 'Notifications'}
            onClick={() => setOpened((o) => !o)}
          >
            <IconBell size={18} aria-hidden />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown p={0}>{opened && <BellDropdown close={() => setOpened(false)} />}</Popover.Dropdown>
      </Popover>
    </Indicator>
  );
}
