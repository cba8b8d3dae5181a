import { Anchor, Box, Button, Card, Grid, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { Link, useLocation } from 'react-router';
import { isSubscriber } from '@brushline/shared/roles';
import { paths } from '@brushline/shared/paths';
import { useSession } from '../../../lib/session.ts';
import { PostList } from '../components/post-list.tsx';

/**
 * Only signed-in readers get the creator, and it carries the form checks, the upload queue and
 * the drop zone: it loads in its own chunk, so visitors never download it.
 */
const PostCreator = lazy(async () => ({
  default: (await import('../components/post-creator.tsx')).PostCreator,
}));

/** Only subscribers get the side panel of notifications: it loads on demand too. */
const NotificationsPanel = lazy(async () => ({
  default: (await import('../../notifications/components/notifications-panel.tsx')).NotificationsPanel,
}));

/** The creator's content height when empty (measured in Chromium at 390 and 1280 px wide). */
const CREATOR_HEIGHT = { base: 246, sm: 306 };

/** Holds the creator's place while it loads, at its height, so the feed below does not jump. */
function CreatorPlaceholder() {
  return (
    <Card withBorder padding="md" aria-busy="true" aria-label="New post">
      <Skeleton h={{ base: CREATOR_HEIGHT.base, sm: CREATOR_HEIGHT.sm }} />
    </Card>
  );
}

function SignInPrompt() {
  const location = useLocation();
  return (
    <Card withBorder padding="md">
      <Group justify="space-between" gap="sm">
        <Text>Sign in to post and like posts.</Text>
        <Group gap="xs">
          <Button component={Link} to={paths.login} state={{ from: location.pathname }}>
            Sign in to post
          </Button>
          <Button component={Link} to={paths.register} variant="default">
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
      {!isPending &&
        (user ? (
          <Suspense fallback={<CreatorPlaceholder />}>
            <PostCreator user={user} />
          </Suspense>
        ) : (
          <SignInPrompt />
        ))}
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
                    <Anchor component={Link} to={paths.register}>
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
          <Suspense fallback={null}>
            <NotificationsPanel />
          </Suspense>
        </Box>
      </Grid.Col>
    </Grid>
  );
}
