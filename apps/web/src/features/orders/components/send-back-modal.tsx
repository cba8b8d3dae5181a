import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { FORM_DESCRIPTION_MAX } from '@brushline/shared/orders/constants';
import { isBeyondIncluded, revisionText } from '@brushline/shared/orders/messages';
import { sendBackBodySchema, type SentForm } from '@brushline/shared/orders/schemas';
import { fieldErrors } from '@brushline/shared/validation';
import { toast } from '../../../lib/toast.ts';
import { useMoveTask } from '../api/order-queries.ts';

/** The commissioner asks for changes on a finished task; the comment tells the artist what. */
export function SendBackModal({ form, onClose }: { form: SentForm | null; onClose: () => void }) {
  const move = useMoveTask();
  const [alert, setAlert] = useState<string | null>(null);
  const comment = useForm({
    initialValues: { comment: '' },
    validate: (v) => fieldErrors(sendBackBodySchema, v),
  });
  const close = () => {
    comment.reset();
    setAlert(null);
    onClose();
  };

  return (
    <Modal opened={form !== null} onClose={close} title="Send back for changes">
      {form && (
        <form
          noValidate
          onSubmit={comment.onSubmit((v) =>
            move.mutate(
              { taskId: form.task.id, action: 'send-back', body: v },
              {
                onSuccess: () => {
                  toast.success('Sent back: the task is in progress again');
                  close();
                },
                onError: (err) => setAlert(err.message),
              },
            ),
          )}
        >
          <Stack gap="sm">
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              “{form.cardTitle}” goes back to {form.artist.displayName} as in progress. This starts{' '}
              {revisionText(form.task.revision + 1, form.revisionsIncluded)}.
            </Text>
            {isBeyondIncluded(form.task.revision + 1, form.revisionsIncluded) && (
              <Alert color="orange" p="xs">
                The {form.revisionsIncluded} revisions included in the price are used up. You can still ask;
                the artist may ask for an extra fee.
              </Alert>
            )}
            {alert && (
              <Alert color="red" role="alert">
                {alert}
              </Alert>
            )}
            <Textarea
              label="What should change?"
              description={`${comment.values.comment.length}/${FORM_DESCRIPTION_MAX} · the artist sees this with the task`}
              rows={4}
              resize="vertical"
              data-autofocus
              {...comment.getInputProps('comment')}
            />
            <Group justify="flex-end" gap="xs">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" loading={move.isPending}>
                Send back
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
