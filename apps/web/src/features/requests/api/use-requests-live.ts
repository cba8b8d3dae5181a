import { useQueryClient } from '@tanstack/react-query';
import { useHubEvent, useHubReconnect } from '../../../lib/hub.tsx';
import { requestKeys } from './request-queries.ts';

/**
 * Keeps the requests screens fresh while the other side acts: an artist applying pushes
 * AppliedForRequestRecieved to the owner, and an answer pushes an approval_request_status
 * notification (NotificationRecieved 'crm') to the artist (docs/decisions/0018-requests.md).
 */
export function useRequestsLive() {
  const qc = useQueryClient();
  const refresh = () => void qc.invalidateQueries({ queryKey: requestKeys.all });
  useHubEvent('AppliedForRequestRecieved', refresh);
  useHubEvent('NotificationRecieved', ({ kind }) => {
    if (kind === 'crm') refresh();
  });
  // Events sent while the connection was down are lost: catch up after reconnecting.
  useHubReconnect(refresh);
}
