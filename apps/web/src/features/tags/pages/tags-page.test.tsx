import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paths } from '@brushline/shared/paths';
import type { TagPage } from '@brushline/shared/tags/schemas';
import { page, renderRoutes, stubFetch } from '../../../test/render.tsx';
import { makeTagFull, recordQueryParam, stubFontFaceSet } from '../test/tag-fixtures.ts';
import { artistMe } from '../../orders/test/order-fixtures.ts';
import { TagEditorPage } from './tag-editor-page.tsx';
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

  it('offers a signed-in member to create the tag a search found nothing for, with its title filled in', async () => {
    stubFontFaceSet();
    stubFetch({
      'GET /api/sessioncheck': () => ({ status: 200, body: artistMe }),
      'GET /api/tags/take/1': () => ({ status: 200, body: tablePage([]) }),
    });
    const { user, router } = renderRoutes(
      [page(paths.wikiTags, <TagsPage />), page(paths.wikiTagCreate, <TagEditorPage />)],
      '/wiki/tags?filter=snow_leopard',
    );
    expect(await screen.findByText(/No tag or synonym matches “snow leopard”/)).toBeVisible();
    await user.click(await screen.findByRole('link', { name: 'Create “snow leopard”' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/wiki/tags/create'));
    expect(await screen.findByLabelText(/^Title/)).toHaveValue('snow_leopard');
  });

  it('offers no create link to anonymous readers', async () => {
    stubFetch({ 'GET /api/tags/take/1': () => ({ status: 200, body: tablePage([]) }) });
    renderRoutes([page(paths.wikiTags, <TagsPage />)], '/wiki/tags?filter=snow_leopard');
    expect(await screen.findByText(/No tag or synonym matches “snow leopard”/)).toBeVisible();
    expect(screen.queryByRole('link', { name: /Create/ })).toBeNull();
  });
});
