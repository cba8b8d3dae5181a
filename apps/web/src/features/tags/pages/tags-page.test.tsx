import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '@brushline/shared/paths';
import type { TagPage } from '@brushline/shared/tags/schemas';
import { page, renderRoutes, stubFetch } from '../../../test/render.tsx';
import { makeTagFull, recordQueryParam } from '../test/tag-fixtures.ts';
import { TagsPage } from './tags-page.tsx';

const tablePage = (titles: string[]): TagPage => ({
  items: titles.map((title, i) => {
    const {
      parentTags: _p,
      childTags: _c,
      creator: _r,
      contributers: _n,
      history: _h,
      ...tag
    } = makeTagFull({
      id: i + 1,
      title,
    });
    return tag;
  }),
  page: 1,
  pageSize: 25,
  total: titles.length,
});

describe('wiki table', () => {
  it('starts from the filter in the URL and keeps a new search there, 400 ms after typing stops', async () => {
    const filters: string[] = [];
    stubFetch({
      'GET /api/tags/take/1': () => ({
        status: 200,
        body: tablePage(filters.at(-1) === 'wolf' ? ['grey_wolf'] : ['red_fox']),
      }),
    });
    recordQueryParam('filter', filters, '/tags/take/1');
    const { user, router } = renderRoutes([page(paths.wikiTags, <TagsPage />)], '/wiki/tags?filter=fox');
    const box = await screen.findByRole('searchbox', { name: 'Search tags' });
    expect(box).toHaveValue('fox');
    expect(await screen.findByText('red fox')).toBeVisible();
    expect(filters).toContain('fox');

    await user.clear(box);
    await user.type(box, 'wolf');
    expect(router.state.location.search).toBe('?filter=fox');
    await waitFor(() => expect(router.state.location.search).toBe('?filter=wolf'), { timeout: 3000 });
    expect(await screen.findByText('grey wolf')).toBeVisible();
    expect(filters.at(-1)).toBe('wolf');
  });
});
