import { TextInput } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import { useSearchParams } from 'react-router';
import { describe, expect, it } from 'vitest';
import { api } from '../lib/api-client.ts';
import { page, renderRoutes, stubFetch } from '../test/render.tsx';
import { FilteredList, useSettledSearch } from './filtered-list.tsx';

/** A filtered list the way /requests and /artists draw theirs: the words live in the URL. */
function ThingsPage() {
  const [params, setParams] = useSearchParams();
  const inUrl = params.get('search') ?? '';
  const [search, setSearch] = useSettledSearch(inUrl, (words) =>
    setParams(words ? { search: words } : {}, { replace: true }),
  );
  const list = useInfiniteQuery({
    queryKey: ['things', inUrl],
    queryFn: ({ pageParam }) => api<string[]>(`things?page=${pageParam}&search=${inUrl}`),
    initialPageParam: 1,
    getNextPageParam: (last: string[], all) => (last.length === 2 ? all.length + 1 : undefined),
  });
  const things = list.data?.pages.flat() ?? [];
  return (
    <>
      <TextInput label="Search" value={search} onChange={(e) => setSearch(e.currentTarget.value)} />
      <FilteredList
        list={list}
        noun="things"
        isEmpty={things.length === 0}
        filtered={inUrl !== ''}
        empty="No thing yet."
        noMatch="No thing matches."
        onClear={() => {
          setSearch('');
          setParams({}, { replace: true });
        }}
      >
        <ul>
          {things.map((t) => (
            <li key={t}>{t}</li>
          ))}
        </ul>
      </FilteredList>
    </>
  );
}

describe('FilteredList', () => {
  it('says what failed and tries again, then lists and loads the next page', async () => {
    let fail = true;
    const calls = stubFetch({
      'GET /api/things': () =>
        fail
          ? { status: 500, body: { error: { code: 'internal_error', message: 'The server is resting' } } }
          : { status: 200, body: calls.length > 2 ? ['c'] : ['a', 'b'] },
    });
    const { user } = renderRoutes([page('/', <ThingsPage />)], '/');
    expect(screen.getByLabelText('Loading things')).toBeInTheDocument();
    expect(await screen.findByRole('alert', { name: "Couldn't load things" })).toHaveTextContent(
      'The server is resting',
    );
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('b')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('c')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('tells no match from empty, asks only once the typing settles, and clears the filters', async () => {
    const calls = stubFetch({ 'GET /api/things': () => ({ status: 200, body: [] }) });
    const { user } = renderRoutes([page('/', <ThingsPage />)], '/');
    expect(await screen.findByText('No thing yet.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Search'), 'owl');
    expect(await screen.findByText('No thing matches.')).toBeInTheDocument();
    // One ask for the empty list, one for the settled words: not one per letter.
    expect(calls.filter((c) => c.key === 'GET /api/things')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByText('No thing yet.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Search')).toHaveValue(''));
  });
});
