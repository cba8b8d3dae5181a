import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TaskStatus } from '@brushline/shared/orders/constants';
import { reviewMessages } from '@brushline/shared/reviews/messages';
import type { OrderReviews, Review } from '@brushline/shared/reviews/schemas';
import type { Me } from '@brushline/shared/users/schemas';
import { toast } from '../../../lib/toast.ts';
import { page, renderRoutes, stubFetch } from '../../../test/render.tsx';
import { OrderPage } from '../pages/order-page.tsx';
import { artistMe, buyerMe, makeForm } from '../test/order-fixtures.ts';

const routes = [page('/order/:id', <OrderPage />)];
const person = (me: Me) => ({
  id: me.id,
  login: me.displayLogin,
  displayName: me.displayName,
  avatarMiniatureUrl: null,
});
const REVIEW_ID = '0b7e3c1a-6666-4666-8666-666666666666';

/** Ann (the artist) reviewed by Bob (the buyer), unless `patch` says otherwise. */
const review = (patch: Partial<Review> = {}): Review => ({
  id: REVIEW_ID,
  orderId: 4,
  orderTitle: 'Order 4',
  side: 'artist',
  author: person(buyerMe),
  subject: person(artistMe),
  stars: 4,
  text: 'Lovely work',
  createdAt: '2026-01-10T00:00:00.000Z',
  answer: null,
  answeredAt: null,
  hiddenByStaff: null,
  ...patch,
});
const nothingYet: OrderReviews = {
  mine: null,
  theirs: null,
  canReview: true,
  reviewUntil: '2099-02-09T00:00:00.000Z',
};

let toastSpy: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  toastSpy = vi.spyOn(toast, 'success');
});
afterEach(() => vi.restoreAllMocks());

/** Order 4 as `me` with `status`; its reviews answer `reviews` (a function: it may change). */
function openOrder(
  me: Me,
  reviews: () => { status: number; body: unknown },
  more: Parameters<typeof stubFetch>[0] = {},
  status: TaskStatus = 'done',
) {
  const calls = stubFetch({
    'GET /api/sessioncheck': () => ({ status: 200, body: me }),
    'GET /api/order/4': () => ({
      status: 200,
      body: { form: makeForm(4, status), updates: [], deadline: null },
    }),
    'GET /api/order/4/reviews': reviews,
    ...more,
  });
  return { ...renderRoutes(routes, '/order/4'), calls };
}

const section = async () => within(await screen.findByRole('region', { name: 'Reviews' }));

