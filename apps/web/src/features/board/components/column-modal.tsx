import { Alert, Button, Group, Modal, NumberInput, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { BOARD_COLUMN_TITLE_MAX, BOARD_WIP_LIMIT_MAX } from '@brushline/shared/board/constants';
import { boardMessages } from '@brushline/shared/board/messages';
import type { BoardColumn } from '@brushline/shared/board/schemas';
import { TASK_STATUS_LABELS } from '@brushline/shared/orders/status-machine';
import { ApiError } from '../../../lib/api-client.ts';
import { openConfirmModal } from '../../../lib/confirm.ts';
import { toast } from '../../../lib/toast.ts';
import { useCreateColumn, useDeleteColumn, useUpdateColumn } from '../api/board-queries.ts';

/**
 * The column modal: title, public or not, a work-in-progress limit (a warning, never a block), and
 * delete for the artist's own columns (after asking; their tasks go back to In progress). `column`
 * null: a new column (SPEC §2 "Add new column").
 */
export function ColumnModal({
  column,
  taskCount,
  onClose,
}: {
  column: BoardColumn | null;
  taskCount: number;
  onClose: () => void;
}) {
  const create = useCreateColumn();
  const update = useUpdateColumn();
  const remove = useDeleteColumn();
  const [title, setTitle] = useState(column?.title ?? '');
  const [isPublic, setPublic] = useState(column?.isPublic ?? true);
  const [wip, setWip] = useState<number | string>(column?.wipLimit ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<string | null>(null);

  const onError = (err: Error) => {
    if (err instanceof ApiError && Object.keys(err.fields).length > 0) setErrors(err.fields);
    else setAlert(err.message);
  };

  const submit = () => {
    if (title.trim() === '') {
      setErrors({ title: boardMessages.columnTitleRequired });
      return;
    }
    const wipLimit = wip === '' ? null : Number(wip);
    if (
      wipLimit !== null &&
      (!Number.isInteger(wipLimit) || wipLimit < 1 || wipLimit > BOARD_WIP_LIMIT_MAX)
    ) {
      setErrors({ wipLimit: boardMessages.wipLimitInvalid });
      return;
    }
    const body = { title: title.trim(), isPublic, wipLimit };
    if (column) {
      update.mutate(
        { guid: column.id, body },
        { onSuccess: () => (toast.success(boardMessages.saved), onClose()), onError },
      );
    } else {
      create.mutate(body, {
        onSuccess: () => (toast.success(boardMessages.columnCreated), onClose()),
        onError,
      });
    }
  };

  const confirmDelete = () => {
    if (!column) return;
    openConfirmModal({
      title: `Delete the column “${column.title}”?`,
      children:
        taskCount === 0
          ? 'It has no tasks.'
          : `Its ${taskCount === 1 ? 'task goes' : `${taskCount} tasks go`} back to In progress.`,
      labels: { confirm: 'Delete column', cancel: 'Keep it' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(column.id, {
          onSuccess: () => (toast.success(boardMessages.columnDeleted), onClose()),
          onError: (err) => toast.error(err.message),
        }),
    });
  };

  return (
    <Modal opened onClose={onClose} title={column ? `Column “${column.title}”` : 'Add new column'}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack gap="sm">
          {alert && (
            <Alert color="red" role="alert">
              {alert}
            </Alert>
          )}
          {column?.isSystem ? (
            <Text size="sm" c="dimmed">
              This column stands for a commission status ({TASK_STATUS_LABELS[column.status]}): commissions
              move here by themselves, and it cannot be renamed or deleted.
            </Text>
          ) : (
            <Text size="sm" c="dimmed">
              Your own columns are stages of the work in progress (sketch, lines, colour): commissions in
              progress can move between them freely.
            </Text>
          )}
          <TextInput
            label="Title"
            required
            data-autofocus
            disabled={column?.isSystem}
            maxLength={BOARD_COLUMN_TITLE_MAX}
            value={title}
            error={errors.title}
            onChange={(e) => setTitle(e.currentTarget.value)}
          />
          <Switch
            label="Public: shown on your queue page"
            checked={isPublic}
            onChange={(e) => setPublic(e.currentTarget.checked)}
          />
          <NumberInput
            label="Work-in-progress limit"
            description="optional · the column warns when it holds more tasks than this"
            min={1}
            max={BOARD_WIP_LIMIT_MAX}
            allowDecimal={false}
            value={wip}
            error={errors.wipLimit}
            onChange={setWip}
          />
          <Group justify="space-between" gap="xs">
            {column && !column.isSystem ? (
              <Button variant="subtle" color="red" onClick={confirmDelete} loading={remove.isPending}>
                Delete column
              </Button>
            ) : (
              <span />
            )}
            <Group gap="xs">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" loading={create.isPending || update.isPending}>
                {column ? 'Save' : 'Add column'}
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
