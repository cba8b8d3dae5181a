import { Navigate } from 'react-router';
import { paths } from '@brushline/shared/paths';
import { useSession } from '../../lib/session.ts';

/** SPEC §6: artists land on their incoming forms, everyone else on their outgoing orders. */
export function CrmIndexRedirect() {
  const { user } = useSession();
  return <Navigate to={user?.roles.includes('artist') ? paths.crmIncoming : paths.crmOutgoing} replace />;
}
