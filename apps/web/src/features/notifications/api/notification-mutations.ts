import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { Notification, NotificationPage, UnreadCount } from '@brushline/shared/notifications/schemas';
import { api } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { notificationKeys } from './notification-queries.ts';

type Patch = (n: Notification) => Notification;
const read: Patch = (n) => (n.isRead ? n : { ...n, isRead: true });

/** Shows the change at once in every cached list; the refetch that follows confirms it. */
function patchCaches(qc: ReturnType<typeof useQueryClient>, patch: Patch, unread: (n: number) => number) {
  const patchPage = (p: NotificationPage): NotificationPage => ({ ...p, items: p.items.map(patch) });
  qc.setQueryData<NotificationPage>(notificationKeys.latest(), (p) => p && patchPage(p));
  qc.setQueryData<InfiniteData<NotificationPage>>(
    notificationKeys.list(),
    (d) => d && { ...d, pages: d.pages.map(patchPage) },
  );
  qc.setQueryData<UnreadCount>(notificationKeys.unreadCount(), (c) => c && { count: unread(c.count) });
}

export function useMarkRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<Notification>(`notifications/read/${id}`, { method: 'PUT' }),
    onMutate: (id) => {
      patchCaches(
        qc,
        (n) => (n.id === id ? read(n) : n),
        (c) => Math.max(0, c - 1),
      );
    },
    onError: (err) => toast.error(err.message),
    onSettled: () => qc.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

export function useMarkAllRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api<{ updated: number }>('notifications/read-all', { method: 'PUT' }),
    onSuccess: () => patchCaches(qc, read, () => 0),
    onError: (err) => toast.error(err.message),
    onSettled: () => qc.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
