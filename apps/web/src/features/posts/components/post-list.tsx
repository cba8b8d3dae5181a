import { Alert, Button, Card, Center, Group, Loader, Skeleton, Stack, Text } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useRef, type ReactNode } from 'react';
import { useSession } from '../../auth/api/session-queries.ts';
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

/** Loads the next page when this comes into view, a screen ahead of the reader. */
function useLoadWhenVisible(onVisible: () => void, enabled: boolean) {
  const ref = useRef<HTMLDivElement>(null);
  const latest = useRef(onVisible);
  useEffect(() => {
    latest.current = onVisible;
  });
  useEffect(() => {
    const el = ref.current;
    // Without IntersectionObserver the "Load more" button still works.
    if (!el || !enabled || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) latest.current();
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [enabled]);
  return ref;
}

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
  const canLoadMore = hasNextPage && !isFetchingNextPage && !error;
  const sentinel = useLoadWhenVisible(() => {
    if (canLoadMore) void fetchNextPage();
  }, canLoadMore);

  if (isPending) {
    return (
      <Stack aria-busy="true" aria-label="Loading posts">
        <PostSkeleton />
        <PostSkeleton />
        <PostSkeleton />
      </Stack>
    );
  }
  const posts = data?.pages.flatMap((p) => p.items) ?? [];
  if (error && posts.length === 0) {
    return (
      <Alert color="red" title="Could not load posts">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{error.message}</Text>
          <Button variant="default" size="xs" onClick={() => void refetch()}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (posts.length === 0) return <>{empty}</>;

  return (
    <Stack>
      {posts.map((post) => (
        <PostCard key={post.id} post={post} />
      ))}
      <div ref={sentinel} />
      {error ? (
        <Alert
          color="red"
          title={isFetchNextPageError ? 'Could not load more posts' : 'Could not refresh posts'}
        >
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{error.message}</Text>
            <Button
              variant="default"
              size="xs"
              onClick={() => void (isFetchNextPageError ? fetchNextPage() : refetch())}
            >
              Try again
            </Button>
          </Stack>
        </Alert>
      ) : isFetchingNextPage ? (
        <Center py="md">
          <Loader aria-label="Loading more posts" />
        </Center>
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
