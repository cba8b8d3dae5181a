import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { paymentMessages } from '@brushline/shared/payments/messages';
import type { AwaitingPart, MoneyOverview } from '@brushline/shared/payments/overview';
import { page, renderRoutes, stubFetch } from '../../../test/render.tsx';
import { IncomeExport, MoneyPage } from './money-page.tsx';

const routes = [page('/crm/money', <MoneyPage />)];
const bob = {
  id: '6f1c1f9e-2222-4222-8222-222222222222',
  login: 'bob',
  displayName: 'Bob',
  avatarMiniatureUrl: null,
};
const ann = { ...bob, id: '6f1c1f9e-1111-4111-8111-111111111111', login: 'ann', displayName: 'Ann' };
const part = (over: Partial<AwaitingPart>): AwaitingPart => ({
  formId: 7,
  cardTitle: 'Portrait',
  party: bob,
  partIndex: 0,
  partName: 'Deposit',
  amount: 40,
  status: 'requested',
  since: '2026-11-02T10:00:00.000Z',
  byCard: false,
  ...over,
});
const none = { count: 0, total: 0, orders: [] };
const emptyBuyer: NonNullable<MoneyOverview['buyer']> = {
  paid: { count: 0, total: 0 },
  due: { count: 0, total: 0, parts: [] },
  refundsOwed: none,
  refundsByCard: none,
  held: none,
};
/** A Stripe site's payout account answer: ready to receive, or missing a bank account. */
const stripeAccount = (ready: boolean) => ({
  status: 200,
  body: {
    provider: 'stripe',
    connected: true,
    chargesEnabled: ready,
    payoutsEnabled: ready,
    detailsSubmitted: ready,
    missing: ready ? [] : ['A bank account'],
    canReceive: ready,
    updatedAt: null,
  },
});
const overview = (body: MoneyOverview) => stubFetch({ 'GET /api/crm/money': () => ({ status: 200, body }) });

