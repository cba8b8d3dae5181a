import { Box, Text } from '@mantine/core';
import { messages } from '@brushline/shared/messages';
import { ErrorState, LoadingState } from '../../../components/query-states.tsx';

/** Loading, error and empty states shared by the bell, the feed panel and the page. */
export function NotificationsLoading() {
  return <LoadingState label="Loading notifications" size="sm" py="lg" />;
}

export function NotificationsError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  // Inset, so the alert does not touch the edges of the bell's dropdown.
  return (
    <Box p="xs">
      <ErrorState title="Could not load your notifications" message={error.message} onRetry={onRetry} />
    </Box>
  );
}

export function NotificationsEmpty() {
  return (
    <Text c="dimmed" size="sm" ta="center" py="lg" px="sm">
      {messages.nothingNew}
    </Text>
  );
}
