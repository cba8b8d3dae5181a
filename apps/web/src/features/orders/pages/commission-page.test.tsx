import type { QueryClient } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { boardMessages } from '@brushline/shared/board/messages';
import { choiceMessages } from '@brushline/shared/cards/messages';
import { messages } from '@brushline/shared/messages';
import { orderMessages } from '@brushline/shared/orders/messages';
import { toast } from '../../../lib/toast.ts';
import { page, renderRoutes, stubFetch } from '../../../test/render.tsx';
import { userKeys } from '../../users/api/user-queries.ts';
import { reputationFixture } from '../../users/test/user-fixtures.ts';
import { artistMe, buyerMe, CARD_UUID, makeCard, makeForm } from '../test/order-fixtures.ts';
import { CommissionPage } from './commission-page.tsx';

const routes = [
  page('/commission/:uuid', <CommissionPage />),
  page('/comission-form/:uuid', <CommissionPage openForm />),
  page('/login', <p>login page</p>),
  page('/crm/outgoing/orders', <p>outgoing orders</p>),
  page('/crm/cards/card-edit/:uuid', <p>card editor</p>),
];
const getCard = `GET /api/comissioncard/get/${CARD_UUID}`;
const signedIn = (me: typeof buyerMe) => ({ 'GET /api/sessioncheck': () => ({ status: 200, body: me }) });

afterEach(() => {
  vi.restoreAllMocks();
  sessionStorage.clear();
});

