import { Anchor, Badge, Box, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { TASK_STATUS_LABELS } from '@brushline/shared/orders/status-machine';
import { toPath } from '@brushline/shared/paths';
import { NotFoundPage } from '../../../components/not-found-page.tsx';
import { ErrorState, LoadingState } from '../../../components/query-states.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { queueQuery } from '../api/board-queries.ts';
import { sinceText, slotsText } from '../queue-text.ts';

const SINCE_WORD: Record<string, string> = {
  waiting: 'accepted',
  processing: 'started',
  finished: 'delivered',
  done: 'done',
};

/**
 * /profile/{login}/queue: the artist's public columns as a queue buyers can read (decision 0014).
 * Each commission is an anonymous entry; brief, references and price are never sent, and the buyer's
 * name and options only when that buyer chose to show them.
 */
export function QueuePage() {
  const { login = '' } = useParams();
  const queue = useQuery(queueQuery(login));
  usePageTitle(queue.data && `Queue of ${queue.data.artist.displayName}`);

  if (queue.isPending) return <LoadingState label="Loading the queue" />;
  if (queue.error instanceof ApiError && queue.error.status === 404) return <NotFoundPage what="user" />;
  if (queue.isError) {
    return (
      <ErrorState title="Could not load this queue" message={queue.error.message} onRetry={queue.refetch} />
    );
  }
  const q = queue.data;
  const slots = slotsText(q.slots, q.openSlots);
  const empty = q.columns.every((c) => c.entries.length === 0);
  return (
    <Box maw={960} mx="auto">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={1} fz="h2">
            Commission queue of {q.artist.displayName}
          </Title>
          <Group gap="sm">
            <Anchor component={Link} to={toPath('profileHome', { login: q.artist.login })}>
              @{q.artist.login}
            </Anchor>
            <Text size="sm" c="dimmed">
              {q.active} active {q.active === 1 ? 'commission' : 'commissions'}
            </Text>
            {slots && (
              <Badge color={q.openSlots === 0 ? 'orange' : 'teal'} variant="light" size="lg">
                {slots}
              </Badge>
            )}
          </Group>
        </Stack>
        {empty ? (
          <Text c="dimmed">The queue is empty: nothing public in progress right now.</Text>
        ) : (
          q.columns.map((c) => (
            <Card key={c.title} withBorder padding="md">
              <Title order={2} fz="h4" mb="xs">
                {c.title}{' '}
                <Text span c="dimmed" fz="sm">
                  ({c.entries.length})
                </Text>
              </Title>
              {c.entries.length === 0 ? (
                <Text size="sm" c="dimmed">
                  no tasks
                </Text>
              ) : (
                <List spacing={4} listStyleType="decimal">
                  {c.entries.map((e, i) => (
                    <List.Item key={i}>
                      <Text size="sm">
                        {[
                          e.label,
                          e.title,
                          // Only when that buyer chose to show them (decision 0014).
                          e.options ?? '',
                          e.buyer ? `for ${e.buyer.displayName}` : '',
                          e.status && e.since
                            ? sinceText(SINCE_WORD[e.status] ?? TASK_STATUS_LABELS[e.status], e.since)
                            : '',
                        ]
                          .filter(Boolean)
                          .join(' · ')}
                      </Text>
                    </List.Item>
                  ))}
                </List>
              )}
            </Card>
          ))
        )}
      </Stack>
    </Box>
  );
}
