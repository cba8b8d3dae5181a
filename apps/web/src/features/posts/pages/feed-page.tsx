import { Anchor, Box, Button, Card, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { isSubscriber } from '@brushline/shared/roles';
import { useSession } from '../../auth/api/session-queries.ts';
import { NotificationsPanel } from '../../notifications/components/notifications-panel.tsx';
import { PostCreator } from '../components/post-creator.tsx';
import { PostList } from '../components/post-list.tsx';

function SignInPrompt() {
  const location = useLocation();
  return (
    <Card withBorder padding="md">
      <Group justify="space-between" gap="sm">
        <Text>Sign in to post and like posts.</Text>
        <Group gap="xs">
          <Button component={Link} to="/login" state={{ from: location.pathname }}>
            Sign in to post
          </Button>
          <Button component={Link} to="/register" variant="default">
            Create account
          </Button>
        </Group>
      </Group>
    </Card>
  );
}

/** SPEC §2 /feed (and /hub/feed): the post creator, the infinite feed, and for subscribers the notifications panel. */
export function FeedPage() {
  const { user, isPending } = useSession();
  const withPanel = user !== null && isSubscriber(user.roles);
  const feed = (
    <Stack>
      <Title order={1} size="h2">
        Feed
      </Title>
      {!isPending && (user ? <PostCreator user={user} /> : <SignInPrompt />)}
      <PostList
        owner={null}
        empty={
          <Card withBorder padding="xl">
            <Stack align="center" gap="xs">
              <Text fw={500}>There are no posts yet.</Text>
              <Text size="sm" c="dimmed" ta="center">
                {user ? (
                  'Be the first: write something above or add a picture.'
                ) : (
                  <>
                    <Anchor component={Link} to="/register">
                      Create an account
                    </Anchor>{' '}
                    to share the first one.
                  </>
                )}
              </Text>
            </Stack>
          </Card>
        }
      />
    </Stack>
  );
  if (!withPanel)
    return (
      <Box maw={720} mx="auto">
        {feed}
      </Box>
    );
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 8 }}>{feed}</Grid.Col>
      {/* On phones the side column would sit below an endless list: the header bell serves instead. */}
      <Grid.Col span={{ md: 4 }} visibleFrom="md">
        <Box pos="sticky" top={76}>
          <NotificationsPanel />
        </Box>
      </Grid.Col>
    </Grid>
  );
}
