import { Alert, Button, Card, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { formatUsd } from '@brushline/shared/cards/pricing';
import { revisionText } from '@brushline/shared/orders/messages';
import type { SentForm } from '@brushline/shared/orders/schemas';
import { allowedActions } from '@brushline/shared/orders/status-machine';
import { toast } from '../../../lib/toast.ts';
import { toastStartFailure } from '../api/start-refusal.ts';
import { useMoveTask } from '../api/order-queries.ts';
import { DeliverModal } from './deliver-modal.tsx';
import { OrderRowHead, orderRowLabel, TurnBadge, turnText } from './order-row-head.tsx';
import { StatusBadge } from './status-badge.tsx';

/** The artist's next step on an accepted task; accept and decline live in Incoming. */
export function ArtistTaskRow({ form, onDetails }: { form: SentForm; onDetails: () => void }) {
  const move = useMoveTask();
  const [delivering, setDelivering] = useState(false);
  const actions = allowedActions(form.status, 'artist');
  const turn = turnText(form, 'artist');
  const start = () =>
    move.mutate(
      { taskId: form.task.id, action: 'start' },
      {
        onSuccess: () => toast.success('Started: the commissioner sees it in progress'),
        onError: (err) => toastStartFailure(err),
      },
    );
  return (
    <Card withBorder padding="xs" role="listitem" aria-label={orderRowLabel(form, 'artist')}>
      <Stack gap={6}>
        {/* One line on a wide screen; on a phone the status and buttons wrap under the order. */}
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Stack gap={4} style={{ minWidth: 0, flex: '1 1 220px' }}>
            {turn && (
              <Group gap={6}>
                <TurnBadge text={turn} />
              </Group>
            )}
            <OrderRowHead form={form} side="artist" />
            <Text size="sm" fw={600}>
              {formatUsd(form.totalPrice)}
            </Text>
          </Stack>
          <Group gap="xs" wrap="wrap" justify="flex-end" ml="auto">
            <StatusBadge status={form.status} />
            {/* The buttons stay together when the row wraps on a phone. */}
            <Group gap="xs" wrap="nowrap">
              <Button size="xs" variant="default" onClick={onDetails}>
                Details
              </Button>
              {actions.includes('start') && (
                <Button size="xs" loading={move.isPending} onClick={start}>
                  Start
                </Button>
              )}
              {actions.includes('deliver') && (
                <Button size="xs" onClick={() => setDelivering(true)}>
                  Deliver
                </Button>
              )}
            </Group>
          </Group>
        </Group>
        {form.status === 'processing' && form.task.comment && (
          <Alert
            color="orange"
            title={`Sent back by the commissioner (${revisionText(form.task.revision, form.revisionsIncluded)})`}
            p="xs"
          >
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {form.task.comment}
            </Text>
          </Alert>
        )}
      </Stack>
      {delivering && <DeliverModal form={form} kind="delivery" onClose={() => setDelivering(false)} />}
    </Card>
  );
}
