import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { DECLINE_REASON_MAX } from '@brushline/shared/orders/constants';
import { messages } from '@brushline/shared/messages';
import type { SentForm } from '@brushline/shared/orders/schemas';
import { openConfirmModal } from '../../../lib/confirm.ts';
import { toast } from '../../../lib/toast.ts';
import { useDeclineForm, useMoveTask } from '../api/order-queries.ts';
import { BuyerRecord } from './buyer-record.tsx';
import { FormDetailsModal } from './form-details-modal.tsx';

/** A received form in full, with the artist's Accept and Decline (SPEC §2 Pending commissions). */
export function IncomingDetailsModal({ form, onClose }: { form: SentForm | null; onClose: () => void }) {
  const move = useMoveTask();
  const decline = useDeclineForm();
  const canAct = form?.status === 'none';

  const accept = (f: SentForm) =>
    move.mutate(
      { taskId: f.task.id, action: 'accept' },
      {
        onSuccess: () => {
          toast.success('Request accepted. It is now under Active, waiting for you to start');
          onClose();
        },
        onError: (err) => toast.error(err.message),
      },
    );

  const confirmDecline = (f: SentForm) => {
    // The dialog's content is fixed when it opens, so the reason is read from the field itself.
    let reason = '';
    openConfirmModal({
      title: 'Decline this request?',
      children: (
        <Stack gap="xs">
          <Text size="sm">{`${f.sender.displayName} will see it as declined. This cannot be undone.`}</Text>
          <Textarea
            label="Reason (optional)"
            description={`Up to ${DECLINE_REASON_MAX} characters; ${f.sender.displayName} sees it`}
            maxLength={DECLINE_REASON_MAX}
            rows={3}
            data-autofocus
            onChange={(e) => {
              reason = e.currentTarget.value;
            }}
          />
        </Stack>
      ),
      labels: { confirm: 'Decline request', cancel: 'Keep it' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        decline.mutate(
          { id: f.id, reason },
          {
            onSuccess: (r) => {
              toast.success(r.message);
              onClose();
            },
            onError: () => toast.error(messages.formDeclineFailed),
          },
        ),
    });
  };

  return (
    <FormDetailsModal
      form={form}
      otherSide="sender"
      onClose={onClose}
      aboutPerson={form && <BuyerRecord login={form.sender.login} />}
    >
      {form && canAct && (
        <Group justify="flex-end" gap="xs">
          <Button
            variant="light"
            color="red"
            onClick={() => confirmDecline(form)}
            loading={decline.isPending}
          >
            Decline
          </Button>
          <Button onClick={() => accept(form)} loading={move.isPending}>
            Accept
          </Button>
        </Group>
      )}
    </FormDetailsModal>
  );
}
