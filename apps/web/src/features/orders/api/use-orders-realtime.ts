import { useQueryClient } from '@tanstack/react-query';
import { useHubEvent, useHubReconnect } from '../../../lib/hub.tsx';
import { orderKeys } from './order-queries.ts';

/** Keeps the CRM's order lists fresh: a new form, or any CRM notification, refetches them. */
export function useOrdersRealtime() {
  const qc = useQueryClient();
  const refresh = () => void qc.invalidateQueries({ queryKey: orderKeys.all });
  useHubEvent('ComissionRequestRecieved', refresh);
  useHubEvent('NotificationRecieved', ({ kind }) => {
    if (kind === 'crm') refresh();
  });
  // Events sent while the connection was down are lost: catch up after reconnecting.
  useHubReconnect(refresh);
}
