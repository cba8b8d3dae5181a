import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  TAG_ALREADY_MERGED_CODE,
  type Tag,
  type TagCreateBodyInput,
  type TagFull,
  type TagMergeBody,
  type TagPage,
  type TagSavedResponse,
  type TagSuggestion,
  type TagUpdateBodyInput,
} from '@brushline/shared/tags/schemas';
import { api, ApiError } from '../../../lib/api-client.ts';

/** The one key factory of the tags feature. */
export const tagKeys = {
  all: ['tags'] as const,
  pages: () => [...tagKeys.all, 'page'] as const,
  page: (page: number, filter: string) => [...tagKeys.pages(), page, filter] as const,
  byTitle: (title: string) => [...tagKeys.all, 'title', title] as const,
  full: (id: number) => [...tagKeys.all, 'full', id] as const,
  suggest: (q: string) => [...tagKeys.all, 'suggest', q] as const,
};

/** GET tags/take/{page}?filter=: one page of the wiki table; the previous page stays while the next loads. */
export const tagPageQuery = (page: number, filter: string) =>
  queryOptions({
    queryKey: tagKeys.page(page, filter),
    queryFn: () => api<TagPage>(`tags/take/${page}`, filter ? { query: { filter } } : {}),
    placeholderData: keepPreviousData,
  });

/** GET tag/get/{title}: a synonym's title answers its canonical tag. */
export const tagByTitleQuery = (title: string) =>
  queryOptions({
    queryKey: tagKeys.byTitle(title),
    queryFn: () => api<Tag>(`tag/get/${encodeURIComponent(title)}`),
  });

/** GET tag/get/byIdFull/{id}: the tag with its graph, people and history. */
export const tagFullQuery = (id: number) =>
  queryOptions({
    queryKey: tagKeys.full(id),
    queryFn: () => api<TagFull>(`tag/get/byIdFull/${id}`),
  });

/** GET tags/autocomplete?q=: suggestions for pickers (at most 10, best first). */
export const tagSuggestQuery = (q: string) =>
  queryOptions({
    queryKey: tagKeys.suggest(q),
    queryFn: async () => (await api<{ items: TagSuggestion[] }>('tags/autocomplete', { query: { q } })).items,
    enabled: q.length > 0,
    staleTime: 30_000,
  });

/** After any write every list, lookup and suggestion may be stale; the saved tag is known at once. */
function useRefreshTags() {
  const qc = useQueryClient();
  return (tag?: TagFull) => {
    void qc.invalidateQueries({ queryKey: tagKeys.all });
    if (tag) qc.setQueryData(tagKeys.full(tag.id), tag);
  };
}

export function useCreateTag() {
  const refresh = useRefreshTags();
  return useMutation({
    mutationFn: (body: TagCreateBodyInput) => api<TagSavedResponse>('tag/create', { method: 'POST', body }),
    onSuccess: ({ tag }) => refresh(tag),
  });
}

export function useUpdateTag(id: number) {
  const refresh = useRefreshTags();
  return useMutation({
    mutationFn: (body: TagUpdateBodyInput) =>
      api<TagSavedResponse>(`tag/update/${id}`, { method: 'PUT', body }),
    onSuccess: ({ tag }) => refresh(tag),
  });
}

/** A merge refused because another staff member (or an earlier click) already made it. */
export const isAlreadyMerged = (err: unknown) =>
  err instanceof ApiError && err.code === TAG_ALREADY_MERGED_CODE;

/** Staff: the tag becomes a synonym of `into`; answers the tag merged into. */
export function useMergeTag(id: number) {
  const refresh = useRefreshTags();
  return useMutation({
    mutationFn: (body: TagMergeBody) => api<TagSavedResponse>(`tag/merge/${id}`, { method: 'POST', body }),
    onSuccess: ({ tag }) => refresh(tag),
    // Someone else merged it first: the page shows the tag as it is now (a synonym).
    onError: (err) => {
      if (isAlreadyMerged(err)) refresh();
    },
  });
}

/** Staff: deletes the tag and its synonyms. */
export function useDeleteTag(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api<{ message: string }>(`tag/delete/${id}`, { method: 'DELETE' }),
    onSuccess: () => {
      qc.removeQueries({ queryKey: tagKeys.full(id) });
      void qc.invalidateQueries({ queryKey: tagKeys.all });
    },
  });
}
