import { Anchor, Box, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useIsMutating, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from 'react-router';
import type { ChatRoom } from '@brushline/shared/chat/schemas';
import { toPath } from '@brushline/shared/paths';
import { ErrorState, LoadingState } from '../../../components/query-states.tsx';
import { OrderActions } from '../../orders/components/order-actions.tsx';
import { StatusBadge } from '../../orders/components/status-badge.tsx';
import { roomTasksQuery } from '../api/chat-queries.ts';

/**
 * A working chat's side bar (SPEC §2): every order between the two members with its status and
 * the moves the status machine allows the reader now, and a link to the order's page.
 */
export function TaskSidebar({ room, myId }: { room: ChatRoom; myId: string }) {
  const tasks = useQuery(roomTasksQuery(room.id));
  // A move made from here (accept, start, deliver…) shows at once once it settles.
  const moving = useIsMutating();
  const { refetch } = tasks;
  useEffect(() => {
    if (moving === 0) void refetch();
  }, [moving, refetch]);
  return (
    <Stack
      gap="xs"
      p="sm"
      h="100%"
      style={{ overflowY: 'auto', minHeight: 0 }}
      component="aside"
      aria-label="Orders in this chat"
    >
      <Title order={3} size="h5">
        Orders with {room.chatName}
      </Title>
      {tasks.isPending ? (
        <LoadingState label="Loading the orders" />
      ) : tasks.error ? (
        <ErrorState title="Couldn't load the orders" message={tasks.error.message} onRetry={tasks.refetch} />
      ) : tasks.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          no tasks
        </Text>
      ) : (
        tasks.data.map((form) => (
          <Paper key={form.id} withBorder p="xs" radius="sm">
            <Stack gap={6}>
              <Group justify="space-between" gap={4} wrap="nowrap" align="flex-start">
                <Anchor component={Link} to={toPath('order', { id: form.id })} fw={600} size="sm">
                  #{form.id} {form.cardTitle}
                </Anchor>
              </Group>
              <Box>
                <StatusBadge status={form.status} />
              </Box>
              <OrderActions form={form} side={form.artist.id === myId ? 'artist' : 'buyer'} />
            </Stack>
          </Paper>
        ))
      )}
    </Stack>
  );
}
