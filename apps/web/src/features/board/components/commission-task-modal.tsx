import { Anchor, Group, Modal, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from 'react-router';
import type { BoardTask } from '@brushline/shared/board/schemas';
import { toPath } from '@brushline/shared/paths';
import { ErrorState, LoadingState } from '../../../components/query-states.tsx';
import { orderPageQuery } from '../../orders/api/order-queries.ts';
import { DeadlineLine } from '../../orders/components/deadline-line.tsx';
import { formModalStyles, FormSummary } from '../../orders/components/form-summary.tsx';
import { OpenChatButton } from '../../orders/components/open-chat-button.tsx';
import { OrderActions } from '../../orders/components/order-actions.tsx';
import { PersonLine } from '../../orders/components/person-line.tsx';
import { useReadTask } from '../api/board-queries.ts';

/**
 * A commission task opened from the board: the buyer, the chosen options and total, the brief and
 * references, the status with the moves the artist can make now (the order page's own buttons and
 * dialogs), the working chat with the buyer, and a link to the order page. Opening it marks its notifications read (SPEC §4).
 */
export function CommissionTaskModal({ task, onClose }: { task: BoardTask; onClose: () => void }) {
  const formId = task.commission!.formId;
  const order = useQuery(orderPageQuery(formId));
  const read = useReadTask();
  const readTask = read.mutate;
  useEffect(() => {
    readTask(task.id);
  }, [readTask, task.id]);

  return (
    <Modal opened onClose={onClose} title={`${task.title} #${formId}`} size="lg" styles={formModalStyles}>
      {order.isPending ? (
        <LoadingState label="Loading the order" />
      ) : order.isError ? (
        <ErrorState title="Could not load this order" message={order.error.message} onRetry={order.refetch} />
      ) : (
        <Stack gap="md">
          <Group justify="space-between" gap="xs" wrap="wrap">
            <PersonLine person={order.data.form.sender} />
            <OpenChatButton status={order.data.form.status} otherLogin={order.data.form.sender.login} />
          </Group>
          <DeadlineLine deadline={order.data.deadline} status={order.data.form.status} />
          <OrderActions form={order.data.form} side="artist" />
          <FormSummary form={order.data.form} />
          <Anchor component={Link} to={toPath('order', { id: formId })}>
            Open the order page (deliveries and history)
          </Anchor>
        </Stack>
      )}
    </Modal>
  );
}
