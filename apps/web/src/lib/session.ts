import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Me } from '@brushline/shared/users/schemas';
import { api, ApiError } from './api-client.ts';

/**
 * The signed-in user, or null. The one key every feature (and the hub) reads "who am I" from, so
 * it lives here rather than in a feature; signing in and out are the auth feature's mutations.
 */
export const sessionQuery = queryOptions({
  queryKey: ['session'],
  queryFn: async (): Promise<Me | null> => {
    try {
      // null for a visitor (no session cookie); 401 when a session cookie outlived its session.
      return await api<Me | null>('sessioncheck');
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
