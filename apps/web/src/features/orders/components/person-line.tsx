import { Avatar, Group, Text } from '@mantine/core';
import type { OrderPerson } from '@brushline/shared/orders/schemas';

/** Avatar, name and login of the other side of a commission. */
export function PersonLine({ person, size = 28 }: { person: OrderPerson; size?: number }) {
  return (
    <Group gap={8} wrap="nowrap" style={{ minWidth: 0 }}>
      <Avatar src={person.avatarMiniatureUrl} name={person.displayName} color="initials" size={size} />
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
