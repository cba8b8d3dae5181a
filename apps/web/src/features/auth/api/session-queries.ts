import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LoginBody } from '@brushline/shared/auth/schemas';
import type { Me } from '@brushline/shared/users/schemas';
import { api, ApiError } from '../../../lib/api-client.ts';

/** The signed-in user, or null. The one key every feature reads "who am I" from. */
export const sessionQuery = queryOptions({
  queryKey: ['session'],
  queryFn: async (): Promise<Me | null> => {
    try {
      return await api<Me>('sessioncheck');
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) return null;
      throw err;
    }
  },
  staleTime: 60 * 1000,
});

export function useSession() {
  const { data, isPending } = useQuery(sessionQuery);
  return { user: data ?? null, isPending };
}

export function useLogin() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: LoginBody) => api<Me>('auth/login', { method: 'POST', body }),
    onSuccess: (me) => qc.setQueryData(sessionQuery.queryKey, me),
  });
}

/** Ends the session and forgets every cached answer that belonged to it. */
export function useLogout() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api<void>('auth/logout', { method: 'POST' }),
    onSettled: () => {
      qc.removeQueries({ predicate: (q) => q.queryKey[0] !== 'site' });
      qc.setQueryData(sessionQuery.queryKey, null);
    },
  });
}
