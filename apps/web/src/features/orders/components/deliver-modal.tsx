import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { DELIVERY_FILES_MAX, DELIVERY_MESSAGE_MAX } from '@brushline/shared/orders/constants';
import { orderMessages } from '@brushline/shared/orders/messages';
import type { SentForm } from '@brushline/shared/orders/schemas';
import { toast } from '../../../lib/toast.ts';
import { useDeliver } from '../api/order-queries.ts';
import { useReferenceUploads } from '../use-reference-uploads.ts';
import { ReferencePicker } from './reference-picker.tsx';

const TEXT = {
  delivery: {
    title: 'Deliver the finished work',
    intro: (who: string) =>
      `${who} gets every file at full size to look at and download, and is asked to approve it or send it back.`,
    label: 'Files',
    hint: 'the finished work at full size.',
    message: 'Message to the commissioner',
    submit: 'Deliver',
    done: 'Delivered: waiting for the commissioner to approve',
    needsFiles: orderMessages.deliveryNeedsFiles,
  },
  wip: {
    title: 'Share work in progress',
    intro: (who: string) =>
      `${who} sees it on the order page at once, for example a sketch to approve. The order stays in progress.`,
    label: 'Pictures',
    hint: 'a sketch, a colour test, anything to approve.',
    message: 'What should they look at?',
    submit: 'Share',
    done: 'Shared: the commissioner can see it on the order page',
    needsFiles: orderMessages.wipNeedsFiles,
  },
} as const;

/**
 * The artist's delivery (or work in progress): several images uploaded at full size with
 * progress, and a short message. Mounted only while open, so each opening starts empty.
 */
export function DeliverModal({
  form,
  kind,
  onClose,
  onDelivered,
}: {
  form: SentForm;
  kind: 'delivery' | 'wip';
  onClose: () => void;
  /** Called instead of onClose once sent (the board tells a sent delivery from a closed dialog). */
  onDelivered?: () => void;
}) {
  const text = TEXT[kind];
  const uploads = useReferenceUploads('delivery', DELIVERY_FILES_MAX);
  const deliver = useDeliver();
  const [message, setMessage] = useState('');
  const [filesError, setFilesError] = useState<string | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const tooLong = message.length > DELIVERY_MESSAGE_MAX;

  const submit = () => {
    if (uploads.mediaIds.length === 0) {
      setFilesError(text.needsFiles);
      return;
    }
    if (tooLong || uploads.busy) return;
    deliver.mutate(
      { taskId: form.task.id, kind, body: { files: uploads.mediaIds, message } },
      {
        onSuccess: () => {
          toast.success(text.done);
          uploads.clear();
          (onDelivered ?? onClose)();
        },
        onError: (err) => setAlert(err.message),
      },
    );
  };

  return (
    <Modal opened onClose={onClose} title={text.title} size="lg">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {text.intro(form.sender.displayName)}
          </Text>
          {alert && (
            <Alert color="red" role="alert">
              {alert}
            </Alert>
          )}
          <ReferencePicker
            uploads={uploads}
            label={text.label}
            noun="file"
            hint={text.hint}
            error={uploads.items.length === 0 ? filesError : null}
          />
          {uploads.failed && (
            <Text size="sm" c="red">
              Some files could not be uploaded: remove them or try again.
            </Text>
          )}
          <Textarea
            label={text.message}
            description={`${message.length}/${DELIVERY_MESSAGE_MAX} · optional`}
            error={tooLong ? orderMessages.deliveryMessageTooLong : null}
            rows={3}
            resize="vertical"
            value={message}
            onChange={(e) => setMessage(e.currentTarget.value)}
          />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={deliver.isPending} disabled={uploads.busy || uploads.failed}>
              {uploads.busy ? 'Uploading…' : text.submit}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
