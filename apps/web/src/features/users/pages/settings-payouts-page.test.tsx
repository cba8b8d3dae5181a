import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PayoutAccount } from '@brushline/shared/payments/stripe';
import { leaveSite } from '../../../lib/leave-site.ts';
import { page, renderRoutes, stubFetch } from '../../../test/render.tsx';
import { usersRoutes } from '../routes.tsx';
import { annMe } from '../test/user-fixtures.ts';

const routes = [...usersRoutes, page('/login', <p>login page</p>)];

const none: PayoutAccount = {
  provider: 'stripe',
  connected: false,
  chargesEnabled: false,
  payoutsEnabled: false,
  detailsSubmitted: false,
  missing: [],
  canReceive: false,
  updatedAt: null,
};
const incomplete: PayoutAccount = {
  ...none,
  connected: true,
  detailsSubmitted: true,
  missing: ['Your date of birth', 'A bank account for payouts'],
  updatedAt: '2026-11-28T10:00:00.000Z',
};
const ready: PayoutAccount = {
  ...incomplete,
  chargesEnabled: true,
  payoutsEnabled: true,
  missing: [],
  canReceive: true,
};

function open(
  account: PayoutAccount,
  path = '/settings/payouts',
  more: Parameters<typeof stubFetch>[0] = {},
) {
  const calls = stubFetch({
    'GET /api/sessioncheck': () => ({ status: 200, body: annMe }),
    'GET /api/payments/account': () => ({ status: 200, body: account }),
    ...more,
  });
  return { ...renderRoutes(routes, path), calls };
}

afterEach(() => vi.restoreAllMocks());

describe('/settings/payouts', () => {
  it('offers to connect a Stripe account and sends the browser to the onboarding link', async () => {
    const go = vi.spyOn(leaveSite, 'go').mockImplementation(() => {});
    const { user, calls } = open(none, '/settings/payouts', {
      'POST /api/payments/account/link': () => ({
        status: 200,
        body: { url: 'https://connect.test/onboard/1' },
      }),
    });
    expect(await screen.findByTestId('payout-stage')).toHaveTextContent('Not connected');
    // Reachable from the settings menu, as the current section.
    const nav = within(screen.getByRole('navigation', { name: 'Settings sections' }));
    expect(nav.getByRole('link', { name: /Payouts/ })).toHaveAttribute('aria-current', 'page');
    expect(screen.queryByRole('button', { name: 'Refresh status' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Connect with Stripe' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('https://connect.test/onboard/1'));
    expect(calls.filter((c) => c.key === 'POST /api/payments/account/link')).toHaveLength(1);
  });

  it('says what Stripe still needs, and what is enabled, while onboarding is incomplete', async () => {
    open(incomplete);
    expect(await screen.findByTestId('payout-stage')).toHaveTextContent('Onboarding incomplete');
    const needs = within(screen.getByRole('list', { name: 'Stripe still needs' }));
    expect(needs.getByText('Your date of birth')).toBeInTheDocument();
    expect(needs.getByText('A bank account for payouts')).toBeInTheDocument();
    const enabled = within(screen.getByRole('list', { name: 'What Stripe has enabled' }));
    expect(enabled.getByText(/Details submitted/)).toHaveTextContent('Details submitted: yes');
    expect(enabled.getByText(/Card payments/)).toHaveTextContent('Card payments: not yet');
    expect(screen.getByRole('button', { name: 'Continue onboarding' })).toBeInTheDocument();
  });

  it('asks Stripe again on the way back from onboarding and says the account is ready', async () => {
    const { calls, router } = open(incomplete, '/settings/payouts?stripe=return', {
      'POST /api/payments/account/refresh': () => ({ status: 200, body: ready }),
    });
    expect(await screen.findByText('Your account is ready')).toBeInTheDocument();
    expect(screen.getByTestId('payout-stage')).toHaveTextContent('Ready');
    expect(screen.getByText(/Payouts to your bank/)).toHaveTextContent('Payouts to your bank: yes');
    expect(calls.filter((c) => c.key === 'POST /api/payments/account/refresh')).toHaveLength(1);
    // The address loses ?stripe=return: a reload does not ask again.
    expect(router.state.location.search).toBe('');
  });

  it('offers a new link when the onboarding link expired', async () => {
    open(incomplete, '/settings/payouts?stripe=refresh');
    expect(await screen.findByText('The onboarding link expired')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue onboarding' })).toBeInTheDocument();
  });

  it('shows the server’s refusal when no link can be made, and refreshes on demand', async () => {
    const { user } = open(incomplete, '/settings/payouts', {
      'POST /api/payments/account/link': () => ({
        status: 503,
        body: { error: { code: 'service_unavailable', message: 'Stripe is not answering' } },
      }),
      'POST /api/payments/account/refresh': () => ({ status: 200, body: ready }),
    });
    await user.click(await screen.findByRole('button', { name: 'Continue onboarding' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Stripe is not answering');
    await user.click(screen.getByRole('button', { name: 'Refresh status' }));
    await waitFor(() => expect(screen.getByTestId('payout-stage')).toHaveTextContent('Ready'));
  });

  it('says this site takes no card payments when its provider is not Stripe, and hides it from the menu', async () => {
    open({ ...none, provider: 'offPlatform' });
    expect(await screen.findByText(/does not take card payments/)).toBeInTheDocument();
    const nav = within(screen.getByRole('navigation', { name: 'Settings sections' }));
    expect(nav.queryByRole('link', { name: /Payouts/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Stripe/ })).not.toBeInTheDocument();
  });

  it('says when the account could not be loaded, with a way to try again', async () => {
    open(none, '/settings/payouts', {
      'GET /api/payments/account': () => ({
        status: 500,
        body: { error: { code: 'internal', message: 'Something went wrong' } },
      }),
    });
    expect(await screen.findByText('Could not load your payout account')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
