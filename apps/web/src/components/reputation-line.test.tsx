import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Reputation } from '@brushline/shared/reviews/schemas';
import { page, renderRoutes } from '../test/render.tsx';
import { answerTimeText, ReputationLine } from './reputation-line.tsx';

const record = (over: Partial<Reputation['asArtist']>): Reputation['asArtist'] => ({
  rating: null,
  ordersDone: 0,
  onTimeShare: null,
  medianAnswerHours: null,
  ...over,
});
const render = (r: Reputation['asArtist']) =>
  renderRoutes(
    [
      page(
        '/',
        <>
          <h1>Ann</h1>
          <ReputationLine login="ann" record={r} />
        </>,
      ),
    ],
    '/',
  );

describe('ReputationLine', () => {
  it('shows the rating as a link to the reviews, the orders and both reliability figures', async () => {
    render(
      record({
        rating: { average: 4.66, count: 12 },
        ordersDone: 14,
        onTimeShare: 0.916,
        medianAnswerHours: 5.2,
      }),
    );
    const line = within(await screen.findByRole('list', { name: 'Record as an artist' }));
    const rating = line.getByRole('link', { name: 'Rated 4.7 of 5 from 12 reviews' });
    expect(rating).toHaveAttribute('href', '/profile/ann/reviews');
    expect(rating).toHaveTextContent('4.7 · 12 reviews');
    expect(line.getByText('14 orders completed')).toBeInTheDocument();
    expect(line.getByText('92% delivered on time')).toBeInTheDocument();
    expect(line.getByText('Usually answers within 6 hours')).toBeInTheDocument();
  });

  it('leaves out the figures the server did not measure, and the rating before the first review', async () => {
    render(record({ ordersDone: 3 }));
    const line = await screen.findByRole('list', { name: 'Record as an artist' });
    expect(
      within(line)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['3 orders completed']);
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('shows a first review even before three orders, with "1 order"', async () => {
    render(record({ rating: { average: 5, count: 1 }, ordersDone: 1 }));
    const line = within(await screen.findByRole('list', { name: 'Record as an artist' }));
    expect(line.getByRole('link', { name: 'Rated 5.0 of 5 from 1 review' })).toHaveTextContent(
      '5.0 · 1 review',
    );
    expect(line.getByText('1 order completed')).toBeInTheDocument();
  });

  it('shows nothing at all for a newcomer with no rating and few orders', async () => {
    render(record({ ordersDone: 2 }));
    expect(await screen.findByRole('heading', { name: 'Ann' })).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
    expect(screen.queryByText(/orders completed/)).not.toBeInTheDocument();
  });

  it('rounds the answer time up: an hour, hours, then days from two days on', () => {
    expect(answerTimeText(0.2)).toBe('Usually answers within an hour');
    expect(answerTimeText(1)).toBe('Usually answers within an hour');
    expect(answerTimeText(1.5)).toBe('Usually answers within 2 hours');
    expect(answerTimeText(47.5)).toBe('Usually answers within 48 hours');
    expect(answerTimeText(48)).toBe('Usually answers within 2 days');
    expect(answerTimeText(60)).toBe('Usually answers within 3 days');
  });
});