describe('commission page', () => {
  it('shows the plan, the delivery time and what is due when, in dollars from the live total, up to the review', async () => {
    const card = makeCard({ paymentPlan: { kind: 'deposit', depositPercent: 50 }, deliveryDays: 7 });
    stubFetch({ ...signedIn(buyerMe), [getCard]: () => ({ status: 200, body: card }) });
    const { user } = renderRoutes(routes, `/comission-form/${CARD_UUID}`);
    expect(await screen.findByText('50% deposit, the rest on delivery')).toBeInTheDocument();
    expect(screen.getByText('Delivered within 7 days of acceptance')).toBeInTheDocument();
    expect(screen.getByTestId('due-when')).toHaveTextContent(
      'Deposit on acceptance $10.00 · Remainder on delivery $10.00',
    );
    await user.click(screen.getByRole('radio', { name: /Full body/ }));
    await user.click(screen.getByRole('checkbox', { name: /Pet/ }));
    // $20 + $15.50 + $5 = $40.50, half of it up front.
    expect(screen.getByTestId('due-when')).toHaveTextContent(
      'Deposit on acceptance $20.25 · Remainder on delivery $20.25',
    );
    await user.click(screen.getByRole('button', { name: 'Review request' }));
    expect(await screen.findByRole('heading', { name: 'Check your request' })).toBeInTheDocument();
    expect(screen.getByTestId('due-when')).toHaveTextContent(
      'Deposit on acceptance $20.25 · Remainder on delivery $20.25',
    );
  });

  it('offers anonymous visitors "Login to order", which comes back to the form with their choice', async () => {
    stubFetch({ [getCard]: () => ({ status: 200, body: makeCard() }) });
    const { user, router } = renderRoutes(routes, `/commission/${CARD_UUID}`);
    expect(await screen.findByRole('heading', { name: 'Portrait' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Review request' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: /Full body/ }));
    await user.click(screen.getByRole('checkbox', { name: /Pet/ }));
    await user.click(screen.getByRole('link', { name: 'Login to order' }));
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toEqual({ from: `/comission-form/${CARD_UUID}` });
  });

  it('keeps the options chosen before signing in', async () => {
    stubFetch({ [getCard]: () => ({ status: 200, body: makeCard() }) });
    const anonymous = renderRoutes(routes, `/commission/${CARD_UUID}`);
    await anonymous.user.click(await screen.findByRole('radio', { name: /Full body/ }));
    await anonymous.user.click(screen.getByRole('checkbox', { name: /Pet/ }));
    await anonymous.user.click(screen.getByRole('link', { name: 'Login to order' }));
    anonymous.unmount();

    // Signed in, the login page sends them back to the form (a new page load of the app).
    stubFetch({ ...signedIn(buyerMe), [getCard]: () => ({ status: 200, body: makeCard() }) });
    renderRoutes(routes, `/comission-form/${CARD_UUID}`);
    expect(await screen.findByRole('radio', { name: /Full body/ })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /Pet/ })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /Background/ })).not.toBeChecked();
    expect(screen.getByTestId('card-total')).toHaveTextContent('$40.50');
  });

  it('says a request sent with no open slot joins the waitlist, and sends the choice to show details in the queue', async () => {
    const calls = stubFetch({
      ...signedIn(buyerMe),
      [getCard]: () => ({ status: 200, body: makeCard() }),
      'GET /api/queue/ann/slots': () => ({ status: 200, body: { slots: 2, openSlots: 0, active: 2 } }),
      'POST /api/comissionform/send': () => ({
        status: 200,
        body: { form: makeForm(1, 'none', { waitlist: true }), message: messages.formSent },
      }),
    });
    const { user, router } = renderRoutes(routes, `/comission-form/${CARD_UUID}`);
    expect(await screen.findByText(boardMessages.waitlistNotice)).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: /Bust/ }));
    await user.click(screen.getByRole('checkbox', { name: boardMessages.showInQueueLabel }));
    await user.click(screen.getByRole('button', { name: 'Review request' }));
    await user.click(await screen.findByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/crm/outgoing/orders'));
    const sent = calls.find((c) => c.key === 'POST /api/comissionform/send')!.body;
    expect(sent).toMatchObject({ showInQueue: true });
  });

  it('shows the open slots when one is open', async () => {
    stubFetch({
      ...signedIn(buyerMe),
      [getCard]: () => ({ status: 200, body: makeCard() }),
      'GET /api/queue/ann/slots': () => ({ status: 200, body: { slots: 3, openSlots: 1, active: 2 } }),
    });
    renderRoutes(routes, `/commission/${CARD_UUID}`);
    expect(await screen.findByText('1 of 3 slots open')).toBeInTheDocument();
    expect(screen.queryByText(boardMessages.waitlistNotice)).not.toBeInTheDocument();
  });

  it('says "Comission is closed" and offers no way to order', async () => {
    stubFetch({
      ...signedIn(buyerMe),
      [getCard]: () => ({ status: 200, body: makeCard({ isCommissionsOpen: false }) }),
    });
    renderRoutes(routes, `/comission-form/${CARD_UUID}`);
    expect(await screen.findByText(messages.comissionClosed)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send request' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Order this commission' })).not.toBeInTheDocument();
  });

  it('says "Comission does not exist" for an unknown or hidden card', async () => {
    stubFetch({
      [getCard]: () => ({
        status: 404,
        body: { error: { code: 'not_found', message: messages.comissionMissing } },
      }),
    });
    renderRoutes(routes, `/commission/${CARD_UUID}`);
    expect(await screen.findByRole('heading', { name: messages.comissionMissing })).toBeInTheDocument();
  });

  it('shows the artist their own card with "Edit card" instead of the order form', async () => {
    stubFetch({ ...signedIn(artistMe), [getCard]: () => ({ status: 200, body: makeCard() }) });
    renderRoutes(routes, `/comission-form/${CARD_UUID}`);
    expect(await screen.findByRole('link', { name: 'Edit card' })).toHaveAttribute(
      'href',
      `/crm/cards/card-edit/${CARD_UUID}`,
    );
    expect(screen.queryByRole('button', { name: 'Send request' })).not.toBeInTheDocument();
  });

  it('tells the artist who can see their closed card', async () => {
    stubFetch({
      ...signedIn(artistMe),
      [getCard]: () => ({
        status: 200,
        body: makeCard({ isOpenComission: false, isCommissionsOpen: false }),
      }),
    });
    renderRoutes(routes, `/commission/${CARD_UUID}`);
    expect(await screen.findByText(/It is closed, so only you can see it/)).toBeInTheDocument();
  });

  it('asks for the one-choice sections, then sends the choice with the total shown', async () => {
    const success = vi.spyOn(toast, 'success');
    const calls = stubFetch({
      ...signedIn(buyerMe),
      [getCard]: () => ({ status: 200, body: makeCard() }),
      'POST /api/comissionform/send': () => ({
        status: 200,
        body: { form: makeForm(1, 'none', { totalPrice: 45.5 }), message: messages.formSent },
      }),
    });
    const { user, router } = renderRoutes(routes, `/comission-form/${CARD_UUID}`);
    await user.click(await screen.findByRole('button', { name: 'Review request' }));
    expect(await screen.findByText(choiceMessages.radioNeedsOne('Size'))).toBeInTheDocument();
    // The button is below the sections: the keyboard focus goes to the section that needs a choice.
    expect(screen.getByRole('radio', { name: /Bust/ })).toHaveFocus();
    expect(calls.some((c) => c.key === 'POST /api/comissionform/send')).toBe(false);

    await user.click(screen.getByRole('radio', { name: /Full body/ }));
    await user.click(screen.getByRole('checkbox', { name: /Background/ }));
    expect(screen.getByTestId('card-total')).toHaveTextContent('$45.50');
    await user.click(screen.getByRole('button', { name: 'Review request' }));

    // The look back says what goes, and warns that there is no description.
    const review = await screen.findByRole('region', { name: 'Check your request' });
    expect(within(review).getByRole('cell', { name: 'Size: Full body' })).toBeInTheDocument();
    expect(within(review).getByRole('cell', { name: 'Extras: Background' })).toBeInTheDocument();
    expect(within(review).getByTestId('review-total')).toHaveTextContent('$45.50');
    expect(within(review).getByText(/No description: the artist gets only your choices/)).toBeInTheDocument();
    expect(calls.some((c) => c.key === 'POST /api/comissionform/send')).toBe(false);
    // Back to edit keeps everything chosen.
    await user.click(within(review).getByRole('button', { name: 'Back to edit' }));
    expect(screen.getByRole('radio', { name: /Full body/ })).toBeChecked();
    await user.type(screen.getByLabelText('Description'), 'My cat, please');
    await user.click(screen.getByRole('button', { name: 'Review request' }));
    expect(await screen.findByText('My cat, please')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send request' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/crm/outgoing/orders'));
    const sent = calls.find((c) => c.key === 'POST /api/comissionform/send')!.body;
    expect(sent).toEqual({
      cardUUID: CARD_UUID,
      description: 'My cat, please',
      references: [],
      chosen: [
        { sectionKey: 'size', optionKeys: ['full'] },
        { sectionKey: 'extras', optionKeys: ['bg'] },
      ],
      totalPrice: 45.5,
      showInQueue: false,
    });
    expect(success).toHaveBeenCalledWith(messages.formSent);
  });

  it('shows the server message when the form is refused', async () => {
    stubFetch({
      ...signedIn(buyerMe),
      [getCard]: () => ({ status: 200, body: makeCard({ sections: [] }) }),
      'POST /api/comissionform/send': () => ({
        status: 403,
        body: { error: { code: 'forbidden', message: messages.formSendFailed } },
      }),
    });
    const { user, router } = renderRoutes(routes, `/comission-form/${CARD_UUID}`);
    await user.click(await screen.findByRole('button', { name: 'Review request' }));
    await user.click(await screen.findByRole('button', { name: 'Send request' }));
    expect(await screen.findByRole('alert', { name: 'The request was not sent' })).toHaveTextContent(
      messages.formSendFailed,
    );
    expect(router.state.location.pathname).toBe(`/comission-form/${CARD_UUID}`);
  });
});

