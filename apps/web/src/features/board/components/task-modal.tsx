import { Alert, Button, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { BOARD_TASK_DESCRIPTION_MAX, BOARD_TASK_TITLE_MAX } from '@brushline/shared/board/constants';
import { boardMessages } from '@brushline/shared/board/messages';
import type { BoardColumn, BoardTask } from '@brushline/shared/board/schemas';
import { ApiError } from '../../../lib/api-client.ts';
import { openConfirmModal } from '../../../lib/confirm.ts';
import { toast } from '../../../lib/toast.ts';
import { useCreateTask, useDeleteTask, useUpdateTask } from '../api/board-queries.ts';

/**
 * A personal task: new in a column, or opened to edit or delete. Mounted only while open, so each
 * opening starts from the task as it is.
 */
export function TaskModal({
  column,
  task,
  onClose,
}: {
  column: BoardColumn | null;
  task: BoardTask | null;
  onClose: () => void;
}) {
  const create = useCreateTask();
  const update = useUpdateTask();
  const remove = useDeleteTask();
  const [title, setTitle] = useState(task?.title ?? '');
  const [description, setDescription] = useState(task?.description ?? '');
  const [dueDate, setDueDate] = useState(task?.dueDate ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<string | null>(null);

  const onError = (err: Error) => {
    if (err instanceof ApiError && Object.keys(err.fields).length > 0) setErrors(err.fields);
    else setAlert(err.message);
  };

  const submit = () => {
    if (title.trim() === '') {
      setErrors({ title: boardMessages.taskTitleRequired });
      return;
    }
    const body = { title, description, dueDate: dueDate === '' ? null : dueDate };
    if (task) {
      update.mutate(
        { id: task.id, body },
        { onSuccess: () => (toast.success(boardMessages.saved), onClose()), onError },
      );
    } else if (column) {
      create.mutate(
        { columnGuid: column.id, ...body },
        { onSuccess: () => (toast.success(boardMessages.created), onClose()), onError },
      );
    }
  };

  const confirmDelete = () => {
    if (!task) return;
    openConfirmModal({
      title: 'Delete this task?',
      children: `“${task.title}” is removed from your board for good.`,
      labels: { confirm: 'Delete task', cancel: 'Keep it' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(task.id, {
          onSuccess: () => (toast.success(boardMessages.taskDeleted), onClose()),
          onError: (err) => toast.error(err.message),
        }),
    });
  };

  return (
    <Modal opened onClose={onClose} title={task ? 'Personal task' : `New task in ${column?.title ?? ''}`}>
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
          <TextInput
            label="Title"
            required
            data-autofocus
            maxLength={BOARD_TASK_TITLE_MAX}
            value={title}
            error={errors.title}
            onChange={(e) => setTitle(e.currentTarget.value)}
          />
          <Textarea
            label="Description"
            description={`${description.length}/${BOARD_TASK_DESCRIPTION_MAX} · optional`}
            rows={3}
            resize="vertical"
            value={description}
            error={
              description.length > BOARD_TASK_DESCRIPTION_MAX
                ? boardMessages.taskDescriptionTooLong
                : errors.description
            }
            onChange={(e) => setDescription(e.currentTarget.value)}
          />
          <TextInput
            type="date"
            label="Due date"
            description="optional"
            value={dueDate}
            error={errors.dueDate}
            onChange={(e) => setDueDate(e.currentTarget.value)}
          />
          <Group justify="space-between" gap="xs">
            {task ? (
              <Button variant="subtle" color="red" onClick={confirmDelete} loading={remove.isPending}>
                Delete
              </Button>
            ) : (
              <span />
            )}
            <Group gap="xs">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" loading={create.isPending || update.isPending}>
                {task ? 'Save' : 'Add task'}
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
