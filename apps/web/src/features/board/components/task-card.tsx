import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import type { BoardTask } from '@brushline/shared/board/schemas';
import { formatUsd } from '@brushline/shared/cards/pricing';
import { TASK_STATUS_LABELS } from '@brushline/shared/orders/status-machine';
import { formatDate } from '../../../lib/format-date.ts';
import { taskDndId } from '../board-layout.ts';

/** What a card shows: the title, and for a commission the buyer, options, total and status. */
export function TaskCardBody({ task }: { task: BoardTask }) {
  const c = task.commission;
  return (
    <Stack gap={4}>
      <Group justify="space-between" gap={6} wrap="nowrap" align="flex-start">
        <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
          {task.title}
        </Text>
        {c && c.unread > 0 && (
          <Badge size="sm" color="red" variant="filled" aria-label={`${c.unread} unread`}>
            {c.unread}
          </Badge>
        )}
      </Group>
      {c ? (
        <>
          <Text size="xs" c="dimmed">
            #{c.formId} · {c.buyer.displayName} · {formatUsd(c.totalPrice)}
          </Text>
          {c.options && (
            <Text size="xs" c="dimmed" lineClamp={1}>
              {c.options}
            </Text>
          )}
          <Text size="xs">{TASK_STATUS_LABELS[c.status]}</Text>
        </>
      ) : (
        <>
          {task.description && (
            <Text size="xs" c="dimmed" lineClamp={2}>
              {task.description}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            Personal task{task.dueDate ? ` · due ${formatDate(`${task.dueDate}T00:00:00`)}` : ''}
          </Text>
        </>
      )}
    </Stack>
  );
}

/**
 * A task on the board: the whole card is the drag handle (mouse after 5 px, touch after a press,
 * Space from the keyboard) and a button that opens the task (click or Enter).
 */
export function TaskCard({ task, onOpen }: { task: BoardTask; onOpen: (task: BoardTask) => void }) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id: taskDndId(task.id),
    data: { type: 'task' },
  });
  return (
    <Card
      ref={setNodeRef}
      withBorder
      padding="xs"
      radius="sm"
      {...attributes}
      {...listeners}
      aria-label={`${task.title}${task.commission ? `, commission #${task.commission.formId}` : ', personal task'}. Press Enter to open, Space to move`}
      onClick={() => onOpen(task)}
      onKeyDown={(e) => {
        listeners?.onKeyDown?.(e);
        if (e.key === 'Enter' && !e.defaultPrevented) onOpen(task);
      }}
      style={{
        transform: CSS.Translate.toString(transform),
        transition,
        opacity: isDragging ? 0.4 : 1,
        cursor: 'grab',
        touchAction: 'manipulation',
      }}
    >
      <TaskCardBody task={task} />
    </Card>
  );
}
