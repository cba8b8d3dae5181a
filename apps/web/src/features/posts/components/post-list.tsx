import { Button, Card, Center, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useDeferredValue, type ReactNode } from 'react';
import { FEED_EAGER_POSTS } from '@brushline/shared/posts/constants';
import { ErrorState, LoadingState } from '../../../components/query-states.tsx';
import { useLoadWhenVisible } from '../../../lib/use-load-when-visible.ts';
import { useSession } from '../../../lib/session.ts';
import { postListQuery } from '../api/post-queries.ts';
import { PostCard } from './post-card.tsx';

function PostSkeleton() {
  return (
    <Card withBorder padding="md" aria-hidden>
      <Group gap="sm">
        <Skeleton circle height={42} />
        <Stack gap={6} style={{ flex: 1 }}>
          <Skeleton height={12} width="40%" />
          <Skeleton height={10} width="25%" />
        </Stack>
      </Group>
      <Skeleton height={12} mt="md" />
      <Skeleton height={12} mt={8} width="80%" />
      <Skeleton height={160} mt="md" />
    </Card>
  );
}

/** Posts at the top of a list: on screen when it opens, rendered first, their pictures loaded at once. */
const ON_TOP = FEED_EAGER_POSTS;

/**
 * Posts newest first with infinite scroll (SPEC §2): the feed when `owner` is null, else that
 * user's posts. Skeletons while loading, an empty state, and errors with a retry.
 */
export function PostList({ owner, empty }: { owner: string | null; empty: ReactNode }) {
  const { user, isPending: sessionPending } = useSession();
  const query = useInfiniteQuery({
    ...postListQuery(owner, user?.id ?? null),
    // The server filters by who is reading: wait to know who that is.
    enabled: !sessionPending,
  });
  const {
    data,
    error,
    isPending,
    hasNextPage,
    isFetchingNextPage,
    isFetchNextPageError,
    fetchNextPage,
    refetch,
  } = query;
  const posts = data?.pages.flatMap((p) => p.items) ?? [];
  // The first ON_TOP cards render with the data; the rest follow in a background render that React
  // splits into short slices, so a phone's main thread is never held for a whole page of cards at
  // once (decision 0008: Lighthouse's total blocking time on /feed). A page loaded later renders in the
  // background the same way, the cards above staying as they are.
  const deferred = useDeferredValue(posts.length, Math.min(posts.length, ON_TOP));
  const shown = Math.max(Math.min(deferred, posts.length), Math.min(posts.length, ON_TOP));
  // The sentinel waits below the last card: under the first ones it would fetch the next page
  // before the reader has seen this one.
  const canLoadMore = hasNextPage && !isFetchingNextPage && !error && shown === posts.length;
  // A screen ahead of the reader, so the next page is there before they reach the end.
  const sentinel = useLoadWhenVisible(
    () => {
      if (canLoadMore) void fetchNextPage();
    },
    canLoadMore,
    '600px 0px',
  );

  if (isPending) {
    return (
      <Stack aria-busy="true" aria-label="Loading posts">
        <PostSkeleton />
        <PostSkeleton />
        <PostSkeleton />
      </Stack>
    );
  }
  if (error && posts.length === 0) {
    return <ErrorState title="Could not load posts" message={error.message} onRetry={refetch} />;
  }
  if (posts.length === 0) return <>{empty}</>;

  return (
    <Stack>
      {posts.slice(0, shown).map((post, i) => (
        <PostCard key={post.id} post={post} pictures={i === 0 ? 'first' : i < ON_TOP ? 'eager' : 'lazy'} />
      ))}
      <div ref={sentinel} />
      {shown < posts.length ? null : error ? (
        <ErrorState
          title={isFetchNextPageError ? 'Could not load more posts' : 'Could not refresh posts'}
          message={error.message}
          onRetry={isFetchNextPageError ? fetchNextPage : refetch}
        />
      ) : isFetchingNextPage ? (
        <LoadingState label="Loading more posts" py="md" />
      ) : hasNextPage ? (
        <Center>
          <Button variant="default" onClick={() => void fetchNextPage()}>
            Load more
          </Button>
        </Center>
      ) : (
        <Text ta="center" c="dimmed" size="sm" py="md">
          You have reached the end
        </Text>
      )}
    </Stack>
  );
}
