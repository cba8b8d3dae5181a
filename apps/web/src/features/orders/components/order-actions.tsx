import { Alert, Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { messages } from '@brushline/shared/messages';
import type { SentForm } from '@brushline/shared/orders/schemas';
import { allowedActions, type TaskSide } from '@brushline/shared/orders/status-machine';
import { openConfirmModal } from '../../../lib/confirm.ts';
import { toast } from '../../../lib/toast.ts';
import { isPaymentRequired, toastStartFailure } from '../api/start-refusal.ts';
import { useCancelAsBuyer, useMoveTask } from '../api/order-queries.ts';
import { DeliverModal } from './deliver-modal.tsx';
import { SendBackModal } from './send-back-modal.tsx';

/** Asks before approving: approving is final. Used on the order page and in Outgoing. */
export function useConfirmApprove() {
  const move = useMoveTask();
  const confirm = (form: SentForm) =>
    openConfirmModal({
      title: 'Approve the delivered work?',
      children: (
        <Text size="sm">
          Approving is final: “{form.cardTitle}” is marked done and can no longer be sent back for changes.
        </Text>
      ),
      labels: { confirm: 'Approve, it is final', cancel: 'Not yet' },
      onConfirm: () =>
        move.mutate(
          { taskId: form.task.id, action: 'approve' },
          {
            onSuccess: () => toast.success('Approved: the commission is done. Thank you!'),
            onError: (err) => toast.error(err.message),
          },
        ),
    });
  return { confirm, isPending: move.isPending };
}

/** Asks before the buyer withdraws a request the artist has not answered yet. Order page and Outgoing. */
export function useConfirmCancel() {
  const cancel = useCancelAsBuyer();
  const confirm = (form: SentForm) =>
    openConfirmModal({
      title: 'Cancel this request?',
      children: `${form.artist.displayName} has not answered yet. Canceling withdraws the request for good.`,
      labels: { confirm: 'Cancel request', cancel: 'Keep it' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        cancel.mutate(form.id, {
          onSuccess: (r) => toast.success(r.message),
          onError: () => toast.error(messages.buyerCancelFailed),
        }),
    });
  return { confirm, isPending: cancel.isPending };
}

/** The moves the reader's side may make on the order page now, as the status machine allows. */
export function OrderActions({ form, side }: { form: SentForm; side: TaskSide }) {
  const actions = allowedActions(form.status, side);
  const move = useMoveTask();
  const cancel = useConfirmCancel();
  const approve = useConfirmApprove();
  const [deliver, setDeliver] = useState<'delivery' | 'wip' | null>(null);
  const [sendBack, setSendBack] = useState(false);

  const start = () =>
    move.mutate(
      { taskId: form.task.id, action: 'start' },
      {
        onSuccess: () => toast.success('Started: the commissioner sees it in progress'),
        onError: (err) => {
          toastStartFailure(err);
          // The Money panel says what is missing and holds the switch to start anyway.
          if (isPaymentRequired(err))
            document.getElementById('money-title')?.scrollIntoView({ block: 'start', behavior: 'smooth' });
        },
      },
    );

  const buttons = [];
  if (actions.includes('start'))
    buttons.push(
      <Button key="start" onClick={start} loading={move.isPending}>
        Start
      </Button>,
    );
  if (side === 'artist' && form.status === 'processing')
    buttons.push(
      <Button key="wip" variant="light" onClick={() => setDeliver('wip')}>
        Share work in progress
      </Button>,
    );
  if (actions.includes('deliver'))
    buttons.push(
      <Button key="deliver" onClick={() => setDeliver('delivery')}>
        Deliver
      </Button>,
    );
  if (actions.includes('cancel'))
    buttons.push(
      <Button
        key="cancel"
        variant="light"
        color="red"
        onClick={() => cancel.confirm(form)}
        loading={cancel.isPending}
      >
        Cancel request
      </Button>,
    );
  if (actions.includes('sendBack'))
    buttons.push(
      <Button key="sendBack" variant="light" color="orange" onClick={() => setSendBack(true)}>
        Send back
      </Button>,
    );
  if (actions.includes('approve'))
    buttons.push(
      <Button key="approve" onClick={() => approve.confirm(form)} loading={approve.isPending}>
        Approve
      </Button>,
    );

  return (
    <>
      {form.status === 'finished' && side === 'buyer' && (
        <Alert color="blue" title="The work is delivered">
          Look at every file below at full size. Approve it if it is right (approving is final), or send it
          back saying what to change.
        </Alert>
      )}
      {buttons.length > 0 && (
        <Group gap="xs" justify="flex-end" wrap="wrap">
          {buttons}
        </Group>
      )}
      {deliver && <DeliverModal form={form} kind={deliver} onClose={() => setDeliver(null)} />}
      <SendBackModal form={sendBack ? form : null} onClose={() => setSendBack(false)} />
    </>
  );
}
