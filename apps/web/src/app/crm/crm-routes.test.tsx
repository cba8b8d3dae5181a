import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes, stubFetch } from '../../test/render.tsx';
import { artistMe, buyerMe, CARD_UUID, makeCard } from '../../features/orders/test/order-fixtures.ts';
import { crmRoute } from './crm-routes.tsx';

const routes = [crmRoute, { path: '/login', element: <p>login page</p> }];
const as = (me: typeof artistMe | null) =>
  stubFetch({
    'GET /api/sessioncheck': () =>
      me
        ? { status: 200, body: me }
        : { status: 401, body: { error: { code: 'unauthorized', message: 'x' } } },
    'GET /api/comissionforms/outgoing': () => ({ status: 200, body: [] }),
    'GET /api/comissionforms/artist/pending/ann': () => ({ status: 200, body: [] }),
    'GET /api/comissioncards/user/ann': () => ({ status: 200, body: [] }),
    [`GET /api/comissioncard/get/${CARD_UUID}`]: () => ({ status: 200, body: makeCard() }),
  });

describe('/crm', () => {
  it('lands artists on their incoming requests', async () => {
    as(artistMe);
    const { router } = renderRoutes(routes, '/crm');
    await waitFor(() => expect(router.state.location.pathname).toBe('/crm/pending/new'));
    expect(await screen.findByRole('tab', { name: 'Commission forms' })).toBeInTheDocument();
  });

  it('lands everyone else on their outgoing orders, without the artist tabs', async () => {
    as(buyerMe);
    const { router } = renderRoutes(routes, '/crm');
    await waitFor(() => expect(router.state.location.pathname).toBe('/crm/outgoing/orders'));
    expect(await screen.findByRole('tab', { name: 'Outgoing' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Commission forms' })).not.toBeInTheDocument();
  });

  it('sends non-artists away from artist pages', async () => {
    as(buyerMe);
    const { router } = renderRoutes(routes, '/crm/cards/card-create');
    await waitFor(() => expect(router.state.location.pathname).toBe('/crm/outgoing/orders'));
  });

  it('sends signed-out users to /login and remembers where they were going', async () => {
    as(null);
    const { router } = renderRoutes(routes, '/crm/outgoing/orders');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.state).toEqual({ from: '/crm/outgoing/orders' });
  });

  it('says honestly that the tracker comes later, with links to the working screens', async () => {
    as(artistMe);
    renderRoutes(routes, '/crm/tracker');
    expect(await screen.findByText('The tracker arrives in a later release')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Incoming requests' })).toHaveAttribute(
      'href',
      '/crm/pending/new',
    );
  });

  it('keeps the card editor under the Commission forms tab, by path or by SPEC’s ?uuid= spelling', async () => {
    as(artistMe);
    for (const path of [`/crm/cards/card-edit/${CARD_UUID}`, `/crm/cards/card-edit?uuid=${CARD_UUID}`]) {
      const view = renderRoutes(routes, path);
      expect(await screen.findByDisplayValue('Portrait')).toBeInTheDocument();
      expect(screen.getByRole('tab', { name: 'Commission forms' })).toHaveAttribute('aria-selected', 'true');
      view.unmount();
    }
  });

  it('opens SPEC’s short spellings on their screens', async () => {
    as(artistMe);
    for (const [from, to] of [
      ['/crm/pending', '/crm/pending/new'],
      ['/crm/outgoing', '/crm/outgoing/orders'],
      ['/crm/homepage', '/crm/pending/new'],
    ]) {
      const { router, unmount } = renderRoutes(routes, from!);
      await waitFor(() => expect(router.state.location.pathname).toBe(to));
      unmount();
    }
  });

  it('shows the requests screens to come under the Requests tab', async () => {
    as(buyerMe);
    renderRoutes(routes, '/crm/requests/tracking');
    expect(await screen.findByText('Requests arrive in a later release')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Requests' })).toHaveAttribute('aria-selected', 'true');
  });
});
