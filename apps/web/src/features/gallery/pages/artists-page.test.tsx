import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ArtistsPage as Page } from '@brushline/shared/gallery/browse-schemas';
import { page, renderRoutes, stubFetch } from '../../../test/render.tsx';
import { displayCardFixture } from '../test/gallery-fixtures.ts';
import { ArtistsPage } from './artists-page.tsx';

const anonymous = {
  'GET /api/sessioncheck': () => ({ status: 401, body: { error: { code: 'unauthorized', message: 'x' } } }),
};
const render = (path: string) => renderRoutes([page('/artists', <ArtistsPage />)], path);
const card = (name: string) => screen.getByRole('article', { name: `${name}’s card` });

describe('/artists', () => {
  it('shows a rated artist’s average as stars and figures, and nothing for one not reviewed yet', async () => {
    stubFetch({
      ...anonymous,
      'GET /api/artists': () => ({
        status: 200,
        body: {
          items: [
            displayCardFixture(1, { rating: { average: 4.66, count: 12 } }),
            displayCardFixture(2, { rating: { average: 5, count: 1 } }),
            displayCardFixture(3),
          ],
          nextCursor: null,
        } satisfies Page,
      }),
    });
    render('/artists');
    const rated = within(await screen.findByRole('article', { name: 'Artist 1’s card' }));
    expect(rated.getByRole('img', { name: 'Rated 4.7 of 5 from 12 reviews' })).toHaveTextContent('4.7 (12)');
    expect(
      within(card('Artist 2')).getByRole('img', { name: 'Rated 5.0 of 5 from 1 review' }),
    ).toBeInTheDocument();
    const unrated = within(card('Artist 3'));
    expect(unrated.queryByRole('img', { name: /^Rated/ })).not.toBeInTheDocument();
    expect(unrated.queryByText(/\(\d+\)/)).not.toBeInTheDocument();
  });

  it('sorts by rating through the URL, with the filters, and back to newest activity', async () => {
    const asked: Record<string, string>[] = [];
    stubFetch({
      ...anonymous,
      'GET /api/artists': (_body, url) => {
        asked.push(Object.fromEntries(url.searchParams));
        return { status: 200, body: { items: [displayCardFixture(1)], nextCursor: null } satisfies Page };
      },
    });
    const { user, router } = render('/artists?open=true');
    expect(await screen.findByRole('article', { name: 'Artist 1’s card' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Newest activity' })).toBeChecked();
    expect(asked).toEqual([{ open: 'true' }]);

    await user.click(screen.getByRole('radio', { name: 'Top rated' }));
    await waitFor(() => expect(asked).toHaveLength(2));
    expect(asked[1]).toEqual({ open: 'true', sort: 'rating' });
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      open: 'true',
      sort: 'rating',
    });
    // Another filter keeps the order.
    await user.click(screen.getByRole('checkbox', { name: 'Taking commissions now' }));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=rating'));
    await waitFor(() => expect(asked.at(-1)).toEqual({ sort: 'rating' }));

    await user.click(screen.getByRole('radio', { name: 'Newest activity' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => expect(asked.at(-1)).toEqual({}));
  });

  it('opens sorted by rating from a shared link; clearing the filters keeps the order', async () => {
    const asked: Record<string, string>[] = [];
    stubFetch({
      ...anonymous,
      'GET /api/artists': (_body, url) => {
        asked.push(Object.fromEntries(url.searchParams));
        return { status: 200, body: { items: [], nextCursor: null } satisfies Page };
      },
    });
    const { user, router } = render('/artists?sort=rating&open=true');
    expect(await screen.findByText(/No artist matches all of these filters/)).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Top rated' })).toBeChecked();
    expect(asked[0]).toEqual({ open: 'true', sort: 'rating' });

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=rating'));
    // The order alone is no filter: an empty list is simply empty.
    expect(await screen.findByText(/No artist shows a card yet/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
    expect(asked.at(-1)).toEqual({ sort: 'rating' });
  });
});
