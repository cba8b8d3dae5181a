import { Alert, Badge, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCheck, IconMessage } from '@tabler/icons-react';
import { useState } from 'react';
import { WIP_COMMENT_MAX, WIP_COMMENTS_MAX } from '@brushline/shared/orders/constants';
import { orderMessages } from '@brushline/shared/orders/messages';
import { wipCommentBodySchema, type OrderUpdate } from '@brushline/shared/orders/schemas';
import type { TaskSide } from '@brushline/shared/orders/status-machine';
import { fieldErrors } from '@brushline/shared/validation';
import { formatDate } from '../../../lib/format-date.ts';
import { toast } from '../../../lib/toast.ts';
import { useAnswerWip } from '../api/order-queries.ts';

/**
 * Under a work in progress: whether the commissioner said it looks good and their comments, for
 * both sides; while the order is in progress the commissioner answers here ("Looks good", "Comment").
 * A comment also reaches the artist as a notification and in the pair's working chat.
 */
export function WipAnswers({
  update,
  formId,
  side,
  inProgress,
  artistName,
}: {
  update: OrderUpdate;
  formId: number;
  side: TaskSide;
  /** The order is in progress: only then is a work in progress answered. */
  inProgress: boolean;
  artistName: string;
}) {
  const canAnswer = side === 'buyer' && inProgress;
  const { looksGood, comment } = useAnswerWip(formId);
  const [writing, setWriting] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm({
    initialValues: { message: '' },
    validate: (v) => fieldErrors(wipCommentBodySchema, v),
  });
  const full = update.comments.length >= WIP_COMMENTS_MAX;
  const close = () => {
    form.reset();
    setAlert(null);
    setWriting(false);
  };

  return (
    <Stack gap="xs">
      {update.approvedAt && (
        <Group gap="xs">
          <Badge color="green" variant="light" leftSection={<IconCheck size={14} aria-hidden />} tt="none">
            Looks good
          </Badge>
          <Text size="xs" c="dimmed">
            {side === 'buyer' ? 'You told the artist' : 'The commissioner said so'} ·{' '}
            {formatDate(update.approvedAt)}
          </Text>
        </Group>
      )}
      {update.comments.length > 0 && (
        <Stack gap={6} role="list" aria-label="Comments on this work in progress">
          {update.comments.map((c) => (
            <Stack
              key={c.id}
              gap={0}
              role="listitem"
              pl="sm"
              style={{ borderLeft: '2px solid var(--mantine-color-default-border)' }}
            >
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {c.message}
              </Text>
              <Text size="xs" c="dimmed">
                {c.author.displayName} · {formatDate(c.createdAt)}
              </Text>
            </Stack>
          ))}
        </Stack>
      )}
      {canAnswer && !writing && (
        <Group gap="xs">
          {!update.approvedAt && (
            <Button
              size="xs"
              variant="light"
              color="green"
              leftSection={<IconCheck size={14} aria-hidden />}
              loading={looksGood.isPending}
              onClick={() =>
                looksGood.mutate(update.id, {
                  onSuccess: () => toast.success(orderMessages.wipLooksGood),
                  onError: (err) => toast.error(err.message),
                })
              }
            >
              Looks good
            </Button>
          )}
          {full ? (
            <Text size="xs" c="dimmed">
              {orderMessages.tooManyWipComments}
            </Text>
          ) : (
            <Button
              size="xs"
              variant="default"
              leftSection={<IconMessage size={14} aria-hidden />}
              onClick={() => setWriting(true)}
            >
              Comment
            </Button>
          )}
        </Group>
      )}
      {canAnswer && writing && (
        <form
          noValidate
          onSubmit={form.onSubmit((v) =>
            comment.mutate(
              { updateId: update.id, message: v.message },
              {
                onSuccess: () => {
                  toast.success(orderMessages.wipCommentSent);
                  close();
                },
                onError: (err) => setAlert(err.message),
              },
            ),
          )}
        >
          <Stack gap="xs">
            {alert && (
              <Alert color="red" role="alert" p="xs">
                {alert}
              </Alert>
            )}
            <Textarea
              label="Your comment on this work in progress"
              description={`${form.values.message.length}/${WIP_COMMENT_MAX} · ${artistName} gets it as a notification and in your working chat`}
              rows={3}
              resize="vertical"
              autoFocus
              {...form.getInputProps('message')}
              onKeyDown={(e) => {
                if (e.key === 'Escape') close();
              }}
            />
            <Group justify="flex-end" gap="xs">
              <Button size="xs" variant="default" onClick={close}>
                Cancel
              </Button>
              <Button size="xs" type="submit" loading={comment.isPending}>
                Send comment
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