describe('the Reviews section of the order page', () => {
  it('posts the stars and words, and shows the published review', async () => {
    let current = nothingYet;
    const { user, calls } = openOrder(buyerMe, () => ({ status: 200, body: current }), {
      'POST /api/order/4/review': (body) => {
        const { stars, text } = body as { stars: number; text: string };
        current = { ...current, canReview: false, mine: review({ stars, text }) };
        return { status: 200, body: { review: current.mine, message: reviewMessages.saved } };
      },
    });
    const reviews = await section();
    expect(await reviews.findByText(/published on Ann’s profile and cannot be edited/)).toBeInTheDocument();
    expect(reviews.getByText(/You can review until .*2099/)).toBeInTheDocument();

    const stars = reviews.getByRole('radiogroup', { name: 'Your rating' });
    await user.click(within(stars).getByLabelText('5 stars'));
    await user.type(reviews.getByLabelText('Your review (optional)'), 'Fast and kind');
    expect(reviews.getByText('13/1000 characters')).toBeInTheDocument();
    await user.click(reviews.getByRole('button', { name: 'Publish review' }));

    await waitFor(() => expect(toastSpy).toHaveBeenCalledWith(reviewMessages.saved));
    expect(calls.find((c) => c.key === 'POST /api/order/4/review')?.body).toEqual({
      stars: 5,
      text: 'Fast and kind',
    });
    // The form makes way for what was written.
    expect(await reviews.findByText('Fast and kind')).toBeInTheDocument();
    expect(reviews.getByRole('img', { name: '5 of 5 stars' })).toBeInTheDocument();
    expect(reviews.queryByRole('button', { name: 'Publish review' })).not.toBeInTheDocument();
  });

  it('chooses stars with the arrow keys', async () => {
    const { user, calls } = openOrder(buyerMe, () => ({ status: 200, body: nothingYet }), {
      'POST /api/order/4/review': () => ({ status: 200, body: { review: review(), message: 'ok' } }),
    });
    const reviews = await section();
    const stars = within(await reviews.findByRole('radiogroup', { name: 'Your rating' }));
    stars.getByLabelText('2 stars').focus();
    await user.keyboard('{ArrowRight}');
    await user.click(reviews.getByRole('button', { name: 'Publish review' }));
    await waitFor(() =>
      expect(calls.find((c) => c.key === 'POST /api/order/4/review')?.body).toEqual({ stars: 3, text: '' }),
    );
  });

  it('asks for the stars before posting, and puts the server’s refusals where they belong', async () => {
    const { user, calls } = openOrder(buyerMe, () => ({ status: 200, body: nothingYet }), {
      'POST /api/order/4/review': (body) =>
        (body as { text: string }).text === 'bad'
          ? {
              status: 400,
              body: {
                error: {
                  code: 'validation_error',
                  message: 'Check the form',
                  fields: { text: reviewMessages.badCharacters },
                },
              },
            }
          : {
              status: 409,
              body: { error: { code: 'review_window_closed', message: reviewMessages.windowClosed } },
            },
    });
    const reviews = await section();
    await user.click(await reviews.findByRole('button', { name: 'Publish review' }));
    expect(await reviews.findByText(reviewMessages.starsRange)).toBeInTheDocument();
    expect(reviews.getByRole('radiogroup', { name: 'Your rating' })).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((c) => c.key === 'POST /api/order/4/review')).toBe(false);

    await user.click(reviews.getByLabelText('3 stars'));
    await user.type(reviews.getByLabelText('Your review (optional)'), 'bad');
    await user.click(reviews.getByRole('button', { name: 'Publish review' }));
    // A field's refusal under its field.
    expect(await reviews.findByText(reviewMessages.badCharacters)).toBeInTheDocument();
    expect(reviews.queryByRole('alert')).not.toBeInTheDocument();

    await user.clear(reviews.getByLabelText('Your review (optional)'));
    await user.click(reviews.getByRole('button', { name: 'Publish review' }));
    // Any other in a red alert, in the server's words.
    expect(await reviews.findByRole('alert')).toHaveTextContent(reviewMessages.windowClosed);
    expect(toastSpy).not.toHaveBeenCalled();
  });

  it('shows my review with the answer, and staff’s reason when they hid it', async () => {
    const mine = review({
      answer: 'Thank you!',
      answeredAt: '2026-01-11T00:00:00.000Z',
      hiddenByStaff: 'Personal details',
    });
    openOrder(buyerMe, () => ({ status: 200, body: { ...nothingYet, canReview: false, mine } }));
    const reviews = await section();
    expect(await reviews.findByRole('heading', { name: 'Your review of Ann' })).toBeInTheDocument();
    expect(reviews.getByText('Lovely work')).toBeInTheDocument();
    expect(reviews.getByRole('img', { name: '4 of 5 stars' })).toBeInTheDocument();
    expect(reviews.getByText(/^Answer from Ann/)).toBeInTheDocument();
    expect(reviews.getByText('Thank you!')).toBeInTheDocument();
    expect(reviews.getByText('Hidden by staff: Personal details')).toBeInTheDocument();
    expect(reviews.getByRole('link', { name: 'Bob' })).toHaveAttribute('href', '/profile/bob/home');
    expect(reviews.queryByRole('button', { name: 'Answer' })).not.toBeInTheDocument();
  });

  it('lets me answer a review of me once, in place', async () => {
    let theirs = review();
    const { user, calls } = openOrder(
      artistMe,
      () => ({ status: 200, body: { ...nothingYet, canReview: false, theirs } }),
      {
        'POST /api/review/0b7e3c1a-6666-4666-8666-666666666666/answer': (body) => {
          theirs = {
            ...theirs,
            answer: (body as { text: string }).text,
            answeredAt: '2026-01-11T00:00:00.000Z',
          };
          return { status: 200, body: { review: theirs, message: reviewMessages.answered } };
        },
      },
    );
    const reviews = await section();
    expect(await reviews.findByRole('heading', { name: 'Bob’s review of you' })).toBeInTheDocument();
    await user.click(reviews.getByRole('button', { name: 'Answer' }));
    const box = reviews.getByLabelText('Your answer');
    expect(box).toHaveFocus();
    await user.click(reviews.getByRole('button', { name: 'Publish answer' }));
    expect(await reviews.findByText(reviewMessages.answerRequired)).toBeInTheDocument();
    expect(calls.some((c) => c.key.endsWith('/answer'))).toBe(false);

    await user.click(reviews.getByRole('button', { name: 'Cancel' }));
    expect(reviews.queryByLabelText('Your answer')).not.toBeInTheDocument();
    expect(reviews.getByRole('button', { name: 'Answer' })).toHaveFocus();

    await user.click(reviews.getByRole('button', { name: 'Answer' }));
    await user.type(reviews.getByLabelText('Your answer'), 'Thanks, Bob');
    await user.click(reviews.getByRole('button', { name: 'Publish answer' }));
    await waitFor(() => expect(toastSpy).toHaveBeenCalledWith(reviewMessages.answered));
    expect(calls.find((c) => c.key.endsWith('/answer'))?.body).toEqual({ text: 'Thanks, Bob' });
    expect(await reviews.findByText('Thanks, Bob')).toBeInTheDocument();
    expect(reviews.queryByRole('button', { name: 'Answer' })).not.toBeInTheDocument();
  });

  it('offers no answer to my own review, nor to one already answered', async () => {
    const answered = review({ answer: 'Thanks', answeredAt: '2026-01-11T00:00:00.000Z' });
    const mine = review({ author: person(artistMe), subject: person(buyerMe), side: 'buyer' });
    openOrder(artistMe, () => ({
      status: 200,
      body: { ...nothingYet, canReview: false, mine, theirs: answered },
    }));
    const reviews = await section();
    expect(await reviews.findByRole('heading', { name: 'Bob’s review of you' })).toBeInTheDocument();
    expect(reviews.getByRole('heading', { name: 'Your review of Bob' })).toBeInTheDocument();
    expect(reviews.queryByRole('button', { name: 'Answer' })).not.toBeInTheDocument();
  });

  it('says when reviews closed for someone who did not review', async () => {
    openOrder(buyerMe, () => ({
      status: 200,
      body: { ...nothingYet, canReview: false, reviewUntil: '2026-02-09T00:00:00.000Z' },
    }));
    const reviews = await section();
    expect(await reviews.findByText(/Reviews of this order closed on .*2026/)).toBeInTheDocument();
    expect(reviews.queryByRole('button', { name: 'Publish review' })).not.toBeInTheDocument();
  });

  it('keeps the order page whole when the reviews cannot load', async () => {
    openOrder(buyerMe, () => ({
      status: 500,
      body: { error: { code: 'internal_error', message: 'Something went wrong' } },
    }));
    const reviews = await section();
    expect(await reviews.findByText('Could not load the reviews')).toBeInTheDocument();
    expect(reviews.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'The request' })).toBeInTheDocument();
  });

  it('shows nothing about reviews before the order is done', async () => {
    const { calls } = openOrder(buyerMe, () => ({ status: 200, body: nothingYet }), {}, 'finished');
    expect(await screen.findByRole('button', { name: 'Approve' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Reviews' })).not.toBeInTheDocument();
    expect(calls.some((c) => c.key.endsWith('/reviews'))).toBe(false);
  });
});
