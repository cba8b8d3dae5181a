import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { page, renderRoutes, stubFetch } from '../../../test/render.tsx';
import { CARD_UUID, makeCard } from '../../orders/test/order-fixtures.ts';
import { UserCards } from './user-cards.tsx';

const routes = [page('/profile/:login/home', <UserCards login="artist" />)];

describe('UserCards on a profile', () => {
  it("links each of the artist's open cards to its commission page, with the starting price", async () => {
    stubFetch({
      'GET /api/comissioncards/user/artist': () => ({
        status: 200,
        body: [makeCard({ title: 'Character portrait', startingPrice: 1250, isCommissionsOpen: false })],
      }),
    });
    renderRoutes(routes, '/profile/artist/home');
    const link = await screen.findByRole('link', { name: 'Character portrait, from $1,250.00' });
    expect(link).toHaveAttribute('href', `/commission/${CARD_UUID}`);
    expect(screen.getByText('Orders closed')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Commissions' })).toBeInTheDocument();
  });

  it('shows nothing for someone without open cards', async () => {
    const calls = stubFetch({ 'GET /api/comissioncards/user/artist': () => ({ status: 200, body: [] }) });
    const { client } = renderRoutes(routes, '/profile/artist/home');
    await waitFor(() =>
      expect(calls.some((c) => c.key === 'GET /api/comissioncards/user/artist')).toBe(true),
    );
    // The empty answer has been rendered once the query settles (no timer: the query's own state).
    await waitFor(() => expect(client.isFetching()).toBe(0));
    expect(screen.queryByRole('heading', { name: 'Commissions' })).toBeNull();
  });
});
