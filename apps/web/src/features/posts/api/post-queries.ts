import { infiniteQueryOptions, queryOptions, type InfiniteData } from '@tanstack/react-query';
import type { Post, PostPage } from '@brushline/shared/posts/schemas';
import { api } from '../../../lib/api-client.ts';

/**
 * Every posts query key. Lists are keyed by whose posts they hold and by who is reading, because
 * the server filters by the reader's maturity settings: a sign-in never shows a stale list.
 */
export const postKeys = {
  all: ['posts'] as const,
  lists: () => [...postKeys.all, 'list'] as const,
  list: (owner: string | null, viewerId: string | null) =>
    [...postKeys.lists(), owner?.toLowerCase() ?? '*', viewerId ?? 'anonymous'] as const,
  /** One post, for every reader (likes and deletes patch them all). */
  details: (id: number) => [...postKeys.all, 'detail', id] as const,
  detail: (id: number, viewerId: string | null) =>
    [...postKeys.details(id), viewerId ?? 'anonymous'] as const,
};

export type PostPages = InfiniteData<PostPage, number | null>;

/** The feed (owner null) or one user's posts, newest first, a cursor page at a time. */
export const postListQuery = (owner: string | null, viewerId: string | null) =>
  infiniteQueryOptions({
    queryKey: postKeys.list(owner, viewerId),
    queryFn: ({ pageParam }) =>
      api<PostPage>('posts/filter', {
        query: {
          ...(pageParam === null ? {} : { cursor: String(pageParam) }),
          ...(owner ? { owner } : {}),
        },
      }),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.nextCursor,
  });

/**
 * What a post's id in a path looks like (/post/{id}): the server reads post ids strictly (plain
 * decimal digits), so anything else cannot name a post. The post page and the first-screen
 * reads both check it.
 */
export const POST_ID_PATTERN = /^[1-9][0-9]*$/;

/** One post (its page, /post/{id}); 404 when it is missing, deleted or not shown to this reader. */
export const postQuery = (id: number, viewerId: string | null) =>
  queryOptions({
    queryKey: postKeys.detail(id, viewerId),
    queryFn: () => api<Post>(`post/${id}`),
  });
