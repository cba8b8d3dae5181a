import { screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { FEED_PAGE_SIZE } from '@brushline/shared/posts/constants';
import { page, renderRoutes, stubFetch } from '../../../test/render.tsx';
import { feedRoutes } from '../routes.tsx';
import { makePost, pageOf, stubDocumentFonts } from '../test/post-fixtures.ts';
import { UserPosts } from './user-posts.tsx';

beforeAll(stubDocumentFonts);

/** Answers GET posts/filter by the cursor in the URL, as the server pages. */
function pagedFeed(total: number, seen: string[] = []) {
  const ids = Array.from({ length: total }, (_, i) => total - i);
  const inner = globalThis.fetch;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const href = input instanceof Request ? input.url : input instanceof URL ? input.href : input;
    const url = new URL(href, 'http://localhost');
    if (url.pathname !== '/api/posts/filter') return inner(input, init);
    seen.push(url.search);
    const cursor = Number(url.searchParams.get('cursor') ?? Infinity);
    const rest = ids.filter((id) => id < cursor);
    const items = rest.slice(0, FEED_PAGE_SIZE).map((id) => makePost(id));
    const next = rest.length > FEED_PAGE_SIZE ? items.at(-1)!.id : null;
    return new Response(JSON.stringify(pageOf(items, next)), { status: 200 });
  });
  return seen;
}

describe('post list', () => {
  it('loads the next page by cursor with "Load more" until the end', async () => {
    stubFetch({});
    const seen = pagedFeed(FEED_PAGE_SIZE + 3);
    const { user } = renderRoutes(feedRoutes, '/feed');
    // The first cards render with the data, the rest just after (a background render).
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(FEED_PAGE_SIZE));
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(FEED_PAGE_SIZE + 3));
    expect(seen).toEqual(['', '?cursor=4']);
    expect(screen.getByText('You have reached the end')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('loads the pictures of the first posts with the page, the rest as they scroll near', async () => {
    const media = (id: number) => ({
      id: `00000000-0000-4000-8000-0000000000${String(id).padStart(2, '0')}`,
      url: `/api/media/m${id}/full`,
      miniatureUrl: `/api/media/m${id}/miniature`,
      width: 800,
      height: 600,
      mime: 'image/webp',
      purpose: 'post' as const,
    });
    const posts = [1, 2, 3, 4, 5].map((id) =>
      makePost(10 - id, { attachedMedia: [media(id), media(id + 10)] }),
    );
    stubFetch({ 'GET /api/posts/filter': () => ({ status: 200, body: pageOf(posts) }) });
    const { container } = renderRoutes(feedRoutes, '/feed');
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(5));
    const images = [...container.querySelectorAll('article img')];
    expect(images.map((img) => img.getAttribute('loading'))).toEqual([
      ...Array<string>(6).fill('eager'),
      ...Array<string>(4).fill('lazy'),
    ]);
    // The very first picture (the largest paint of the page, as a rule) ahead of the others.
    expect(images.map((img) => img.getAttribute('fetchpriority'))).toEqual([
      'high',
      ...Array<null>(9).fill(null),
    ]);
    // Every box has the picture's shape before it arrives: nothing below moves when it does.
    expect(images.every((img) => img.getAttribute('width') && img.getAttribute('height'))).toBe(true);
  });

  it('shows an empty state when there is nothing yet', async () => {
    stubFetch({ 'GET /api/posts/filter': () => ({ status: 200, body: pageOf([]) }) });
    renderRoutes(feedRoutes, '/feed');
    expect(await screen.findByText('There are no posts yet.')).toBeInTheDocument();
  });

  it('says what went wrong and tries again on request', async () => {
    let fail = true;
    stubFetch({
      'GET /api/posts/filter': () =>
        fail
          ? { status: 503, body: { error: { code: 'unavailable', message: 'The server is busy' } } }
          : { status: 200, body: pageOf([makePost(1)]) },
    });
    const { user } = renderRoutes(feedRoutes, '/feed');
    expect(await screen.findByText('Could not load posts')).toBeInTheDocument();
    expect(screen.getByText('The server is busy')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Post by Bob' })).toBeInTheDocument();
  });

  it('/hub redirects to /feed, and /hub/feed shows the feed', async () => {
    stubFetch({ 'GET /api/posts/filter': () => ({ status: 200, body: pageOf([makePost(1)]) }) });
    const { router } = renderRoutes(feedRoutes, '/hub');
    await waitFor(() => expect(router.state.location.pathname).toBe('/feed'));
    await router.navigate('/hub/feed');
    expect(await screen.findByRole('heading', { name: 'Feed' })).toBeInTheDocument();
    expect(await screen.findByRole('article', { name: 'Post by Bob' })).toBeInTheDocument();
  });

  it('a profile lists that user’s posts only', async () => {
    stubFetch({});
    const seen = pagedFeed(1);
    renderRoutes([page('/profile/:login/home', <UserPosts login="Bob" />)], '/profile/Bob/home');
    expect(await screen.findByRole('article', { name: 'Post by Bob' })).toBeInTheDocument();
    expect(seen).toEqual(['?owner=Bob']);
  });
});
