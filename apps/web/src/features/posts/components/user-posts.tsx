import { Button, Card, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '@brushline/shared/paths';
import { PostList } from './post-list.tsx';

/**
 * The posts of one user, newest first, for the profile page: the feed's cards and infinite scroll.
 * On their own profile an empty list points the owner to where posts are written.
 */
export function UserPosts({ login, isMe = false }: { login: string; isMe?: boolean }) {
  return (
    <PostList
      owner={login}
      empty={
        <Card withBorder padding="lg">
          {isMe ? (
            <Stack align="center" gap="xs">
              <Text fw={500}>You have not posted anything yet.</Text>
              <Text size="sm" c="dimmed" ta="center">
                Share a sketch or a finished piece: it shows here and in the feed.
              </Text>
              <Button component={Link} to={paths.feed} variant="light" mt="xs">
                Write your first post
              </Button>
            </Stack>
          ) : (
            <Text c="dimmed" ta="center">
              No posts to show yet.
            </Text>
          )}
        </Card>
      }
    />
  );
}
