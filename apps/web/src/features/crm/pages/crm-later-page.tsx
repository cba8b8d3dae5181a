import { Anchor, Card, List, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useSession } from '../../auth/api/session-queries.ts';

/**
 * The kanban tracker and public requests come in later releases. Rather than a board that does
 * nothing, the tab says so and points at the screens that work today.
 */
export function CrmLaterPage({ what }: { what: 'tracker' | 'requests' }) {
  const { user } = useSession();
  const isArtist = user?.roles.includes('artist') ?? false;
  const title =
    what === 'tracker' ? 'The tracker arrives in a later release' : 'Requests arrive in a later release';
  const about =
    what === 'tracker'
      ? 'A kanban board for your commission tasks is on its way. Until then, follow your orders here:'
      : 'Public commission requests and applications are on their way. Until then, you can use:';
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
                <Anchor component={Link} to="/crm/pending/new">
                  Incoming requests
                </Anchor>{' '}
                — forms commissioners sent you
              </List.Item>
              <List.Item>
                <Anchor component={Link} to="/crm/pending/active">
                  Active commissions
                </Anchor>{' '}
                — tasks you accepted, by commissioner
              </List.Item>
              <List.Item>
                <Anchor component={Link} to="/crm/cards">
                  Commission forms
                </Anchor>{' '}
                — the cards commissioners order from
              </List.Item>
            </>
          )}
          <List.Item>
            <Anchor component={Link} to="/crm/outgoing/orders">
              Outgoing orders
            </Anchor>{' '}
            — commissions you ordered from artists
          </List.Item>
        </List>
      </Stack>
    </Card>
  );
}