describe('/crm/money', () => {
  it('shows an artist what awaits payment, what came in, refunds owed and due dates, with links to the orders', async () => {
    overview({
      artist: {
        awaiting: {
          count: 2,
          total: 90,
          requested: 40,
          marked: 50,
          parts: [part({ status: 'marked', amount: 50, formId: 8, cardTitle: 'Dragon' }), part({})],
        },
        receivedThisMonth: { count: 3, gross: 120, fees: 12, net: 108, from: '2026-11-01T00:00:00.000Z' },
        refundsOwed: {
          count: 1,
          total: 25.5,
          orders: [{ formId: 9, cardTitle: 'Cat', party: bob, amount: 25.5 }],
        },
        refundsByCard: none,
        held: none,
        dueSoon: [
          { formId: 10, cardTitle: 'Late one', party: bob, dueAt: '2026-11-01T00:00:00.000Z', overdue: true },
          { formId: 7, cardTitle: 'Portrait', party: bob, dueAt: '2026-11-30T00:00:00.000Z', overdue: false },
        ],
      },
      buyer: emptyBuyer,
    });
    renderRoutes(routes, '/crm/money');
    expect(await screen.findByRole('heading', { name: 'As an artist' })).toBeInTheDocument();
    expect(screen.getByText('$108.00')).toBeInTheDocument();
    expect(screen.getByText('net of $12.00 fees · $120.00 gross')).toBeInTheDocument();
    const awaiting = within(screen.getByRole('region', { name: 'Awaiting payment' }));
    expect(awaiting.getByText('Marked paid: confirm it')).toBeInTheDocument();
    expect(awaiting.getByRole('link', { name: /Dragon/ })).toHaveAttribute('href', '/order/8');
    expect(awaiting.getByText('$40.00')).toBeInTheDocument();
    const refunds = within(screen.getByRole('region', { name: 'Refunds you owe' }));
    expect(refunds.getByRole('link', { name: /Cat/ })).toHaveAttribute('href', '/order/9');
    const due = within(screen.getByRole('region', { name: 'Due in the next 14 days' }));
    expect(due.getAllByRole('link').map((l) => l.textContent)).toEqual(['Late one #10', 'Portrait #7']);
    expect(due.getByText('Overdue')).toBeInTheDocument();
    // Off-platform payments: Brushline holds nothing, so nothing is said of held money.
    expect(screen.queryByText('Held by Brushline')).not.toBeInTheDocument();
    // An artist who never bought anything is not shown an empty buyer part.
    expect(screen.queryByRole('heading', { name: 'As a buyer' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/api\/crm\/money\/income\.csv\?from=\d{4}-\d{2}-01&to=\d{4}-\d{2}-\d{2}$/),
    );
  });

  it('shows a buyer what they paid and what is due, and says so when nothing is', async () => {
    overview({
      artist: null,
      buyer: {
        paid: { count: 1, total: 40 },
        due: {
          count: 1,
          total: 40,
          parts: [part({ party: ann, partIndex: 1, partName: 'Remainder', status: 'due' })],
        },
        refundsOwed: none,
        refundsByCard: none,
        held: none,
      },
    });
    const view = renderRoutes(routes, '/crm/money');
    expect(await screen.findByRole('heading', { name: 'Your payments' })).toBeInTheDocument();
    const due = within(screen.getByRole('region', { name: 'Due from you' }));
    expect(due.getByText('Remainder')).toBeInTheDocument();
    // In the order page's words for the buyer's side.
    expect(due.getByText('Due: the artist will say how to pay')).toBeInTheDocument();
    expect(due.getByText('@ann')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'As an artist' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Income export' })).not.toBeInTheDocument();
    view.unmount();

    overview({ artist: null, buyer: emptyBuyer });
    renderRoutes(routes, '/crm/money');
    expect(await screen.findByText('Nothing is due from you.')).toBeInTheDocument();
  });

  it('says it is loading, then offers to try again when the load fails', async () => {
    stubFetch({
      'GET /api/crm/money': () => ({ status: 500, body: { error: { code: 'internal', message: 'Boom' } } }),
    });
    renderRoutes(routes, '/crm/money');
    expect(screen.getByRole('progressbar', { name: 'Loading your money' })).toBeInTheDocument();
    expect(await screen.findByText('Could not load your money')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('defaults the export to this month and refuses a range over a year or reversed', () => {
    renderRoutes([page('/crm/money', <IncomeExport now={new Date(2026, 1, 10)} />)], '/crm/money');
    expect(screen.getByLabelText('From')).toHaveValue('2026-02-01');
    expect(screen.getByLabelText('To')).toHaveValue('2026-02-28');
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
      'href',
      '/api/crm/money/income.csv?from=2026-02-01&to=2026-02-28',
    );
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2025-01-01' } });
    expect(screen.getByText(paymentMessages.exportRange)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Download CSV' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeDisabled();
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-03-01' } });
    expect(screen.getByText(paymentMessages.exportRange)).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2025-03-01' } });
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
      'href',
      '/api/crm/money/income.csv?from=2025-03-01&to=2026-02-28',
    );
  });

  it('on a site that takes card payments, says how they work, where the artist’s account stands and what is due by card', async () => {
    stubFetch({
      'GET /api/crm/money': () => ({
        status: 200,
        body: {
          artist: {
            awaiting: {
              count: 2,
              total: 75,
              requested: 35,
              marked: 0,
              parts: [
                part({ status: 'due', byCard: true }),
                // Asked for by hand before the site turned card payments on: still off-platform.
                part({ formId: 16, cardTitle: 'Mural', partName: 'Remainder', amount: 35 }),
              ],
            },
            receivedThisMonth: { count: 0, gross: 0, fees: 0, net: 0, from: '2026-11-01T00:00:00.000Z' },
            // An order paid off-platform before the site turned card payments on: still the artist's to refund.
            refundsOwed: {
              count: 1,
              total: 35,
              orders: [{ formId: 16, cardTitle: 'Mural', party: ann, amount: 35 }],
            },
            refundsByCard: {
              count: 1,
              total: 40,
              orders: [{ formId: 14, cardTitle: 'Cat', party: bob, amount: 40 }],
            },
            held: {
              count: 2,
              total: 130,
              orders: [
                { formId: 11, cardTitle: 'Fox', party: bob, amount: 80 },
                { formId: 12, cardTitle: 'Owl', party: ann, amount: 50 },
              ],
            },
            dueSoon: [],
          },
          buyer: {
            ...emptyBuyer,
            paid: { count: 1, total: 60 },
            refundsByCard: {
              count: 1,
              total: 25,
              orders: [{ formId: 15, cardTitle: 'Mug', party: ann, amount: 25 }],
            },
            held: {
              count: 1,
              total: 60,
              orders: [{ formId: 13, cardTitle: 'Badge', party: ann, amount: 60 }],
            },
          },
        } satisfies MoneyOverview,
      }),
      'GET /api/payments/account': () => stripeAccount(false),
    });
    renderRoutes(routes, '/crm/money');
    const cards = within(await screen.findByRole('region', { name: 'Card payments' }));
    expect(cards.getByText('Your account: Onboarding incomplete')).toBeInTheDocument();
    expect(cards.getByRole('link', { name: /Finish Stripe onboarding/ })).toHaveAttribute(
      'href',
      '/settings/payouts',
    );
    const awaiting = within(screen.getByRole('region', { name: 'Awaiting payment' }));
    expect(awaiting.getByText('Due: the buyer pays by card')).toBeInTheDocument();
    expect(awaiting.getByText('Asked for')).toBeInTheDocument();
    expect(screen.getByText('2 asked or marked paid · $0.00 to confirm')).toBeInTheDocument();
    // What Brushline holds: the sum, then each order until its buyer approves.
    expect(screen.getByText('$130.00')).toBeInTheDocument();
    expect(screen.getByText('2 orders · yours when approved')).toBeInTheDocument();
    const held = within(screen.getByRole('region', { name: 'Held until approval' }));
    expect(held.getAllByRole('link').map((l) => l.textContent)).toEqual(['Fox #11', 'Owl #12']);
    expect(held.getByText('$50.00')).toBeInTheDocument();
    // The same person's own card payments, held until they approve.
    expect(screen.getByRole('heading', { name: 'As a buyer' })).toBeInTheDocument();
    expect(screen.getByText('1 order · sent to the artist when you approve')).toBeInTheDocument();
    const mine = within(screen.getByRole('region', { name: 'Held until you approve' }));
    expect(mine.getByRole('link', { name: /Badge/ })).toHaveAttribute('href', '/order/13');
    // Refunds by card are Brushline's to make; an order paid off-platform is still the artist's.
    expect(screen.getByText('1 order · by Brushline, to the buyer’s card')).toBeInTheDocument();
    const refunding = within(screen.getByRole('region', { name: 'Being refunded by Brushline' }));
    expect(refunding.getAllByRole('link').map((l) => l.textContent)).toEqual(['Cat #14']);
    const owe = within(screen.getByRole('region', { name: 'Refunds you owe' }));
    expect(owe.getAllByRole('link').map((l) => l.textContent)).toEqual(['Mural #16']);
    expect(screen.queryByRole('region', { name: 'Refunds owed to you' })).toBeNull();
    const back = within(screen.getByRole('region', { name: 'Refunds on their way to your card' }));
    expect(back.getByRole('link', { name: /Mug/ })).toHaveAttribute('href', '/order/15');
  });

  it('on a card site, an artist with nothing held is told what will show there', async () => {
    stubFetch({
      'GET /api/crm/money': () => ({
        status: 200,
        body: {
          artist: {
            awaiting: { count: 0, total: 0, requested: 0, marked: 0, parts: [] },
            receivedThisMonth: { count: 0, gross: 0, fees: 0, net: 0, from: '2026-11-01T00:00:00.000Z' },
            refundsOwed: none,
            refundsByCard: none,
            held: none,
            dueSoon: [],
          },
          buyer: emptyBuyer,
        } satisfies MoneyOverview,
      }),
      'GET /api/payments/account': () => stripeAccount(true),
    });
    renderRoutes(routes, '/crm/money');
    const held = within(await screen.findByRole('region', { name: 'Held until approval' }));
    expect(held.getByText(/No card payment is held for you/)).toBeInTheDocument();
    expect(screen.getByText('0 orders · yours when approved')).toBeInTheDocument();
  });
});
