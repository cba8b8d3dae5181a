import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Review, UserReviewsPage } from '@brushline/shared/reviews/schemas';
import { page, renderRoutes, stubFetch } from '../../../test/render.tsx';
import { annMe } from '../test/user-fixtures.ts';
import { ProfileReviewsPage } from './profile-reviews-page.tsx';

const routes = [page('/profile/:login/reviews', <ProfileReviewsPage />)];
const ann = { id: annMe.id, login: 'ann', displayName: 'Ann', avatarMiniatureUrl: null };
const cat = {
  id: '6f1c1f9e-3333-4333-8333-333333333333',
  login: 'cat',
  displayName: 'Cat',
  avatarMiniatureUrl: null,
};

/** Review number `n` of Ann, by Cat unless said otherwise. */
const review = (n: number, patch: Partial<Review> = {}): Review => ({
  id: `0b7e3c1a-7777-4777-8777-00000000000${n}`,
  orderId: n,
  orderTitle: `Portrait ${n}`,
  side: 'artist',
  author: cat,
  subject: ann,
  stars: 5,
  text: `Review ${n}`,
  createdAt: '2026-01-10T00:00:00.000Z',
  answer: null,
  answeredAt: null,
  hiddenByStaff: null,
  ...patch,
});
const averages = { asArtist: { average: 4.5, count: 3 }, asBuyer: null };

afterEach(() => vi.restoreAllMocks());

type Answer = UserReviewsPage | Promise<UserReviewsPage>;

/** Ann's reviews; `pages` answers by side and cursor; `asked` lists what was asked, "side cursor". */
function open(path: string, pages: (side: string, cursor: string | null) => Answer, me = annMe) {
  const asked: string[] = [];
  stubFetch({
    'GET /api/sessioncheck': () => ({ status: 200, body: me }),
    'GET /api/reviews/user/ann': async (_, url) => {
      const side = url.searchParams.get('side') ?? '';
      const cursor = url.searchParams.get('cursor');
      asked.push(`${side} ${cursor ?? '-'}`);
      return { status: 200, body: await pages(side, cursor) };
    },
  });
  return { ...renderRoutes(routes, path), asked };
}

describe('the Reviews tab of a profile', () => {
  it('shows both averages and one side’s reviews, newest first, loading more on demand', async () => {
    const { user, asked } = open('/profile/ann/reviews', (_, cursor) =>
      cursor === null
        ? { ...averages, items: [review(1), review(2)], nextCursor: 'c2' }
        : { ...averages, items: [review(3)], nextCursor: null },
    );
    const list = within(await screen.findByRole('list', { name: 'Reviews as an artist' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Reviews of @ann' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Reviews' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByTestId('rating-artist')).toHaveTextContent('4.5 ★ (3 reviews)');
    expect(screen.getByTestId('rating-buyer')).toHaveTextContent('No reviews yet');
    expect(list.getAllByRole('listitem').map((li) => li.getAttribute('aria-label'))).toEqual([
      'Review by Cat',
      'Review by Cat',
    ]);
    expect(list.getByText('Review 1')).toBeInTheDocument();
    expect(list.getByText('Order: Portrait 1')).toBeInTheDocument();
    expect(list.getAllByRole('img', { name: '5 of 5 stars' })).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await list.findByText('Review 3')).toBeInTheDocument();
    expect(list.getAllByRole('listitem')).toHaveLength(3);
    expect(list.getByText('Review 1')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(asked).toEqual(['artist -', 'artist c2']);
  });

  it('switches sides through ?side=, and says when a side has no reviews', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const { user, router, asked } = open('/profile/ann/reviews?side=buyer', async (side) => {
      if (side === 'buyer') return { ...averages, items: [], nextCursor: null };
      await held;
      return { ...averages, items: [review(1)], nextCursor: null };
    });
    expect(await screen.findByText(/No reviews as a buyer yet/)).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'As a buyer' })).toBeChecked();

    await user.click(screen.getByRole('radio', { name: 'As an artist' }));
    await waitFor(() => expect(router.state.location.search).toBe('?side=artist'));
    // While the other side loads, the averages stay and the buyer side's list goes.
    expect(await screen.findByRole('progressbar', { name: 'Loading the reviews' })).toBeInTheDocument();
    expect(screen.getByTestId('rating-artist')).toHaveTextContent('4.5 ★ (3 reviews)');
    expect(screen.queryByText(/No reviews as a buyer yet/)).not.toBeInTheDocument();
    release();
    expect(await screen.findByRole('list', { name: 'Reviews as an artist' })).toBeInTheDocument();
    expect(screen.getByText('Review 1')).toBeInTheDocument();
    expect(asked).toEqual(['buyer -', 'artist -']);
  });

  it('lets signed-in readers report a review, never its author', async () => {
    const mine = review(2, { author: ann, subject: cat, side: 'buyer', text: 'Mine' });
    open('/profile/ann/reviews', () => ({ ...averages, items: [review(1), mine], nextCursor: null }));
    const list = within(await screen.findByRole('list', { name: 'Reviews as an artist' }));
    const [theirs, own] = list.getAllByRole('listitem');
    expect(within(theirs!).getByRole('button', { name: 'Report this review' })).toBeInTheDocument();
    expect(within(own!).queryByRole('button', { name: 'Report this review' })).not.toBeInTheDocument();
  });

  it('lets nobody report when signed out', async () => {
    stubFetch({
      'GET /api/reviews/user/ann': () => ({
        status: 200,
        body: { ...averages, items: [review(1)], nextCursor: null },
      }),
    });
    renderRoutes(routes, '/profile/ann/reviews');
    expect(await screen.findByText('Review 1')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Report this review' })).not.toBeInTheDocument();
  });

  it('says what failed and offers to try again', async () => {
    let fail = true;
    stubFetch({
      'GET /api/sessioncheck': () => ({ status: 200, body: annMe }),
      'GET /api/reviews/user/ann': () =>
        fail
          ? { status: 503, body: { error: { code: 'unavailable', message: 'The server is busy' } } }
          : { status: 200, body: { ...averages, items: [review(1)], nextCursor: null } },
    });
    const { user } = renderRoutes(routes, '/profile/ann/reviews');
    expect(await screen.findByText("Couldn't load the reviews")).toBeInTheDocument();
    expect(screen.getByText(/The server is busy/)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Review 1')).toBeInTheDocument();
  });

  it('says the user does not exist', async () => {
    stubFetch({
      'GET /api/reviews/user/ann': () => ({
        status: 404,
        body: { error: { code: 'not_found', message: 'No such user' } },
      }),
    });
    renderRoutes(routes, '/profile/ann/reviews');
    expect(await screen.findByText('This user does not exist')).toBeInTheDocument();
  });
});
