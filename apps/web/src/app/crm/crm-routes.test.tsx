import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes, stubFetch } from '../../test/render.tsx';
import { commissionTask, COLUMN_IDS, makeBoard } from '../../features/board/test/board-fixtures.ts';
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
    'GET /api/request/tracking/incoming': () => ({ status: 200, body: [] }),
    'GET /api/request/tracking/outgoing': () => ({ status: 200, body: [] }),
    'GET /api/board': () => ({
      status: 200,
      body: makeBoard([commissionTask(1, COLUMN_IDS.accepted, 'waiting')]),
    }),
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

  it('tells a non-artist on an artist page why it is empty and where artist mode is turned on', async () => {
    as(buyerMe);
    for (const [path, name] of [
      ['/crm/pending/new', '“Incoming” is for artists'],
      ['/crm/pending/active', '“Active” is for artists'],
      ['/crm/cards/card-create', '“Commission forms” is for artists'],
    ] as const) {
      const { router, unmount } = renderRoutes(routes, path);
      expect(await screen.findByRole('heading', { name })).toBeInTheDocument();
      // Not bounced: the address stays, so the same link works once artist mode is on.
      expect(router.state.location.pathname).toBe(path);
      expect(screen.getByText(/Artist mode is off for your account/)).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Turn on artist mode in Settings' })).toHaveAttribute(
        'href',
        '/settings/general',
      );
      expect(screen.getByRole('link', { name: 'See your outgoing orders' })).toHaveAttribute(
        'href',
        '/crm/outgoing/orders',
      );
      unmount();
    }
  });

  it('sends signed-out users to /login and remembers where they were going', async () => {
    as(null);
    const { router } = renderRoutes(routes, '/crm/outgoing/orders');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.state).toEqual({ from: '/crm/outgoing/orders' });
  });

  it('opens the kanban board under the Tracker tab, saying "Board data fetching" while it loads', async () => {
    as(artistMe);
    renderRoutes(routes, '/crm/tracker');
    expect(await screen.findByText('Board data fetching')).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Accepted' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Tracker' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('button', { name: /^Full body portrait, commission #201/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add new column' })).toBeInTheDocument();
    expect(screen.queryByText('The tracker arrives in a later release')).not.toBeInTheDocument();
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

  it('sends /crm/requests/tracking to incoming for artists and outgoing for everyone else, under the Requests tab', async () => {
    for (const [me, to] of [
      [buyerMe, '/crm/requests/tracking/outgoing'],
      [artistMe, '/crm/requests/tracking/incoming'],
    ] as const) {
      as(me);
      const { router, unmount } = renderRoutes(routes, '/crm/requests/tracking');
      await waitFor(() => expect(router.state.location.pathname).toBe(to));
      expect(await screen.findByRole('heading', { name: 'Tracking' })).toBeInTheDocument();
      expect(screen.getByRole('tab', { name: 'Requests' })).toHaveAttribute('aria-selected', 'true');
      unmount();
    }
  });
});
