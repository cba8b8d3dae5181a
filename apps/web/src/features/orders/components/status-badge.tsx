import { Badge } from '@mantine/core';
import type { TaskStatus } from '@brushline/shared/orders/constants';
import { TASK_STATUS_LABELS } from '@brushline/shared/orders/status-machine';

const COLORS: Record<TaskStatus, string> = {
  none: 'yellow',
  waiting: 'cyan',
  processing: 'blue',
  finished: 'violet',
  done: 'teal',
  canceled: 'gray',
  declined: 'red',
};

export function StatusBadge({ status }: { status: TaskStatus }) {
  return (
    <Badge variant="light" color={COLORS[status]} style={{ textTransform: 'none' }}>
      {TASK_STATUS_LABELS[status]}
    </Badge>
  );
}
