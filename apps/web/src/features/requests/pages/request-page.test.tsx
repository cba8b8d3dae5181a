import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@brushline/shared/messages';
import { requestMessages } from '@brushline/shared/requests/messages';
import { toast } from '../../../lib/toast.ts';
import { page, renderRoutes, stubFetch } from '../../../test/render.tsx';
import { artistMe, buyerMe, CARD_UUID, makeCard } from '../../orders/test/order-fixtures.ts';
import { makeApplication, makeRequest, REQUEST_GUID } from '../test/request-fixtures.ts';
import { RequestPage } from './request-page.tsx';

const routes = [page('/requests/:guid', <RequestPage />)];
const path = `/requests/${REQUEST_GUID}`;
const session = (me: typeof artistMe | null) => ({
  'GET /api/sessioncheck': () => ({ status: 200, body: me }),
});
const getRequest = (myApplication: unknown = null, patch = {}) => ({
  [`GET /api/request/get/${REQUEST_GUID}`]: () => ({
    status: 200,
    body: { request: makeRequest(patch), myApplication },
  }),
});

const gone = { status: 404, body: { error: { code: 'not_found', message: 'Request not found' } } };

afterEach(() => vi.restoreAllMocks());

describe('a request', () => {
  it('shows every field, and asks a visitor to sign in to apply', async () => {
    stubFetch({ ...session(null), ...getRequest() });
    renderRoutes(routes, path);
    expect(await screen.findByRole('heading', { level: 1, name: 'A dragon on a hill' })).toBeInTheDocument();
    expect(screen.getByText('Green, sleepy, at sunset.')).toBeInTheDocument();
    expect(screen.getByText('PNG, 3000 px wide')).toBeInTheDocument();
    expect(screen.getByText('Soft colours')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'dragon' })).toHaveAttribute('href', '/wiki/tag/dragon');
    expect(await screen.findByRole('link', { name: 'Sign in to apply' })).toHaveAttribute('href', '/login');
  });

  it('shows the attachments whole, not cropped to squares', async () => {
    const portrait = {
      id: '0b7e3c1a-5555-4555-8555-555555555555',
      url: '/api/media/a/full',
      miniatureUrl: '/api/media/a/miniature',
      width: 1200,
      height: 1600,
      mime: 'image/webp',
      purpose: 'reference' as const,
    };
    stubFetch({ ...session(null), ...getRequest(null, { attachedMedia: [portrait] }) });
    renderRoutes(routes, path);
    const img = await screen.findByRole('img', { name: 'Attachment 1 of A dragon on a hill' });
    expect(img.style.objectFit).toBe('contain');
  });

  it('tells the owner it is theirs instead of offering Apply', async () => {
    stubFetch({ ...session(buyerMe), ...getRequest() });
    renderRoutes(routes, path);
    expect(await screen.findByText(/This is your request/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open in the editor' })).toHaveAttribute(
      'href',
      `/crm/requests/editor/${REQUEST_GUID}`,
    );
    expect(screen.queryByRole('button', { name: 'Apply' })).not.toBeInTheDocument();
  });

  it('tells the owner why staff hid it', async () => {
    stubFetch({ ...session(buyerMe), ...getRequest(null, { hiddenByStaff: 'Unpaid work is not allowed.' }) });
    renderRoutes(routes, path);
    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent('Only you and staff can see this request');
    expect(notice).toHaveTextContent('Hidden by staff: Unpaid work is not allowed.');
  });

  it('lets an artist apply with an open card, flagging an offer below the minimum', async () => {
    const success = vi.spyOn(toast, 'success');
    const calls = stubFetch({
      ...session(artistMe),
      ...getRequest(),
      'GET /api/comissioncard/owner': () => ({
        status: 200,
        body: [
          makeCard(),
          makeCard({ uuid: '0b7e3c1a-9999-4999-8999-999999999999', title: 'Closed', isOpenComission: false }),
        ],
      }),
      [`POST /api/request/apply/${REQUEST_GUID}`]: () => ({
        status: 200,
        body: { application: makeApplication(1), message: messages.applicationSent, delivered: true },
      }),
    });
    const { user } = renderRoutes(routes, path);
    // Only open cards taking commissions are offered.
    await user.click(await screen.findByRole('radio', { name: /Portrait/ }));
    expect(screen.queryByRole('radio', { name: /Closed/ })).not.toBeInTheDocument();
    const price = screen.getByLabelText(/Offered price/);
    // Empty: the artist names the price (the request's budget is the hint), and must.
    expect(price).toHaveValue('');
    expect(screen.getByText("The request's budget: $50.00 – $200.00")).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText(requestMessages.offerRequired)).toBeInTheDocument();
    expect(calls.some((c) => c.key.startsWith('POST'))).toBe(false);
    await user.type(price, '30');
    expect(screen.getByText(/Below the requested minimum of \$50.00/)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Comment'), 'Quick and cheap');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith(messages.applicationSent));
    expect(calls.find((c) => c.key === `POST /api/request/apply/${REQUEST_GUID}`)?.body).toEqual({
      cardUUID: CARD_UUID,
      comment: 'Quick and cheap',
      offeredPrice: 30,
      references: [],
    });
  });

  it('shows an answered application and the order it made, with no form', async () => {
    const approved = makeApplication(1, {
      status: 'approved',
      commissionTask: { id: 5, formId: 9, status: 'waiting' },
    });
    stubFetch({ ...session(artistMe), ...getRequest(approved) });
    renderRoutes(routes, path);
    expect(await screen.findByText('Approved')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open order #9' })).toHaveAttribute('href', '/order/9');
    expect(screen.queryByRole('button', { name: /Apply|Update application/ })).not.toBeInTheDocument();
  });

  it('says a request that is hidden or gone is not available, with the way back to the list', async () => {
    stubFetch({ ...session(null), [`GET /api/request/get/${REQUEST_GUID}`]: () => gone });
    renderRoutes(routes, path);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This request is not available' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse requests' })).toHaveAttribute('href', '/requests');
    // A visitor has no requests of their own to go to.
    expect(screen.queryByRole('link', { name: 'My requests' })).toBeNull();
  });

  it('shows the same state when the request goes away while an artist fills in the form', async () => {
    let deleted = false;
    stubFetch({
      ...session(artistMe),
      [`GET /api/request/get/${REQUEST_GUID}`]: () =>
        deleted ? gone : { status: 200, body: { request: makeRequest(), myApplication: null } },
      'GET /api/comissioncard/owner': () => ({ status: 200, body: [makeCard()] }),
      [`POST /api/request/apply/${REQUEST_GUID}`]: () => {
        deleted = true;
        return gone;
      },
    });
    const { user } = renderRoutes(routes, path);
    await user.click(await screen.findByRole('radio', { name: /Portrait/ }));
    await user.type(screen.getByLabelText(/Offered price/), '120');
    await user.type(screen.getByLabelText('Comment'), 'Me!');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This request is not available' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My requests' })).toHaveAttribute('href', '/crm/requests/active');
    expect(screen.queryByRole('button', { name: 'Apply' })).toBeNull();
  });
});
