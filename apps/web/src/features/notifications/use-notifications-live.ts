import { useQueryClient } from '@tanstack/react-query';
import { useHubEvent, useHubReconnect } from '../../lib/hub.tsx';
import { notificationKeys } from './api/notification-queries.ts';

/**
 * Keeps every notifications query fresh: a pushed NotificationRecieved, or a reconnect after
 * events may have been missed, refetches them. Mounted once, by the header bell.
 */
export function useNotificationsLive() {
  const qc = useQueryClient();
  const refresh = () => void qc.invalidateQueries({ queryKey: notificationKeys.all });
  // Chat messages are counted by the header's chat link, not by the bell.
  useHubEvent('NotificationRecieved', ({ kind }) => {
    if (kind !== 'chat') refresh();
  });
  useHubReconnect(refresh);
}
