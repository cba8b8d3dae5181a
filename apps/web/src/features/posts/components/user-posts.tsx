import { Card, Text } from '@mantine/core';
import { PostList } from './post-list.tsx';

/** The posts of one user, newest first, for the profile page: the feed's cards and infinite scroll. */
export function UserPosts({ login }: { login: string }) {
  return (
    <PostList
      owner={login}
      empty={
        <Card withBorder padding="lg">
          <Text c="dimmed" ta="center">
            No posts to show yet.
          </Text>
        </Card>
      }
    />
  );
}
