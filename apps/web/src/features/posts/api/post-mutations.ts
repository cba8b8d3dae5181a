import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { messages } from '@brushline/shared/messages';
import type { CreatePostBodyInput, LikeState, Post } from '@brushline/shared/posts/schemas';
import { api } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { postKeys, type PostPages } from './post-queries.ts';

/**
 * Applies `change` to the post with this id in every cached list (feed and profiles) and on its
 * page. null takes it out of the lists; its page asks the server again (and finds it gone).
 */
function patchPost(qc: QueryClient, id: number, change: (p: Post) => Post | null) {
  qc.setQueriesData<Post>({ queryKey: postKeys.details(id) }, (p) => (p ? (change(p) ?? p) : p));
  qc.setQueriesData<PostPages>({ queryKey: postKeys.lists() }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            items: page.items.flatMap((p) => {
              if (p.id !== id) return [p];
              const next = change(p);
              return next ? [next] : [];
            }),
          })),
        }
      : data,
  );
}

/** SPEC §7 POST post; the lists are fetched again so the new post shows on top. */
export function useCreatePost() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CreatePostBodyInput) => api<Post>('post', { method: 'POST', body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: postKeys.lists() }),
  });
}

/**
 * SPEC §4: a like toggles optimistically and rolls back on error. Every cached list and post page
 * shows the change at once; on failure each gets back exactly what it held, and a toast says why.
 */
export function useToggleLike() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<LikeState>(`post/like/${id}`, { method: 'PUT' }),
    onMutate: async (id) => {
      await qc.cancelQueries({ queryKey: postKeys.all });
      const snapshot = qc.getQueriesData<PostPages | Post>({ queryKey: postKeys.all });
      patchPost(qc, id, (p) => ({
        ...p,
        likedByMe: !p.likedByMe,
        totalLikes: Math.max(0, p.totalLikes + (p.likedByMe ? -1 : 1)),
      }));
      return { snapshot };
    },
    onError: (err, _id, context) => {
      for (const [key, data] of context?.snapshot ?? []) qc.setQueryData(key, data);
      toast.error(err.message);
    },
    // The server's count also includes likes by others that came in meanwhile.
    onSuccess: (state, id) => patchPost(qc, id, (p) => ({ ...p, ...state })),
  });
}

/** SPEC §7 DELETE post/delete/{id} with SPEC §8's messages; the post leaves every list. */
export function useDeletePost() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<{ message: string }>(`post/delete/${id}`, { method: 'DELETE' }),
    onSuccess: (_res, id) => {
      patchPost(qc, id, () => null);
      void qc.invalidateQueries({ queryKey: postKeys.details(id) });
      toast.success(messages.postDeleted);
    },
    onError: () => toast.error(messages.postDeleteFailed),
  });
}
