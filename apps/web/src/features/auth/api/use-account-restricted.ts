import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '@brushline/shared/paths';
import { useHubEvent } from '../../../lib/hub.tsx';
import { sessionQuery } from '../../../lib/session.ts';

/** What the sign-in page is handed when staff restricted the account: the words to show. */
export interface RestrictedState {
  restricted: string;
}

/** The restriction message a sign-in page was opened with, if any. */
export function restrictedMessage(state: unknown): string | null {
  const value = (state as Partial<RestrictedState> | null)?.restricted;
  return typeof value === 'string' && value ? value : null;
}

/**
 * Staff suspended or banned the signed-in user (the hub's AccountRestricted, decision 0021): the
 * session is over. The app goes to the sign-in page, which shows why (the end date and the
 * reason), and forgets the user once that page is on screen. Not before: a page that guards
 * itself (the CRM, settings) stays mounted while the sign-in page loads, and signed out it would
 * send the reader to sign in on its own, without the message. The shell runs it, so it listens on
 * every page while someone is signed in.
 */
export function useAccountRestricted() {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const signOutPending = useRef(false);

  useHubEvent('AccountRestricted', ({ message }) => {
    signOutPending.current = true;
    const state: RestrictedState = { restricted: message };
    void navigate(paths.login, { state });
  });

  // The next location committed (the sign-in page, unless something else won the race): sign out.
  useEffect(() => {
    if (!signOutPending.current) return;
    signOutPending.current = false;
    // The session's own query turns null, so every reader (the header) shows the signed-out state
    // at once; what belonged to the account goes.
    qc.setQueryData(sessionQuery.queryKey, null);
    qc.removeQueries({ predicate: (q) => q.queryKey[0] !== 'site' && q.queryKey[0] !== 'session' });
  }, [location.key, qc]);
}
