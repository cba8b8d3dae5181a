import { Grid, NavLink, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { paths } from '@brushline/shared/paths';
import { LoadingState } from '../../../components/query-states.tsx';
import { useSession } from '../../../lib/session.ts';
import { payoutAccountQuery, takesCards } from '../../payments/api/payout-queries.ts';

const sections = [
  { to: paths.settingsGeneral, label: 'General', description: 'Feed content and artist mode' },
  { to: paths.settingsSocials, label: 'Socials', description: 'Links shown on your profile' },
  { to: paths.settingsNotifications, label: 'Notifications', description: 'What is e-mailed to you' },
  { to: paths.settingsHiddenTags, label: 'Hidden tags', description: 'Tags you never want to see' },
];
/** Shown to artists on a site that takes card payments (Stripe): where they connect their account. */
const payouts = {
  to: paths.settingsPayouts,
  label: 'Payouts',
  description: 'Get paid by card through Stripe',
};

/** /settings: a side nav (above the section on phones) and the chosen section; signed-in users only. */
export function SettingsLayout() {
  const { user, isPending } = useSession();
  const location = useLocation();
  const artist = !!user?.roles.includes('artist');
  const account = useQuery({ ...payoutAccountQuery(), enabled: artist });
  if (isPending) return <LoadingState label="Loading settings" />;
  if (!user)
    return <Navigate to={paths.login} replace state={{ from: location.pathname + location.search }} />;

  return (
    <Stack>
      <Title order={1} fz="h2">
        Settings
      </Title>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, sm: 3 }}>
          <nav aria-label="Settings sections">
            {[...sections, ...(artist && takesCards(account.data) ? [payouts] : [])].map((s) => (
              <NavLink
                key={s.to}
                component={Link}
                to={s.to}
                label={s.label}
                description={s.description}
                active={location.pathname === s.to}
                aria-current={location.pathname === s.to ? 'page' : undefined}
              />
            ))}
          </nav>
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 9 }}>
          <Outlet context={user} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
