import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeleteAccountBody, ExportAnswer, ExportState } from '@brushline/shared/account/schemas';
import { api } from '../../../lib/api-client.ts';
import { sessionQuery } from '../../../lib/session.ts';

/** Query keys of the signed-in person's data export (decision 0024). */
export const accountKeys = {
  all: ['account'] as const,
  export: () => [...accountKeys.all, 'export'] as const,
};

/** How often a preparing export is looked at again (the archive is usually ready in seconds). */
const PREPARING_POLL_MS = 3000;

/** GET account/export: the latest export (null: none yet); looked at again while it is being made. */
export const exportStateQuery = queryOptions({
  queryKey: accountKeys.export(),
  queryFn: async () => (await api<{ export: ExportState }>('account/export')).export,
  refetchInterval: (q) => (q.state.data?.status === 'preparing' ? PREPARING_POLL_MS : false),
});

/** POST account/export: asks for a new archive; the answer is the new state. */
export function useRequestExport() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api<ExportAnswer>('account/export', { method: 'POST' }),
    onSuccess: (answer) => qc.setQueryData(accountKeys.export(), answer.export),
  });
}

/**
 * POST account/delete. On success `forget` drops every cached answer and asks for the session
 * again (the cookie is gone): called by the dialog once it has left the signed-in page, so that
 * page does not first send to sign-in.
 */
export function useDeleteAccount() {
  const qc = useQueryClient();
  const mutation = useMutation({
    mutationFn: (body: DeleteAccountBody) =>
      api<{ message: string }>('account/delete', { method: 'POST', body }),
  });
  const forget = () => {
    qc.removeQueries({ predicate: (q) => q.queryKey[0] !== sessionQuery.queryKey[0] });
    // Signed out at once: the page goes to sign-in (the settings pages' guard sends it there too).
    qc.setQueryData(sessionQuery.queryKey, null);
  };
  return { ...mutation, forget };
}

/** GET account/export/{token}/info: until when the mailed link works, and the archive's size. */
export const exportLinkQuery = (token: string) =>
  queryOptions({
    queryKey: [...accountKeys.all, 'link', token] as const,
    queryFn: () =>
      api<{ expiresAt: string; sizeBytes: number }>(`account/export/${encodeURIComponent(token)}/info`),
    retry: false,
  });
