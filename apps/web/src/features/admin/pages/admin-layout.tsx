import { Stack, Title } from '@mantine/core';
import { Outlet, useMatches } from 'react-router';
import { isStaff } from '@brushline/shared/roles';
import { NotFoundPage } from '../../../components/not-found-page.tsx';
import { LoadingState } from '../../../components/query-states.tsx';
import { useSession } from '../../../lib/session.ts';
import { AdminTabs } from '../components/admin-tabs.tsx';
import { isAdminOnly } from '../route-handle.ts';

/**
 * /admin: staff only. Anyone else (a visitor, a user who is not staff, a moderator on an
 * admins-only page) gets the app's not-found page, the same as for an unknown address: the area
 * does not say that it exists. The server answers its API with 404 to them all the same.
 */
export function AdminLayout() {
  const { user, isPending } = useSession();
  const adminOnly = useMatches().some((m) => isAdminOnly(m.handle));
  if (isPending) return <LoadingState label="Loading" />;
  const isAdmin = Boolean(user?.roles.includes('admin'));
  if (!user || !isStaff(user.roles) || (adminOnly && !isAdmin)) return <NotFoundPage />;
  return (
    <Stack gap="md">
      <Title order={1} fz="h2">
        Admin
      </Title>
      <AdminTabs isAdmin={isAdmin} />
      <Outlet />
    </Stack>
  );
}
