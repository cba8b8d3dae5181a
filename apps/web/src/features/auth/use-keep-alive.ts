import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { KEEP_ALIVE_INTERVAL_MS } from '@brushline/shared/auth/constants';
import type { Me } from '@brushline/shared/users/schemas';
import { paths } from '@brushline/shared/paths';
import { api } from '../../lib/api-client.ts';
import { toast } from '../../lib/toast.ts';
import { sessionQuery } from '../../lib/session.ts';
import { createKeepAlive } from './keep-alive.ts';

/** While someone is signed in, asks GET /api/sessioncheck every minute; see createKeepAlive. */
export function useKeepAlive(userId: string | undefined, intervalMs = KEEP_ALIVE_INTERVAL_MS) {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const here = location.pathname + location.search;

  useEffect(() => {
    if (!userId) return;
    const keepAlive = createKeepAlive(
      async () => {
        // A 401 throws; null (the cookie itself is gone) is a failure too.
        const me = await api<Me | null>('sessioncheck');
        if (!me) throw new Error('Not signed in');
        qc.setQueryData(sessionQuery.queryKey, me);
      },
      () => {
        qc.removeQueries({ predicate: (q) => q.queryKey[0] !== 'site' });
        qc.setQueryData(sessionQuery.queryKey, null);
        toast.info('Your session has ended. Please sign in again');
        void navigate(paths.login, { state: { from: here } });
      },
    );
    const timer = setInterval(() => void keepAlive.tick(), intervalMs);
    return () => clearInterval(timer);
    // `here` is read when the session ends; a new page must not restart the count.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [userId, intervalMs, qc, navigate]);
}
