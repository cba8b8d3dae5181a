import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { REQUESTS_PAGE_SIZE, type TrackingSide, type TypeOfWork } from '@brushline/shared/requests/constants';
import type {
  AnswerBody,
  Application,
  ApplyBodyInput,
  PendingRequestGroup,
  Request,
  RequestBodyInput,
  RequestPage,
  TrackingGroup,
} from '@brushline/shared/requests/schemas';
import { api } from '../../../lib/api-client.ts';

/** Filters of /requests as they stand in the URL (only what is set). */
export interface RequestFilters {
  tags: string[];
  /** Words looked for in the title and the description (a request matches either). */
  search: string;
  minPrice?: string;
  maxPrice?: string;
  minDeadline?: string;
  typeOfWork?: TypeOfWork;
}

/** The one key factory of the requests feature; the hub's events invalidate `requestKeys.all`. */
export const requestKeys = {
  all: ['requests'] as const,
  list: (f: RequestFilters) => [...requestKeys.all, 'list', f] as const,
  owned: () => [...requestKeys.all, 'owned'] as const,
  one: (guid: string) => [...requestKeys.all, 'one', guid] as const,
  pending: () => [...requestKeys.all, 'pending'] as const,
  tracking: (side: TrackingSide) => [...requestKeys.all, 'tracking', side] as const,
};

/** The query string of GET request/get/filter for these filters (the page is added per page). */
export function requestParams(f: RequestFilters): Record<string, string> {
  const q: Record<string, string> = {};
  if (f.tags.length) q.tags = f.tags.join(',');
  if (f.search) q.search = f.search;
  if (f.minPrice) q.minPrice = f.minPrice;
  if (f.maxPrice) q.maxPrice = f.maxPrice;
  if (f.minDeadline) q.minDeadline = f.minDeadline;
  if (f.typeOfWork) q.typeOfWork = f.typeOfWork;
  return q;
}

/** The URL's words as the API spells them: one search box looks in titles and descriptions. */
function apiQuery(f: RequestFilters, page: number): Record<string, string> {
  const { search, ...rest } = requestParams(f);
  return {
    page: String(page),
    ...rest,
    ...(search ? { searchInTitle: search, searchInDecriptions: search } : {}),
  };
}

/** GET request/get/filter?page=: public requests, newest first, pages from 1 until a short one. */
export const requestListQuery = (f: RequestFilters) =>
  infiniteQueryOptions({
    queryKey: requestKeys.list(f),
    queryFn: ({ pageParam }) => api<Request[]>('request/get/filter', { query: apiQuery(f, pageParam) }),
    initialPageParam: 1,
    getNextPageParam: (last, all) => (last.length < REQUESTS_PAGE_SIZE ? undefined : all.length + 1),
  });

/** GET request/get/{guid}: one request (a hidden one for its owner only) and the caller's application. */
export const requestQuery = (guid: string) =>
  queryOptions({
    queryKey: requestKeys.one(guid),
    queryFn: () => api<RequestPage>(`request/get/${encodeURIComponent(guid)}`),
  });

/** GET request/owned/get: the signed-in user's requests, public and hidden. */
export const ownRequestsQuery = queryOptions({
  queryKey: requestKeys.owned(),
  queryFn: () => api<Request[]>('request/owned/get'),
});

/** GET request/pending/get: applications to the user's requests, grouped by request. */
export const pendingApplicationsQuery = queryOptions({
  queryKey: requestKeys.pending(),
  queryFn: () => api<PendingRequestGroup[]>('request/pending/get'),
});

/** GET request/tracking/{side}: answered applications by state (incoming: sent; outgoing: received). */
export const trackingQuery = (side: TrackingSide) =>
  queryOptions({
    queryKey: requestKeys.tracking(side),
    queryFn: () => api<TrackingGroup[]>(`request/tracking/${side}`),
  });

/** Every answer of this feature may have changed: the lists are small, so refetch them all. */
function useRefreshRequests() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: requestKeys.all });
}

export function useCreateRequest() {
  const refresh = useRefreshRequests();
  return useMutation({
    mutationFn: (body: RequestBodyInput) =>
      api<{ guid: string; request: Request; message: string }>('request/create', { method: 'POST', body }),
    onSuccess: () => void refresh(),
  });
}

export function useUpdateRequest() {
  const refresh = useRefreshRequests();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: RequestBodyInput }) =>
      api<{ request: Request; message: string }>(`request/update/${id}`, { method: 'PATCH', body }),
    onSuccess: () => void refresh(),
  });
}

export function useDeleteRequest() {
  const refresh = useRefreshRequests();
  return useMutation({
    mutationFn: (guid: string) =>
      api<{ message: string }>(`request/delete/${encodeURIComponent(guid)}`, { method: 'DELETE' }),
    onSuccess: () => void refresh(),
  });
}

export function useApply() {
  const refresh = useRefreshRequests();
  return useMutation({
    mutationFn: ({ guid, body }: { guid: string; body: ApplyBodyInput }) =>
      api<{ application: Application; message: string; delivered: boolean }>(
        `request/apply/${encodeURIComponent(guid)}`,
        { method: 'POST', body },
      ),
    onSettled: () => void refresh(),
  });
}

export function useAnswerApplication() {
  const refresh = useRefreshRequests();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: AnswerBody) =>
      api<{ application: Application; message: string }>('request/answer', { method: 'POST', body }),
    // Also after a refusal: a 409 means it was answered meanwhile, so show where it is now.
    onSettled: () => {
      void refresh();
      // An approval made an order: the order lists of both sides change.
      void qc.invalidateQueries({ queryKey: ['orders'] });
    },
  });
}

export function useMarkApplicationRead() {
  const refresh = useRefreshRequests();
  return useMutation({
    mutationFn: (id: number) => api<Application>(`request/read/${id}`, { method: 'PATCH' }),
    onSuccess: () => void refresh(),
  });
}
