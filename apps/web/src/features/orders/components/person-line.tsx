import { Group, Text } from '@mantine/core';
import type { OrderPerson } from '@brushline/shared/orders/schemas';
import { UserAvatar } from '../../../components/user-avatar.tsx';

/** Avatar, name and login of the other side of a commission. */
export function PersonLine({ person, size = 28 }: { person: OrderPerson; size?: number }) {
  return (
    <Group gap={8} wrap="nowrap" style={{ minWidth: 0 }}>
      {/* The name is written beside it: the picture adds nothing for a screen reader. */}
      <UserAvatar src={person.avatarMiniatureUrl} name={person.displayName} size={size} decorative />
      <div style={{ minWidth: 0 }}>
        <Text size="sm" fw={500} truncate>
          {person.displayName}
        </Text>
        <Text size="xs" c="dimmed" truncate>
          @{person.login}
        </Text>
      </div>
    </Group>
  );
}