describe('the artist’s terms and a required description', () => {
  it('asks for the description the artist requires, then shows the terms the buyer accepts', async () => {
    const calls = stubFetch({
      ...signedIn(buyerMe),
      [getCard]: () => ({
        status: 200,
        body: makeCard({ sections: [], terms: 'Personal use only.', descriptionRequired: true }),
      }),
      'POST /api/comissionform/send': () => ({
        status: 200,
        body: { form: makeForm(1, 'none'), message: messages.formSent },
      }),
    });
    const { user } = renderRoutes(routes, `/comission-form/${CARD_UUID}`);
    expect(await screen.findByText('Personal use only.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Review request' }));
    expect(await screen.findByText(orderMessages.descriptionRequired)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Description/ })).toHaveFocus();
    expect(screen.queryByRole('region', { name: 'Check your request' })).not.toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: /Description/ }), 'A fox');
    await user.click(screen.getByRole('button', { name: 'Review request' }));
    const review = await screen.findByRole('region', { name: 'Check your request' });
    expect(within(review).getByText('Personal use only.')).toBeInTheDocument();
    expect(within(review).getByText(/By sending this request you accept these terms/)).toBeInTheDocument();
    await user.click(within(review).getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(calls.some((c) => c.key === 'POST /api/comissionform/send')).toBe(true));
  });
});

