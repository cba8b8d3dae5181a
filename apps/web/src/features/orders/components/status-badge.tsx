import { Badge } from '@mantine/core';
import type { TaskStatus } from '@brushline/shared/orders/constants';
import { TASK_STATUS_LABELS } from '@brushline/shared/orders/status-machine';
import badge from '../../../components/readable-badge.module.css';

const COLORS: Record<TaskStatus, string> = {
  none: 'yellow',
  waiting: 'cyan',
  processing: 'blue',
  finished: 'violet',
  done: 'teal',
  canceled: 'gray',
  declined: 'red',
};

const BADGE_STYLES = {
  root: { height: 'auto', minHeight: 'var(--badge-height)', paddingBlock: 2 },
  label: { whiteSpace: 'normal' as const, lineHeight: 1.3 },
};

export function StatusBadge({ status }: { status: TaskStatus }) {
  return (
    // The labels are short sentences: in a narrow column they wrap rather than being cut off.
    <Badge
      variant="light"
      color={COLORS[status]}
      tt="none"
      maw="100%"
      styles={BADGE_STYLES}
      className={badge.readable}
    >
      {TASK_STATUS_LABELS[status]}
    </Badge>
  );
}
