import { Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { LoadingState } from '../../components/query-states.tsx';
import { useSession } from '../auth/api/session-queries.ts';
import { useOrdersRealtime } from '../orders/api/use-orders-realtime.ts';
import { CrmTabs } from './components/crm-tabs.tsx';

/** /crm: signed-in users only (signed-out ones go to /login and come back here afterwards). */
export function CrmLayout() {
  const { user, isPending } = useSession();
  const location = useLocation();
  useOrdersRealtime();
  if (isPending) return <LoadingState label="Loading" />;
  if (!user) {
    return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  }
  return (
    <Stack gap="md">
      <Title order={1} fz="h2">
        CRM
      </Title>
      <CrmTabs isArtist={user.roles.includes('artist')} />
      <Outlet />
    </Stack>
  );
}

/** SPEC §6: artist-only CRM pages send everyone else to /crm. */
export function RequireArtist({ children }: { children: ReactNode }) {
  const { user } = useSession();
  if (!user?.roles.includes('artist')) return <Navigate to="/crm" replace />;
  return children;
}

/** SPEC §6: artists land on their incoming forms, everyone else on their outgoing orders. */
export function CrmIndexRedirect() {
  const { user } = useSession();
  return (
    <Navigate to={user?.roles.includes('artist') ? '/crm/pending/new' : '/crm/outgoing/orders'} replace />
  );
}
