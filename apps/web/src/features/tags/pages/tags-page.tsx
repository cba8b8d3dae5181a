import { Anchor, Button, Group, Pagination, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '@brushline/shared/paths';
import { TAG_QUERY_MAX, TAG_WIKI_SEARCH_DEBOUNCE_MS } from '@brushline/shared/tags/constants';
import { displayTagTitle } from '@brushline/shared/tags/normalize';
import { PageHeader } from '../../../components/page-header.tsx';
import { ErrorState, LoadingState } from '../../../components/query-states.tsx';
import { useSession } from '../../../lib/session.ts';
import { tagPageQuery } from '../api/tag-queries.ts';
import { TagBadges, TagLink } from '../components/tag-title.tsx';
import { WikiNav } from '../components/wiki-nav.tsx';

/** /wiki/tags: the table with search (SPEC §2). The filter and the page live in the URL. */
export function TagsPage() {
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const filter = params.get('filter') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [typed, setTyped] = useState(filter);
  const [debounced] = useDebouncedValue(typed, TAG_WIKI_SEARCH_DEBOUNCE_MS);
  // SPEC §9: the table asks 400 ms after typing stops; a new filter starts at page 1.
  useEffect(() => {
    if (debounced.trim() === filter) return;
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (debounced.trim()) next.set('filter', debounced.trim());
        else next.delete('filter');
        next.delete('page');
        return next;
      },
      { replace: true },
    );
  }, [debounced, filter, setParams]);
  const query = useQuery(tagPageQuery(page, filter));
  const data = query.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const goTo = (n: number) =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      if (n > 1) next.set('page', String(n));
      else next.delete('page');
      return next;
    });

  return (
    <Stack>
      <WikiNav />
      <PageHeader title="Tags">
        {user && (
          <Button component={Link} to={paths.wikiTagCreate} leftSection={<IconPlus size={16} aria-hidden />}>
            Create tag
          </Button>
        )}
      </PageHeader>
      <Text c="dimmed" size="sm">
        One shared vocabulary: galleries, display cards and requests are tagged with these. A synonym finds
        its tag; searching by a tag also finds what carries the tags under it.
      </Text>
      <TextInput
        type="search"
        label="Search tags"
        description="Titles and synonyms"
        placeholder="e.g. cat, reference sheet"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={typed}
        maxLength={TAG_QUERY_MAX}
        onChange={(e) => setTyped(e.currentTarget.value)}
      />
      {query.isPending ? (
        <LoadingState label="Loading tags" />
      ) : query.isError ? (
        <ErrorState title="Couldn't load the tags" message={query.error.message} onRetry={query.refetch} />
      ) : data && data.items.length === 0 ? (
        <Text role="status" py="lg" ta="center" c="dimmed">
          {filter ? `No tag or synonym matches “${displayTagTitle(filter)}”.` : 'There are no tags yet.'}
          {user && filter && (
            <>
              {' '}
              <Anchor
                component={Link}
                to={`${paths.wikiTagCreate}?${new URLSearchParams({ title: filter })}`}
              >
                Create “{displayTagTitle(filter)}”
              </Anchor>
            </>
          )}
        </Text>
      ) : (
        data && (
          <>
            <Text size="sm" c="dimmed" role="status" aria-live="polite">
              {data.total === 1 ? '1 tag' : `${data.total} tags`}
              {filter ? ` match “${displayTagTitle(filter)}”` : ''}
              {pages > 1 ? ` · page ${page} of ${pages}` : ''}
            </Text>
            <Table striped highlightOnHover aria-busy={query.isFetching} verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Title</Table.Th>
                  <Table.Th>Type and maturity</Table.Th>
                  <Table.Th ta="right">Used</Table.Th>
                  <Table.Th visibleFrom="sm">Synonyms</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.items.map((tag) => (
                  <Table.Tr key={tag.id}>
                    <Table.Td>
                      <TagLink tag={tag} />
                      {tag.synonyms.length > 0 && (
                        <Text size="xs" c="dimmed" hiddenFrom="sm">
                          also {tag.synonyms.map((s) => displayTagTitle(s.title)).join(', ')}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <TagBadges tag={tag} />
                    </Table.Td>
                    <Table.Td ta="right">{tag.usageCount}</Table.Td>
                    <Table.Td visibleFrom="sm">
                      <Text size="sm" c="dimmed">
                        {tag.synonyms.map((s) => displayTagTitle(s.title)).join(', ') || '—'}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            {pages > 1 && (
              <Group justify="center">
                <Pagination
                  total={pages}
                  value={Math.min(page, pages)}
                  onChange={goTo}
                  withEdges
                  aria-label="Pages of tags"
                  getItemProps={(n) => ({ 'aria-label': `Page ${n}` })}
                  getControlProps={(control) => ({
                    'aria-label': {
                      first: 'First page',
                      previous: 'Previous page',
                      next: 'Next page',
                      last: 'Last page',
                    }[control],
                  })}
                />
              </Group>
            )}
          </>
        )
      )}
    </Stack>
  );
}
