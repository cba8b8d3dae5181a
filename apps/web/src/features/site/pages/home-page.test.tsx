import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Media } from '@brushline/shared/media/schemas';
import { page, renderRoutes, stubFetch } from '../../../test/render.tsx';
import { makePost, me, pageOf } from '../../posts/test/post-fixtures.ts';
import { HomePage } from './home-page.tsx';

const routes = [page('/', <HomePage />)];

const picture = (n: number): Media => ({
  id: `0000000${n}-0000-4000-8000-000000000000`,
  url: `/api/media/${n}/full`,
  miniatureUrl: `/api/media/${n}/miniature`,
  width: 640,
  height: 480,
  mime: 'image/webp',
  purpose: 'post',
});

const emptyFeed = { 'GET /api/posts/filter': () => ({ status: 200, body: pageOf([]) }) };

describe('home page', () => {
  it('sends a visitor to the feed, and to an account on the way to becoming an artist', async () => {
    stubFetch(emptyFeed);
    renderRoutes(routes, '/');
    const welcome = within(await screen.findByRole('region', { name: 'Welcome' }));
    expect(welcome.getByRole('link', { name: 'Browse the feed' })).toHaveAttribute('href', '/feed');
    expect(welcome.getByRole('link', { name: 'Become an artist' })).toHaveAttribute('href', '/register');
    // An empty feed shows no empty gallery on the landing page.
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Fresh from the feed' })).toBeNull());
  });

  it('sends a signed-in non-artist to the artist switch in settings', async () => {
    stubFetch({ ...emptyFeed, 'GET /api/sessioncheck': () => ({ status: 200, body: me }) });
    renderRoutes(routes, '/');
    const forArtists = within(await screen.findByRole('region', { name: 'For artists' }));
    expect(await forArtists.findByRole('link', { name: 'Become an artist' })).toHaveAttribute(
      'href',
      '/settings/general',
    );
    expect(screen.getByRole('link', { name: 'Your orders' })).toHaveAttribute('href', '/crm');
  });

  it('sends an artist to their commission cards', async () => {
    stubFetch({
      ...emptyFeed,
      'GET /api/sessioncheck': () => ({ status: 200, body: { ...me, roles: ['artist'] } }),
    });
    renderRoutes(routes, '/');
    const links = await screen.findAllByRole('link', { name: 'Your commission cards' });
    expect(links.map((l) => l.getAttribute('href'))).toEqual(['/crm/cards', '/crm/cards']);
    expect(screen.queryByRole('link', { name: 'Become an artist' })).toBeNull();
  });

  it('shows the newest pictures of the feed, first one per post, six at most', async () => {
    stubFetch({
      'GET /api/posts/filter': () => ({
        status: 200,
        body: pageOf([
          makePost(9, { attachedMedia: [picture(1), picture(2), picture(3)] }),
          makePost(8),
          makePost(7, { attachedMedia: [picture(4)] }),
          makePost(6, { attachedMedia: [picture(5), picture(6), picture(7), picture(8)] }),
        ]),
      }),
    });
    renderRoutes(routes, '/');
    const preview = within(await screen.findByRole('region', { name: 'Fresh from the feed' }));
    const tiles = await preview.findAllByRole('link', { name: 'A picture by Bob, in the feed' });
    const shown = tiles.map((t) => t.querySelector('img')?.getAttribute('src'));
    expect(shown).toEqual([1, 4, 5, 2, 3, 6].map((n) => `/api/media/${n}/miniature`));
    expect(preview.getByRole('link', { name: 'See the whole feed' })).toHaveAttribute('href', '/feed');
  });
});
