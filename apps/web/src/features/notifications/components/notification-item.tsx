import { Box, Group, Stack, Text, ThemeIcon, UnstyledButton, VisuallyHidden } from '@mantine/core';
import type { Notification } from '@brushline/shared/notifications/schemas';
import { IconBell } from '@tabler/icons-react';
import { UserAvatar } from '../../../components/user-avatar.tsx';
import { relativeTime } from '../../../lib/relative-time.ts';

/**
 * One notification as a button: who triggered it, the message, when, and a dot while unread.
 * `compact` clamps long messages for the bell and the feed panel.
 */
export function NotificationItem({
  notification: n,
  onOpen,
  compact = false,
}: {
  notification: Notification;
  onOpen: (n: Notification) => void;
  compact?: boolean;
}) {
  const who = n.userWhoTriggeredEvent;
  // "bob liked your post" already names bob: the line below then only says when.
  const namedInMessage = who !== null && n.message.includes(who.displayName);
  return (
    <UnstyledButton
      onClick={() => onOpen(n)}
      w="100%"
      p="xs"
      style={{
        borderRadius: 'var(--mantine-radius-sm)',
        background: n.isRead ? undefined : 'var(--mantine-primary-color-light)',
      }}
    >
      <Group gap="sm" wrap="nowrap" align="flex-start">
        {who ? (
          // Hidden: its initials would otherwise open the button's spoken name ("BO bob liked…").
          <UserAvatar name={who.displayName} src={who.avatarMiniatureUrl} size={36} radius="xl" decorative />
        ) : (
          <ThemeIcon size={36} radius="xl" variant="light" aria-hidden="true">
            <IconBell size={18} aria-hidden />
          </ThemeIcon>
        )}
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Text size="sm" lineClamp={compact ? 3 : undefined} style={{ overflowWrap: 'anywhere' }}>
            {n.message}
          </Text>
          <Text size="xs" c="dimmed">
            {who && !namedInMessage ? `${who.displayName} · ` : ''}
            <time dateTime={n.createdAt} title={new Date(n.createdAt).toLocaleString()}>
              {relativeTime(n.createdAt)}
            </time>
          </Text>
        </Stack>
        {!n.isRead && (
          <Box
            mt={6}
            w={8}
            h={8}
            // The light variant's text colour stands out on the unread background in both schemes.
            style={{
              borderRadius: '50%',
              flex: 'none',
              background: 'var(--mantine-primary-color-light-color)',
            }}
          >
            <VisuallyHidden>Unread</VisuallyHidden>
          </Box>
        )}
      </Group>
    </UnstyledButton>
  );
}
