import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link, Outlet, useLocation } from 'react-router';
import { paths } from '@brushline/shared/paths';
import { useSession } from '../../lib/session.ts';
import { crmTabs, tabOf } from './crm-tabs.tsx';

/**
 * What a non-artist sees on an artist-only CRM page (decision 0007): why there is nothing here and
 * where artist mode is turned on, instead of being bounced to another page without a word. The
 * address stays, so once artist mode is on the same link works.
 */
function ArtistOnlyPage() {
  const location = useLocation();
  const tab = tabOf(location.pathname);
  const label = crmTabs.find((t) => t.path === tab)?.label;
  return (
    <Card withBorder padding="lg" maw={640}>
      <Stack gap="sm">
        <Title order={2} fz="h3">
          {label ? `“${label}” is for artists` : 'This page is for artists'}
        </Title>
        <Text>
          Artist mode is off for your account, so the artist tools of the CRM (commission forms, incoming
          requests and active commissions) have nothing to show you.
        </Text>
        <Text>
          To sell commissions, turn on <strong>I am an artist</strong> in Settings and save. The artist tabs
          then appear here, beside your outgoing orders.
        </Text>
        <Group gap="sm" mt="xs">
          <Button component={Link} to={paths.settingsGeneral}>
            Turn on artist mode in Settings
          </Button>
          <Button component={Link} to={paths.crmOutgoing} variant="default">
            See your outgoing orders
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/**
 * SPEC §6: artist-only CRM pages (the routes under this one) are for artists. Everyone else is
 * told why and how to become one; SPEC §6's redirect to /crm left them guessing (decision 0007).
 */
export function RequireArtist() {
  const { user } = useSession();
  if (!user?.roles.includes('artist')) return <ArtistOnlyPage />;
  return <Outlet />;
}
