import { Alert, Button, Card, Group, Stack, Text } from '@mantine/core';
import { formatUsd } from '@brushline/shared/cards/pricing';
import type { SentForm } from '@brushline/shared/orders/schemas';
import { allowedActions } from '@brushline/shared/orders/status-machine';
import { formatDate } from '../../../lib/format-date.ts';
import { toast } from '../../../lib/toast.ts';
import { listTitle } from '../../../lib/list-title.ts';
import { useMoveTask } from '../api/order-queries.ts';
import { StatusBadge } from './status-badge.tsx';

/** The artist's next step on an accepted task; accept and decline live in Incoming. */
const ARTIST_STEPS = {
  start: { label: 'Start', done: 'Started: the commissioner sees it in progress' },
  deliver: { label: 'Deliver', done: 'Delivered: waiting for the commissioner to approve' },
} as const;

export function ArtistTaskRow({ form, onDetails }: { form: SentForm; onDetails: () => void }) {
  const move = useMoveTask();
  const steps = allowedActions(form.status, 'artist').filter(
    (a): a is keyof typeof ARTIST_STEPS => a in ARTIST_STEPS,
  );
  return (
    <Card withBorder padding="xs" role="listitem" aria-label={form.cardTitle}>
      <Stack gap={6}>
        {/* One line on a wide screen; on a phone the status and buttons wrap under the title. */}
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Stack gap={0} style={{ minWidth: 0, flex: '1 1 200px' }}>
            <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
              {listTitle(form.cardTitle)}
            </Text>
            <Text size="xs" c="dimmed">
              #{form.task.id} · sent {formatDate(form.createdAt)} · {formatUsd(form.totalPrice)}
            </Text>
          </Stack>
          <Group gap="xs" wrap="wrap" justify="flex-end" ml="auto">
            <StatusBadge status={form.status} />
            {/* The buttons stay together when the row wraps on a phone. */}
            <Group gap="xs" wrap="nowrap">
              <Button size="xs" variant="default" onClick={onDetails}>
                Details
              </Button>
              {steps.map((action) => (
                <Button
                  key={action}
                  size="xs"
                  loading={move.isPending}
                  onClick={() =>
                    move.mutate(
                      { taskId: form.task.id, action },
                      {
                        onSuccess: () => toast.success(ARTIST_STEPS[action].done),
                        onError: (err) => toast.error(err.message),
                      },
                    )
                  }
                >
                  {ARTIST_STEPS[action].label}
                </Button>
              ))}
            </Group>
          </Group>
        </Group>
        {form.status === 'processing' && form.task.comment && (
          <Alert color="orange" title="Sent back by the commissioner" p="xs">
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {form.task.comment}
            </Text>
          </Alert>
        )}
      </Stack>
    </Card>
  );
}
