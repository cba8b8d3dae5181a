import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  ArtistsPage,
  DisplayCard,
  DisplayCardBodyInput,
  GalleryPage,
  HiddenTags,
} from '@brushline/shared/gallery/browse-schemas';
import type { ArtistsSort, FolderDeleteMode, HiddenTagMode } from '@brushline/shared/gallery/constants';
import type {
  Folder,
  FolderContent,
  FolderCreateBodyInput,
  FoldersOrderBody,
  FolderUpdateBody,
  GalleryImage,
  GalleryImageCreateBodyInput,
  GalleryImageUpdateBody,
  UserFolders,
} from '@brushline/shared/gallery/schemas';
import { api } from '../../../lib/api-client.ts';

/** Filters of /artists as they stand in the URL. */
export interface ArtistFilters {
  tags: string[];
  minPrice?: string;
  maxPrice?: string;
  open: boolean;
  search: string;
  /** Not a filter but the order: absent is the API's default, newest activity first. */
  sort?: ArtistsSort;
}

/** The one key factory of the gallery feature. */
export const galleryKeys = {
  all: ['gallery'] as const,
  gallery: (tags: string[]) => [...galleryKeys.all, 'list', tags] as const,
  artists: (f: ArtistFilters) => [...galleryKeys.all, 'artists', f] as const,
  folders: (login: string) => [...galleryKeys.all, 'folders', login.toLowerCase()] as const,
  folder: (id: string) => [...galleryKeys.all, 'folder', id] as const,
  displayCard: (login: string) => [...galleryKeys.all, 'displayCard', login.toLowerCase()] as const,
  hiddenTags: () => [...galleryKeys.all, 'hiddenTags'] as const,
};

const cursorQuery = (cursor: string | null, rest: Record<string, string>) =>
  cursor ? { ...rest, cursor } : rest;

/** GET gallery: Public images newest first, by keyset pages. */
export const galleryListQuery = (tags: string[]) =>
  infiniteQueryOptions({
    queryKey: galleryKeys.gallery(tags),
    queryFn: ({ pageParam }) =>
      api<GalleryPage>('gallery', {
        query: cursorQuery(pageParam, tags.length ? { tags: tags.join(',') } : {}),
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

/** The query string of GET artists for these filters (only what is set). */
export function artistParams(f: ArtistFilters): Record<string, string> {
  const q: Record<string, string> = {};
  if (f.tags.length) q.tags = f.tags.join(',');
  if (f.minPrice) q.minPrice = f.minPrice;
  if (f.maxPrice) q.maxPrice = f.maxPrice;
  if (f.open) q.open = 'true';
  if (f.search) q.search = f.search;
  if (f.sort === 'rating') q.sort = f.sort;
  return q;
}

/** GET artists: shown display cards, newest activity first or best rated first. */
export const artistsQuery = (f: ArtistFilters) =>
  infiniteQueryOptions({
    queryKey: galleryKeys.artists(f),
    queryFn: ({ pageParam }) =>
      api<ArtistsPage>('artists', { query: cursorQuery(pageParam, artistParams(f)) }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export const userFoldersQuery = (login: string) =>
  queryOptions({
    queryKey: galleryKeys.folders(login),
    queryFn: () => api<UserFolders>(`folders/user/${encodeURIComponent(login)}`),
  });

export const folderQuery = (id: string) =>
  queryOptions({ queryKey: galleryKeys.folder(id), queryFn: () => api<FolderContent>(`folder/${id}`) });

/** A user's display card; 404 (null here) when there is none or it is not shown to this reader. */
export const displayCardQuery = (login: string) =>
  queryOptions({
    queryKey: galleryKeys.displayCard(login),
    queryFn: async () => {
      try {
        return await api<DisplayCard>(`displaycard/get/bylogin/${encodeURIComponent(login)}`);
      } catch (err) {
        if ((err as { status?: number }).status === 404) return null;
        throw err;
      }
    },
  });

export const hiddenTagsQuery = () =>
  queryOptions({ queryKey: galleryKeys.hiddenTags(), queryFn: () => api<HiddenTags>('user/hidden-tags') });

/** Any gallery write may change every list of this feature: they refetch. */
function useRefresh() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: galleryKeys.all });
}

export function useCreateFolder() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: FolderCreateBodyInput) =>
      api<{ folder: Folder; message: string }>('folder/create', { method: 'POST', body }),
    onSuccess: refresh,
  });
}

export function useUpdateFolder() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: FolderUpdateBody }) =>
      api<{ folder: Folder; message: string }>(`folder/update/${id}`, { method: 'PATCH', body }),
    onSuccess: refresh,
  });
}

export function useDeleteFolder() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, mode }: { id: string; mode: FolderDeleteMode }) =>
      api<{ message: string }>(`folder/delete/${id}`, { method: 'DELETE', query: { images: mode } }),
    onSuccess: refresh,
  });
}

export function useReorderFolder() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, mediaFiles }: { id: string; mediaFiles: string[] }) =>
      api<{ folder: Folder; message: string }>(`folder/order/${id}`, {
        method: 'PATCH',
        body: { mediaFiles },
      }),
    onSettled: refresh,
  });
}

/** PATCH folders/order: the folders directly in `parentId` (null: the top), in their new order. */
export function useReorderFolders() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: FoldersOrderBody) =>
      api<{ childFolders: string[]; message: string }>('folders/order', { method: 'PATCH', body }),
    onSettled: refresh,
  });
}

export function useAddImage() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: GalleryImageCreateBodyInput) =>
      api<{ image: GalleryImage; message: string }>('gallery/image', { method: 'POST', body }),
    onSuccess: refresh,
  });
}

export function useUpdateImage() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: GalleryImageUpdateBody }) =>
      api<{ image: GalleryImage; message: string }>(`gallery/image/${id}`, { method: 'PATCH', body }),
    onSuccess: refresh,
  });
}

export function useDeleteImage() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => api<{ message: string }>(`gallery/image/${id}`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
}

/** POST displaycard/create or PATCH displaycard/update/{id}. */
export function useSaveDisplayCard() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: DisplayCardBodyInput }) =>
      id
        ? api<{ card: DisplayCard; message: string }>(`displaycard/update/${id}`, { method: 'PATCH', body })
        : api<{ card: DisplayCard; message: string }>('displaycard/create', { method: 'POST', body }),
    onSuccess: refresh,
  });
}

export function useSaveHiddenTags() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (items: { title: string; mode: HiddenTagMode }[]) =>
      api<HiddenTags & { message: string }>('user/hidden-tags', { method: 'PUT', body: { items } }),
    onSuccess: refresh,
  });
}
