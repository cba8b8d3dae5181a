import { Button, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState, type ReactNode } from 'react';
import { LoadMore } from './load-more.tsx';
import { ErrorState, LoadingState } from './query-states.tsx';

/** A filter's search box waits this long after typing stops before the URL (and the list) change. */
export const FILTER_SEARCH_DEBOUNCE_MS = 400;

/**
 * A filtered list's search box: what is typed now, and `onSettled` with the trimmed words once the
 * typing has stopped for FILTER_SEARCH_DEBOUNCE_MS and they differ from `inUrl`.
 */
export function useSettledSearch(inUrl: string, onSettled: (search: string) => void) {
  const [search, setSearch] = useState(inUrl);
  const [debounced] = useDebouncedValue(search.trim(), FILTER_SEARCH_DEBOUNCE_MS);
  useEffect(() => {
    if (debounced !== inUrl) onSettled(debounced);
    // Only a settled search changes the URL.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);
  return [search, setSearch] as const;
}

/** The parts of an infinite query (TanStack Query) a filtered list draws. */
export type InfiniteListState = {
  isPending: boolean;
  isError: boolean;
  error: Error | null;
  refetch: () => unknown;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
};

/**
 * The body of a filtered, infinite list (the public requests, the artists): a spinner while the
 * first page loads, the error with "Try again", the empty state — with no filter `empty`, with
 * filters `noMatch` and "Clear filters" — or the items (`children`) and the end of the list that
 * loads the next page.
 */
export function FilteredList({
  list,
  noun,
  isEmpty,
  filtered,
  empty,
  noMatch,
  onClear,
  children,
}: {
  list: InfiniteListState;
  /** Plural, lower case: "Loading requests", "Couldn't load requests". */
  noun: string;
  isEmpty: boolean;
  filtered: boolean;
  empty: ReactNode;
  noMatch: ReactNode;
  onClear: () => void;
  children: ReactNode;
}) {
  return (
    <>
      {list.isPending ? (
        <LoadingState label={`Loading ${noun}`} />
      ) : list.isError ? (
        <ErrorState
          title={`Couldn't load ${noun}`}
          message={list.error?.message ?? ''}
          onRetry={() => void list.refetch()}
        />
      ) : isEmpty ? (
        <Stack gap="xs" align="flex-start" py="md">
          <Text>{filtered ? noMatch : empty}</Text>
          {filtered && (
            <Button variant="default" onClick={onClear}>
              Clear filters
            </Button>
          )}
        </Stack>
      ) : (
        children
      )}
      <LoadMore
        hasMore={list.hasNextPage}
        loading={list.isFetchingNextPage}
        onLoad={() => void list.fetchNextPage()}
      />
    </>
  );
}
