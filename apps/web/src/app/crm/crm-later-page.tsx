import { Anchor, Card, List, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '@brushline/shared/paths';
import { useSession } from '../../lib/session.ts';

/**
 * Public requests come in a later release. Rather than a screen that does nothing, the tab says
 * so and points at the screens that work today.
 */
export function RequestsLaterPage() {
  const { user } = useSession();
  const isArtist = user?.roles.includes('artist') ?? false;
  const title = 'Requests arrive in a later release';
  const about = 'Public commission requests and applications are on their way. Until then, you can use:';
  return (
    <Card withBorder padding="lg" maw={640}>
      <Stack gap="sm">
        <Title order={2} fz="h3">
          {title}
        </Title>
        <Text c="dimmed">{about}</Text>
        <List spacing={4}>
          {isArtist && (
            <>
              <List.Item>
                <Anchor component={Link} to={paths.crmIncoming}>
                  Incoming requests
                </Anchor>{' '}
                — forms commissioners sent you
              </List.Item>
              <List.Item>
                <Anchor component={Link} to={paths.crmActive}>
                  Active commissions
                </Anchor>{' '}
                — tasks you accepted, by commissioner
              </List.Item>
              <List.Item>
                <Anchor component={Link} to={paths.crmCards}>
                  Commission forms
                </Anchor>{' '}
                — the cards commissioners order from
              </List.Item>
            </>
          )}
          <List.Item>
            <Anchor component={Link} to={paths.crmTracker}>
              Tracker
            </Anchor>{' '}
            — your kanban board of commissions and tasks
          </List.Item>
          <List.Item>
            <Anchor component={Link} to={paths.crmOutgoing}>
              Outgoing orders
            </Anchor>{' '}
            — commissions you ordered from artists
          </List.Item>
        </List>
      </Stack>
    </Card>
  );
}
