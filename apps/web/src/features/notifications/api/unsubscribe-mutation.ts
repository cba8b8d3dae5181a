import { useMutation } from '@tanstack/react-query';
import type { UnsubscribeAnswer } from '@brushline/shared/notifications/preferences';
import { api } from '../../../lib/api-client.ts';

/** POST notifications/unsubscribe/{token}: signed out, idempotent; a bad token answers 400. */
export function useUnsubscribe() {
  return useMutation({
    mutationFn: (token: string) =>
      api<UnsubscribeAnswer>(`notifications/unsubscribe/${encodeURIComponent(token)}`, { method: 'POST' }),
  });
}
