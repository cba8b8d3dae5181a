import { Text } from '@mantine/core';
import { IconCalendarDue } from '@tabler/icons-react';
import { useState } from 'react';
import type { TaskStatus } from '@brushline/shared/orders/constants';
import { formatDate } from '../../../lib/format-date.ts';

const DAY = 24 * 60 * 60 * 1000;

/** "Due 3 Dec 2026 · in 8 days", "Due today" or "Overdue since 3 Dec 2026" for a deadline. */
export function deadlineText(deadline: string, now: number = Date.now()): string {
  const days = Math.ceil((Date.parse(deadline) - now) / DAY);
  if (days < 0) return `Overdue since ${formatDate(deadline)}`;
  if (days === 0) return `Due today, ${formatDate(deadline)}`;
  return `Due ${formatDate(deadline)} · in ${days} day${days === 1 ? '' : 's'}`;
}

/**
 * An order's deadline, if any (decision 0018): orders made from a public request are
 * due at the approval plus the request's days; orders from a card have none, and then nothing
 * shows. Finished work is no longer "overdue", so only open orders say so, in red.
 */
export function DeadlineLine({ deadline, status }: { deadline: string | null; status: TaskStatus }) {
  // The moment the line was first shown: days left do not change while someone reads.
  const [now] = useState(() => Date.now());
  if (!deadline) return null;
  const open = status === 'waiting' || status === 'processing';
  const late = open && Date.parse(deadline) < now;
  return (
    <Text size="sm" c={late ? 'red.8' : 'dimmed'} fw={late ? 600 : undefined}>
      <IconCalendarDue size={16} aria-hidden style={{ verticalAlign: 'text-bottom', marginRight: 4 }} />
      {open ? deadlineText(deadline, now) : `Deadline ${formatDate(deadline)}`}
    </Text>
  );
}
