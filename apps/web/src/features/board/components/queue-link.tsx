import { Anchor, Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { toPath } from '@brushline/shared/paths';
import { queueQuery } from '../api/board-queries.ts';
import { slotsText } from '../queue-text.ts';

/**
 * An artist's queue, linked from their profile, with their open slots once known. One line whose
 * height never changes, so it cannot shift the profile while it loads.
 */
export function QueueLink({ login }: { login: string }) {
  const queue = useQuery(queueQuery(login));
  const slots = queue.data ? slotsText(queue.data.slots, queue.data.openSlots) : null;
  return (
    <Group gap="xs" wrap="nowrap">
      <Anchor component={Link} to={toPath('profileQueue', { login })}>
        Commission queue
      </Anchor>
      {slots && (
        <Text size="sm" c="dimmed" truncate>
          · {slots}
        </Text>
      )}
    </Group>
  );
}
