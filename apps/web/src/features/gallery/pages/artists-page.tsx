import {
  Checkbox,
  Group,
  NumberInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { PRICE_MAX } from '@brushline/shared/cards/constants';
import { ARTIST_SEARCH_MAX, type ArtistsSort } from '@brushline/shared/gallery/constants';
import { FilteredList, useSettledSearch } from '../../../components/filtered-list.tsx';
import { TagPicker } from '../../tags/components/tag-picker.tsx';
import { artistParams, artistsQuery, type ArtistFilters } from '../api/gallery-queries.ts';
import { DisplayCardView } from '../components/display-card-view.tsx';

function filtersOf(params: URLSearchParams): ArtistFilters {
  return {
    tags: (params.get('tags') ?? '').split(',').filter(Boolean),
    minPrice: params.get('minPrice') ?? undefined,
    maxPrice: params.get('maxPrice') ?? undefined,
    open: params.get('open') === 'true',
    search: params.get('search') ?? '',
    sort: params.get('sort') === 'rating' ? 'rating' : undefined,
  };
}

const sorts: { value: ArtistsSort; label: string }[] = [
  { value: 'activity', label: 'Newest activity' },
  { value: 'rating', label: 'Top rated' },
];

/**
 * /artists (decision 0017): display cards of artists, newest activity first or best rated first,
 * infinite; the filters (tags with their descendants, price range, taking commissions now, name)
 * and the order (`?sort=rating`) live in the URL.
 */
export function ArtistsPage() {
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const set = (change: Partial<ArtistFilters>) =>
    setParams(artistParams({ ...filters, ...change }), { replace: true });
  const [search, setSearch] = useSettledSearch(filters.search, (words) => set({ search: words }));
  const list = useInfiniteQuery(artistsQuery(filters));
  const cards = list.data?.pages.flatMap((p) => p.items) ?? [];
  // The order is no filter: it neither makes an empty list a "no match" nor goes with "Clear filters".
  const filtered = Object.keys(artistParams({ ...filters, sort: undefined })).length > 0;
  const price = (v: string | number) => (v === '' ? undefined : String(v));

  return (
    <Stack>
      <Title order={1} fz="h2">
        Artists
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TagPicker
          label="Tags"
          value={filters.tags}
          onChange={(tags) => set({ tags })}
          placeholder="Pick a tag"
        />
        <TextInput
          label="Name"
          value={search}
          maxLength={ARTIST_SEARCH_MAX}
          onChange={(e) => setSearch(e.currentTarget.value)}
          placeholder="Login or display name"
        />
        <Group grow align="flex-end">
          <NumberInput
            label="Price from (USD)"
            min={0}
            max={PRICE_MAX}
            value={filters.minPrice ?? ''}
            onChange={(v) => set({ minPrice: price(v) })}
          />
          <NumberInput
            label="Price to (USD)"
            min={0}
            max={PRICE_MAX}
            value={filters.maxPrice ?? ''}
            onChange={(v) => set({ maxPrice: price(v) })}
          />
        </Group>
        <Checkbox
          mt={{ sm: 'xl' }}
          label="Taking commissions now"
          checked={filters.open}
          onChange={(e) => set({ open: e.currentTarget.checked })}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="artists-sort">
            Sort by
          </Text>
          <SegmentedControl
            aria-labelledby="artists-sort"
            data={sorts}
            value={filters.sort ?? 'activity'}
            onChange={(v) => set({ sort: v === 'rating' ? 'rating' : undefined })}
            style={{ alignSelf: 'flex-start' }}
          />
        </Stack>
      </SimpleGrid>
      <FilteredList
        list={list}
        noun="artists"
        isEmpty={cards.length === 0}
        filtered={filtered}
        empty="No artist shows a card yet. An artist appears here with a display card: 3 images, a tag and an open commission card."
        noMatch="No artist matches all of these filters. Remove a tag, widen the price range or clear the name."
        onClear={() => {
          setSearch('');
          setParams(artistParams({ tags: [], open: false, search: '', sort: filters.sort }), {
            replace: true,
          });
        }}
      >
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
          {cards.map((c) => (
            <DisplayCardView key={c.id} card={c} />
          ))}
        </SimpleGrid>
      </FilteredList>
    </Stack>
  );
}
