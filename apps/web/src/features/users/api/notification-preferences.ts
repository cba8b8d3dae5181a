import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  NotificationPreferences,
  UpdateNotificationPreferences,
} from '@brushline/shared/notifications/preferences';
import { api } from '../../../lib/api-client.ts';
import { userKeys } from './user-queries.ts';

/** GET notifications/preferences: the signed-in user's channel for every kind. */
export const notificationPreferencesQuery = (login: string) =>
  queryOptions({
    queryKey: userKeys.notificationPreferences(login),
    queryFn: () => api<NotificationPreferences>('notifications/preferences'),
  });

/** PUT notifications/preferences; the answer (every kind) replaces the cached choice. */
export function useUpdateNotificationPreferences(login: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateNotificationPreferences) =>
      api<{ preferences: NotificationPreferences; message: string }>('notifications/preferences', {
        method: 'PUT',
        body,
      }),
    onSuccess: ({ preferences }) => qc.setQueryData(userKeys.notificationPreferences(login), preferences),
  });
}
