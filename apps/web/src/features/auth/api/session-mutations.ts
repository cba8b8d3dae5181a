import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginBody } from '@brushline/shared/auth/schemas';
import type { Me } from '@brushline/shared/users/schemas';
import { api } from '../../../lib/api-client.ts';
import { sessionQuery } from '../../../lib/session.ts';

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
