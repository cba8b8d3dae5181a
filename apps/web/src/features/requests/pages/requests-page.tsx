import { Button, Group, NumberInput, Select, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { messages } from '@brushline/shared/messages';
import { paths, toPath } from '@brushline/shared/paths';
import {
  REQUEST_DEADLINE_MAX_DAYS,
  REQUEST_FILTER_TAGS_MAX,
  REQUEST_PRICE_MAX,
  REQUEST_SEARCH_MAX,
  TYPES_OF_WORK,
  type TypeOfWork,
} from '@brushline/shared/requests/constants';
import { FilteredList, useSettledSearch } from '../../../components/filtered-list.tsx';
import { useSession } from '../../../lib/session.ts';
import { TagPicker } from '../../tags/components/tag-picker.tsx';
import { requestListQuery, requestParams, type RequestFilters } from '../api/request-queries.ts';
import { RequestCard } from '../components/request-card.tsx';
import { typeOfWorkLabel } from '../request-text.ts';

const isType = (v: string | null): v is TypeOfWork => TYPES_OF_WORK.includes(v as TypeOfWork);

export function filtersOf(params: URLSearchParams): RequestFilters {
  const type = params.get('typeOfWork');
  return {
    tags: (params.get('tags') ?? '').split(',').filter(Boolean).slice(0, REQUEST_FILTER_TAGS_MAX),
    search: params.get('search') ?? '',
    minPrice: params.get('minPrice') ?? undefined,
    maxPrice: params.get('maxPrice') ?? undefined,
    minDeadline: params.get('minDeadline') ?? undefined,
    typeOfWork: isType(type) ? type : undefined,
  };
}

const numberParam = (v: string | number) => (v === '' ? undefined : String(v));

/**
 * /requests (SPEC §2 main layout, decision 0018): public request cards, newest first, infinite; the
 * filters (tags with their descendants and synonyms, words, budget, deadline, type of work) live
 * in the URL, so a filtered list can be shared. A create button only for signed-in users.
 */
export function RequestsPage() {
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const set = (change: Partial<RequestFilters>) =>
    setParams(requestParams({ ...filters, ...change }), { replace: true });
  const [search, setSearch] = useSettledSearch(filters.search, (words) => set({ search: words }));
  const list = useInfiniteQuery(requestListQuery(filters));
  const requests = list.data?.pages.flat() ?? [];
  const filtered = Object.keys(requestParams(filters)).length > 0;

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} fz="h2">
          Requests
        </Title>
        {user && (
          <Button component={Link} to={paths.crmRequestCreate}>
            Create request
          </Button>
        )}
      </Group>
      <Stack gap="sm" role="search" aria-label="Filter requests">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TagPicker
            label="Tags"
            value={filters.tags}
            maxTags={REQUEST_FILTER_TAGS_MAX}
            onChange={(tags) => set({ tags })}
            placeholder="Pick a tag"
          />
          <TextInput
            label="Search"
            value={search}
            maxLength={REQUEST_SEARCH_MAX}
            onChange={(e) => setSearch(e.currentTarget.value)}
            placeholder="Words in the title or description"
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          <NumberInput
            label="Budget from (USD)"
            min={0}
            max={REQUEST_PRICE_MAX}
            value={filters.minPrice ?? ''}
            onChange={(v) => set({ minPrice: numberParam(v) })}
          />
          <NumberInput
            label="Budget to (USD)"
            min={0}
            max={REQUEST_PRICE_MAX}
            value={filters.maxPrice ?? ''}
            onChange={(v) => set({ maxPrice: numberParam(v) })}
          />
          <NumberInput
            label="Deadline from (days)"
            min={1}
            max={REQUEST_DEADLINE_MAX_DAYS}
            allowDecimal={false}
            value={filters.minDeadline ?? ''}
            onChange={(v) => set({ minDeadline: numberParam(v) })}
          />
          <Select
            label="Type of work"
            placeholder="Any"
            clearable
            data={TYPES_OF_WORK.map((t) => ({ value: t, label: typeOfWorkLabel(t) }))}
            value={filters.typeOfWork ?? null}
            onChange={(v) => set({ typeOfWork: isType(v) ? v : undefined })}
            comboboxProps={{ withinPortal: false }}
          />
        </SimpleGrid>
      </Stack>
      <FilteredList
        list={list}
        noun="requests"
        isEmpty={requests.length === 0}
        filtered={filtered}
        empty={messages.noRequests}
        noMatch="No request matches all of these filters. Remove a tag, widen the budget or clear the search."
        onClear={() => {
          setSearch('');
          setParams({}, { replace: true });
        }}
      >
        <SimpleGrid cols={{ base: 1, sm: 2 }} role="list" aria-label="Requests">
          {requests.map((r) => (
            <div role="listitem" key={r.guid}>
              <RequestCard request={r} to={toPath('request', { guid: r.guid })} headingOrder={2} />
            </div>
          ))}
        </SimpleGrid>
      </FilteredList>
    </Stack>
  );
}
