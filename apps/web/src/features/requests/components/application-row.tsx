import { Badge, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatUsd } from '@brushline/shared/cards/pricing';
import type { Application } from '@brushline/shared/requests/schemas';
import { UserAvatar } from '../../../components/user-avatar.tsx';
import { ApplicationStatusBadge } from './application-status-badge.tsx';
import { referencesText } from '../request-text.ts';

/**
 * One application in a list (pending and tracking): sender, status, comment, references, offered
 * price (flagged below the request's minimum) and the list's button on the right.
 */
export function ApplicationRow({
  application: a,
  action,
  showNew = false,
  extraBadge,
}: {
  application: Application;
  action: ReactNode;
  showNew?: boolean;
  extraBadge?: ReactNode;
}) {
  return (
    <Group
      justify="space-between"
      wrap="wrap"
      gap="xs"
      py={8}
      role="listitem"
      aria-label={`${a.sender.displayName}, ${a.cardTitle}, ${formatUsd(a.offeredPrice)}`}
    >
      <Stack gap={4} style={{ minWidth: 0, flex: '1 1 240px' }}>
        <Group gap={6}>
          {showNew && !a.isRead && (
            <Badge color="red.8" size="sm">
              New!
            </Badge>
          )}
          <ApplicationStatusBadge status={a.status} />
          {extraBadge}
        </Group>
        <Group gap={6} wrap="nowrap">
          <UserAvatar name={a.sender.displayName} src={a.sender.avatarMiniatureUrl} size={24} decorative />
          <Text fw={600} truncate>
            {a.sender.displayName}
          </Text>
          <Text size="sm" c="dimmed" truncate>
            · {a.cardTitle}
          </Text>
        </Group>
        {a.comment && (
          <Text size="sm" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
            {a.comment}
          </Text>
        )}
        <Text size="xs" c="dimmed">
          {referencesText(a.attachedReferences.length)}
        </Text>
      </Stack>
      <Group gap="sm" wrap="nowrap" ml="auto">
        <Stack gap={0} align="flex-end">
          <Text fw={600}>{formatUsd(a.offeredPrice)}</Text>
          {a.belowMinimum && (
            <Text size="xs" c="orange.9">
              below the minimum
            </Text>
          )}
        </Stack>
        {action}
      </Group>
    </Group>
  );
}
