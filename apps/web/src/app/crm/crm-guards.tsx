import { Navigate, Outlet } from 'react-router';
import { paths } from '@brushline/shared/paths';
import { useSession } from '../../lib/session.ts';

/** SPEC §6: artist-only CRM pages (the routes under this one) send everyone else to /crm. */
export function RequireArtist() {
  const { user } = useSession();
  if (!user?.roles.includes('artist')) return <Navigate to={paths.crm} replace />;
  return <Outlet />;
}

/** SPEC §6: artists land on their incoming forms, everyone else on their outgoing orders. */
export function CrmIndexRedirect() {
  const { user } = useSession();
  return <Navigate to={user?.roles.includes('artist') ? paths.crmIncoming : paths.crmOutgoing} replace />;
}
