import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Badge, Button, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconGripVertical, IconLock, IconPlus, IconSettings } from '@tabler/icons-react';
import { boardMessages } from '@brushline/shared/board/messages';
import type { BoardColumn, BoardTask } from '@brushline/shared/board/schemas';
import { OVERFLOW_ITEM } from '../../../lib/use-horizontal-overflow.ts';
import { columnDndId, taskDndId } from '../board-layout.ts';
import classes from './board.module.css';
import { TaskCard } from './task-card.tsx';

interface Props {
  column: BoardColumn;
  tasks: BoardTask[];
  onOpenTask: (task: BoardTask) => void;
  onAddTask: (column: BoardColumn) => void;
  onOpenColumn: (column: BoardColumn) => void;
}

/** Over its work-in-progress limit, a column warns in words and colour; it never refuses a drop. */
export function wipWarning(column: BoardColumn, count: number): string | null {
  return column.wipLimit !== null && count > column.wipLimit
    ? `Over the limit: ${count} of ${column.wipLimit}`
    : null;
}

/** One column: its header (move, title, count, settings), its tasks, and "Add task". */
export function BoardColumnView({ column, tasks, onOpenTask, onAddTask, onOpenColumn }: Props) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: columnDndId(column.id), data: { type: 'column' } });
  const warning = wipWarning(column, tasks.length);
  const headingId = `board-column-${column.id}`;
  return (
    <Paper
      ref={setNodeRef}
      withBorder
      radius="md"
      p="xs"
      className={classes.column}
      data-warning={warning ? 'true' : undefined}
      role="region"
      aria-labelledby={headingId}
      {...{ [OVERFLOW_ITEM]: column.title }}
      style={{ transform: CSS.Translate.toString(transform), transition, opacity: isDragging ? 0.5 : 1 }}
    >
      <Stack gap="xs">
        <Group gap={4} wrap="nowrap" justify="space-between">
          <Group gap={4} wrap="nowrap" style={{ minWidth: 0 }}>
            <ActionIcon
              ref={setActivatorNodeRef}
              variant="subtle"
              color="gray"
              size="sm"
              aria-label={`Move column ${column.title}`}
              {...attributes}
              {...listeners}
              style={{ cursor: 'grab', touchAction: 'manipulation' }}
            >
              <IconGripVertical size={16} aria-hidden />
            </ActionIcon>
            <Text id={headingId} component="h3" fw={700} size="sm" truncate>
              {column.title}
            </Text>
            <Badge size="sm" variant="light" color="gray" aria-label={`${tasks.length} tasks`}>
              {tasks.length}
            </Badge>
            {!column.isPublic && (
              <Tooltip label="Private: not on your public queue">
                <IconLock size={14} aria-label="Private column" role="img" />
              </Tooltip>
            )}
          </Group>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="sm"
            aria-label={`Settings of column ${column.title}`}
            onClick={() => onOpenColumn(column)}
          >
            <IconSettings size={16} aria-hidden />
          </ActionIcon>
        </Group>
        {warning && (
          <Text size="xs" c="orange.9" fw={600} role="status">
            {warning}
          </Text>
        )}
        <SortableContext items={tasks.map((t) => taskDndId(t.id))} strategy={verticalListSortingStrategy}>
          <Stack gap={6} className={classes.tasks}>
            {tasks.length === 0 ? (
              <Text size="sm" c="dimmed" ta="center" py="sm">
                {boardMessages.noTasks}
              </Text>
            ) : (
              tasks.map((t) => <TaskCard key={t.id} task={t} onOpen={onOpenTask} />)
            )}
          </Stack>
        </SortableContext>
        <Button
          variant="subtle"
          size="xs"
          leftSection={<IconPlus size={14} aria-hidden />}
          onClick={() => onAddTask(column)}
          aria-label={`Add task to ${column.title}`}
        >
          Add task
        </Button>
      </Stack>
    </Paper>
  );
}
