import { Button } from '@mantine/core';
import { IconMessageCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { TaskStatus } from '@brushline/shared/orders/constants';
import { toPath } from '@brushline/shared/paths';

/** Statuses before an acceptance or after a refusal: no working chat between the two (yet). */
const NO_WORKING_CHAT: readonly TaskStatus[] = ['none', 'declined', 'canceled'];

/**
 * "Open chat" (decision 0016): the working chat with the other side of an order, on the order page,
 * the kanban task modal and the tracking details. The working room exists once an order between
 * the two was accepted, so before that (or after a refusal) there is no button.
 */
export function OpenChatButton({ status, otherLogin }: { status: TaskStatus; otherLogin: string }) {
  if (NO_WORKING_CHAT.includes(status)) return null;
  return (
    <Button
      component={Link}
      to={toPath('wchatRoom', { id: otherLogin })}
      variant="default"
      size="xs"
      leftSection={<IconMessageCircle size={16} aria-hidden />}
    >
      Open chat
    </Button>
  );
}
