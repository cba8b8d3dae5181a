import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import { messages } from '@brushline/shared/messages';

/** Loading, error and empty states shared by the bell, the feed panel and the page. */
export function NotificationsLoading() {
  return (
    <Center py="lg">
      <Loader size="sm" aria-label="Loading notifications" />
    </Center>
  );
}

export function NotificationsError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  return (
    <Stack align="center" gap="xs" py="lg" px="sm" role="alert">
      <Text size="sm" ta="center">
        Could not load your notifications. {error.message}
      </Text>
      <Button variant="light" size="compact-sm" onClick={onRetry}>
        Try again
      </Button>
    </Stack>
  );
}

export function NotificationsEmpty() {
  return (
    <Text c="dimmed" size="sm" ta="center" py="lg" px="sm">
      {messages.nothingNew}
    </Text>
  );
}
