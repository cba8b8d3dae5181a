import type { Notification } from '@brushline/shared/notifications/schemas';
import { useNavigate } from 'react-router';
import { useMarkRead } from './api/notification-mutations.ts';
import { notificationTarget } from './notification-target.ts';

/** Opening a notification marks it read and goes to what it is about, if anything. */
export function useOpenNotification(after?: () => void) {
  const navigate = useNavigate();
  const markRead = useMarkRead();
  return (n: Notification) => {
    if (!n.isRead) markRead.mutate(n.id);
    after?.();
    const target = notificationTarget(n);
    if (target) void navigate(target);
  };
}