describe('the artist’s record', () => {
  const getReputation = 'GET /api/reputation/ann';
  const open = (reputation: () => { status: number; body?: unknown }) => {
    stubFetch({ [getCard]: () => ({ status: 200, body: makeCard() }), [getReputation]: reputation });
    return renderRoutes(routes, `/commission/${CARD_UUID}`);
  };
  /** The record has been answered (or refused): what is not on screen now will not come. */
  const settled = (client: QueryClient) =>
    waitFor(() => expect(client.getQueryState(userKeys.reputation('ann'))?.fetchStatus).toBe('idle'));

  it('shows the rating, linking to the reviews, the orders done and the reliability figures', async () => {
    open(() => ({
      status: 200,
      body: reputationFixture({
        rating: { average: 4.7, count: 12 },
        ordersDone: 15,
        onTimeShare: 0.92,
        medianAnswerHours: 0.5,
      }),
    }));
    const record = within(await screen.findByRole('list', { name: 'Record as an artist' }));
    expect(record.getByRole('link', { name: 'Rated 4.7 of 5 from 12 reviews' })).toHaveAttribute(
      'href',
      '/profile/ann/reviews',
    );
    expect(record.getByText('15 orders completed')).toBeInTheDocument();
    expect(record.getByText('92% delivered on time')).toBeInTheDocument();
    expect(record.getByText('Usually answers within an hour')).toBeInTheDocument();
  });

  it('leaves out the reliability figures the server could not measure yet', async () => {
    open(() => ({
      status: 200,
      body: reputationFixture({ rating: { average: 4.5, count: 2 }, ordersDone: 2 }),
    }));
    const record = within(await screen.findByRole('list', { name: 'Record as an artist' }));
    expect(record.getByText('2 orders completed')).toBeInTheDocument();
    expect(record.queryByText(/on time/)).not.toBeInTheDocument();
    expect(record.queryByText(/Usually answers/)).not.toBeInTheDocument();
  });

  it('shows nothing for a newcomer', async () => {
    const { client } = open(() => ({ status: 200, body: reputationFixture({ ordersDone: 2 }) }));
    expect(await screen.findByRole('link', { name: 'Login to order' })).toBeInTheDocument();
    await settled(client);
    expect(screen.queryByRole('list', { name: 'Record as an artist' })).not.toBeInTheDocument();
    expect(screen.queryByText(/orders completed/)).not.toBeInTheDocument();
  });

  it('shows the card as usual when the record cannot be read', async () => {
    const { client } = open(() => ({
      status: 503,
      body: { error: { code: 'service_unavailable', message: 'Try again in a moment' } },
    }));
    expect(await screen.findByRole('link', { name: 'Login to order' })).toBeInTheDocument();
    await settled(client);
    expect(client.getQueryState(userKeys.reputation('ann'))?.status).toBe('error');
    expect(screen.queryByText('Try again in a moment')).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Record as an artist' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Portrait' })).toBeInTheDocument();
  });
});
