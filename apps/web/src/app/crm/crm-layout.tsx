import { Stack, Title } from '@mantine/core';
import { Navigate, Outlet, useLocation } from 'react-router';
import { paths } from '@brushline/shared/paths';
import { LoadingState } from '../../components/query-states.tsx';
import { useOrdersRealtime } from '../../features/orders/api/use-orders-realtime.ts';
import { useSession } from '../../lib/session.ts';
import { CrmTabs } from './crm-tabs.tsx';

/** /crm: signed-in users only (signed-out ones go to /login and come back here afterwards). */
export function CrmLayout() {
  const { user, isPending } = useSession();
  const location = useLocation();
  // Order lists stay live on every CRM tab, so the subscription lives with the shell.
  useOrdersRealtime();
  if (isPending) return <LoadingState label="Loading" />;
  if (!user) {
    return <Navigate to={paths.login} replace state={{ from: location.pathname + location.search }} />;
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
