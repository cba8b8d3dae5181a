import { Stack, Text, Title } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { ErrorState, LoadingState } from '../../../components/query-states.tsx';
import { TagPicker } from '../../tags/components/tag-picker.tsx';
import { galleryListQuery } from '../api/gallery-queries.ts';
import { ImageGrid } from '../components/image-grid.tsx';
import { LoadMore } from '../../../components/load-more.tsx';

/** /gallery (SPEC §2 main layout): Public images of everyone, newest first, filtered by tags in the URL. */
export function GalleryPage() {
  const [params, setParams] = useSearchParams();
  const tags = (params.get('tags') ?? '').split(',').filter(Boolean);
  const list = useInfiniteQuery(galleryListQuery(tags));
  const images = list.data?.pages.flatMap((p) => p.items) ?? [];
  const setTags = (next: string[]) =>
    setParams(next.length ? { tags: next.join(',') } : {}, { replace: true });
  return (
    <Stack>
      <Title order={1} fz="h2">
        Gallery
      </Title>
      <TagPicker label="Filter by tags" value={tags} onChange={setTags} placeholder="Pick a tag" />
      {list.isPending ? (
        <LoadingState label="Loading the gallery" />
      ) : list.isError ? (
        <ErrorState
          title="Couldn't load the gallery"
          message={list.error.message}
          onRetry={() => void list.refetch()}
        />
      ) : images.length === 0 ? (
        <Text c="dimmed">
          {tags.length
            ? 'No public images carry these tags yet. Remove a tag to see more.'
            : 'No public images yet.'}
        </Text>
      ) : (
        <ImageGrid images={images} showOwner />
      )}
      <LoadMore
        hasMore={list.hasNextPage}
        loading={list.isFetchingNextPage}
        onLoad={() => void list.fetchNextPage()}
      />
    </Stack>
  );
}
