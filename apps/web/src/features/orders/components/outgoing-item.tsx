import { Alert, Button, Card, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { revisionText } from '@brushline/shared/orders/messages';
import { toPath } from '@brushline/shared/paths';
import { formatUsd } from '@brushline/shared/cards/pricing';
import type { SentForm } from '@brushline/shared/orders/schemas';
import { allowedActions } from '@brushline/shared/orders/status-machine';
import { useConfirmApprove, useConfirmCancel } from './order-actions.tsx';
import { OrderRowHead, orderRowLabel, TurnBadge, turnText } from './order-row-head.tsx';
import { StatusBadge } from './status-badge.tsx';

interface OutgoingItemProps {
  form: SentForm;
  onSendBack: () => void;
}

/** One commission the user ordered, with the moves the buyer may make now. */
export function OutgoingItem({ form, onSendBack }: OutgoingItemProps) {
  const cancel = useConfirmCancel();
  const approve = useConfirmApprove();
  const turn = turnText(form, 'buyer');
  const actions = allowedActions(form.status, 'buyer');

  return (
    <Card withBorder padding="sm" role="listitem" aria-label={orderRowLabel(form, 'buyer')}>
      <Stack gap={8}>
        {turn && (
          <Group gap={6}>
            <TurnBadge text={turn} />
          </Group>
        )}
        <OrderRowHead form={form} side="buyer" />
        <Group justify="space-between" gap="xs">
          <StatusBadge status={form.status} />
          <Text fw={600} data-testid="form-total">
            {formatUsd(form.totalPrice)}
          </Text>
        </Group>
        {form.status === 'processing' && form.task.comment && (
          <Alert
            color="orange"
            p="xs"
            title={`You asked for changes (${revisionText(form.task.revision, form.revisionsIncluded)})`}
          >
            {form.task.comment}
          </Alert>
        )}
        {form.status === 'declined' && form.task.declineReason && (
          <Alert color="red" p="xs" title="Declined">
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {form.task.declineReason}
            </Text>
          </Alert>
        )}
        {/* The order page on the left (everything about the order: the request, the files, the
            history), the buyer's moves together on the right. One way in: a "Details" modal beside
            it showed a part of the same page. */}
        <Group gap={6} justify="space-between" wrap="wrap">
          <Button
            size="xs"
            variant="default"
            component={Link}
            to={toPath('order', { id: form.id })}
            aria-label={`Open order #${form.id}`}
          >
            Open order
          </Button>
          <Group gap={6} wrap="nowrap" ml="auto">
            {actions.includes('cancel') && (
              <Button
                size="xs"
                variant="light"
                color="red"
                onClick={() => cancel.confirm(form)}
                loading={cancel.isPending}
              >
                Cancel
              </Button>
            )}
            {actions.includes('sendBack') && (
              <Button size="xs" variant="light" color="orange" onClick={onSendBack}>
                Send back
              </Button>
            )}
            {actions.includes('approve') && (
              <Button size="xs" onClick={() => approve.confirm(form)} loading={approve.isPending}>
                Approve
              </Button>
            )}
          </Group>
        </Group>
      </Stack>
    </Card>
  );
}
