import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TaskStatus } from '@brushline/shared/orders/constants';
import type { OrderPage as OrderPageData } from '@brushline/shared/orders/schemas';
import { paymentMessages } from '@brushline/shared/payments/messages';
import type { OrderMoney } from '@brushline/shared/payments/schemas';
import type { Dispute, PlatformPart } from '@brushline/shared/payments/stripe';
import type { Me } from '@brushline/shared/users/schemas';
import { leaveSite } from '../../../lib/leave-site.ts';
import { page, renderRoutes, stubFetch } from '../../../test/render.tsx';
import { OrderPage } from '../pages/order-page.tsx';
import { artistMe, buyerMe, makeForm, makeMoney } from '../test/order-fixtures.ts';

const routes = [page('/order/:id', <OrderPage />)];
afterEach(() => vi.restoreAllMocks());

const platform = (state: PlatformPart['state'], patch: Partial<PlatformPart> = {}): PlatformPart => ({
  state,
  stateLabel: { unpaid: 'Not paid', processing: 'Checkout open', held: 'Held by Brushline' }[
    state as 'unpaid'
  ],
  actBy: null,
  actByNote: null,
  ...patch,
});

/** Order 4 on a Stripe site: a 50% deposit due, the rest on delivery; `deposit` sets the first part's state. */
function stripeMoney(
  deposit: PlatformPart,
  extra: { dispute?: Dispute; timeline?: OrderMoney['timeline'] } = {},
): OrderMoney {
  const base = makeMoney(4);
  return makeMoney(4, {
    provider: { id: 'stripe', holdsFunds: true, note: paymentMessages.stripeNote },
    parts: base.parts.map((p) => ({ ...p, platform: p.index === 0 ? deposit : platform('unpaid') })),
    dispute: extra.dispute ?? null,
    timeline: extra.timeline ?? [],
  });
}

/** The ledger's record of a lost dispute on money still held (the bank's return). */
const chargedBackLine: OrderMoney['timeline'][number] = {
  id: 9,
  kind: 'chargedBack',
  partIndex: 0,
  amount: 40,
  note: '',
  by: null,
  createdAt: '2027-01-20T00:00:00.000Z',
};

function openOrder(
  me: Me,
  money: OrderMoney | (() => OrderMoney),
  path = '/order/4',
  status: TaskStatus = 'waiting',
) {
  const data: OrderPageData = { form: makeForm(4, status), updates: [], deadline: null };
  const calls = stubFetch({
    'GET /api/sessioncheck': () => ({ status: 200, body: me }),
    'GET /api/order/4': () => ({ status: 200, body: data }),
    'GET /api/comissionform/4/payments': () => ({
      status: 200,
      body: typeof money === 'function' ? money() : money,
    }),
    'POST /api/comissionform/4/payments/0/checkout': () => ({
      status: 200,
      body: { url: 'https://checkout.test/pay/cs_1' },
    }),
  });
  return { ...renderRoutes(routes, path), calls };
}

async function panel() {
  const money = within(await screen.findByRole('region', { name: 'Money' }));
  await money.findByTestId('money-state');
  return money;
}

describe('the Money panel of an order paid by card (Stripe)', () => {
  it('lets the buyer pay a due part by card after saying the amount, and never mark it paid by hand', async () => {
    const go = vi.spyOn(leaveSite, 'go').mockImplementation(() => {});
    const { user, calls } = openOrder(buyerMe, stripeMoney(platform('unpaid')));
    const money = await panel();
    const deposit = within(money.getByRole('listitem', { name: 'Deposit' }));
    expect(deposit.getByText('Due: pay by card')).toBeInTheDocument();
    expect(money.queryByRole('button', { name: 'Mark as paid' })).not.toBeInTheDocument();
    // The remainder is due on delivery: nothing to pay yet.
    expect(within(money.getByRole('listitem', { name: 'Remainder' })).queryByRole('button')).toBeNull();

    await user.click(deposit.getByRole('button', { name: 'Pay $40.00 with card' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Pay $40.00 for the deposit' }));
    expect(dialog.getByText(/Brushline holds the money until you approve/)).toBeInTheDocument();
    expect(calls.some((c) => c.key.endsWith('/checkout'))).toBe(false);
    await user.click(dialog.getByRole('button', { name: 'Continue to pay $40.00' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('https://checkout.test/pay/cs_1'));
  });

  it('shows the artist each part’s state at Stripe and when held money moves, with no hand-recorded moves', async () => {
    const held = platform('held', {
      actBy: '2027-02-20T00:00:00.000Z',
      actByNote: 'released to the artist if not approved before',
    });
    openOrder(artistMe, stripeMoney(held), '/order/4', 'processing');
    const money = await panel();
    const deposit = within(money.getByRole('listitem', { name: 'Deposit' }));
    expect(deposit.getByTestId('platform-state')).toHaveTextContent('Held by Brushline');
    expect(deposit.getByText(/^Released to the artist if not approved before .*2027$/)).toBeInTheDocument();
    for (const name of ['Ask for payment', 'Record payment', 'Confirm received', 'Record refund'])
      expect(money.queryByRole('button', { name })).not.toBeInTheDocument();
  });

  it('shows both sides a dispute Stripe reported: status, reason and amount', async () => {
    const dispute = {
      status: 'needs_response',
      reason: 'product_not_received',
      amount: 40,
      openedAt: '2027-01-05T00:00:00.000Z',
    };
    openOrder(artistMe, stripeMoney(platform('held'), { dispute }), '/order/4', 'processing');
    const banner = within((await panel()).getByTestId('money-dispute'));
    expect(banner.getByText('Payment disputed: needs response')).toBeInTheDocument();
    expect(
      banner.getByText(/The buyer’s bank disputed \$40\.00 on .*2027\. Reason given: product not received\./),
    ).toBeInTheDocument();
    expect(banner.getByText(/the payment stays held by Brushline/)).toBeInTheDocument();
  });

  it('a lost dispute tells the buyer the bank returned the payment to their card', async () => {
    const dispute = {
      status: 'lost',
      reason: 'fraudulent',
      amount: 40,
      openedAt: '2027-01-05T00:00:00.000Z',
    };
    openOrder(
      buyerMe,
      stripeMoney(platform('refunded'), { dispute, timeline: [chargedBackLine] }),
      '/order/4',
      'processing',
    );
    const banner = within((await panel()).getByTestId('money-dispute'));
    expect(banner.getByText('Payment disputed: lost')).toBeInTheDocument();
    expect(
      banner.getByText(/returned the payment to your card: it shows as refunded here/),
    ).toBeInTheDocument();
  });

  it('a dispute lost after the release says staff are reviewing it, not that it shows as refunded', async () => {
    const dispute = {
      status: 'lost',
      reason: 'fraudulent',
      amount: 40,
      openedAt: '2027-01-05T00:00:00.000Z',
    };
    openOrder(artistMe, stripeMoney(platform('released'), { dispute }), '/order/4', 'done');
    const banner = within((await panel()).getByTestId('money-dispute'));
    expect(
      banner.getByText(/after Brushline had released it to the artist: staff are reviewing/),
    ).toBeInTheDocument();
    expect(banner.queryByText(/shows as refunded/)).toBeNull();
    expect(banner.queryByText(/may contact you about it/)).toBeNull();
  });

  it('back from checkout, says it is confirming until Stripe’s word arrives, then that the money is held', async () => {
    let asked = 0;
    // The webhook lands after the buyer: the first answers still show the checkout open.
    const { router, user } = openOrder(
      buyerMe,
      () => stripeMoney(++asked < 2 ? platform('processing') : platform('held')),
      '/order/4?paid=0',
    );
    expect(await screen.findByText('Confirming your payment…')).toBeInTheDocument();
    const done = await screen.findByText('Payment received: $40.00', {}, { timeout: 5000 });
    const alert = within(done.closest<HTMLElement>('[data-testid="payment-return"]')!);
    expect(alert.getByText(/Brushline holds it until you approve the delivery/)).toBeInTheDocument();
    expect(asked).toBeGreaterThanOrEqual(2);
    await user.click(alert.getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('back at a checkout address once the money was released, says nothing of holding it', async () => {
    openOrder(
      buyerMe,
      stripeMoney(platform('released', { stateLabel: 'Released to the artist' })),
      '/order/4?paid=0',
      'done',
    );
    const money = await panel();
    expect(money.getByTestId('platform-state')).toHaveTextContent('Released to the artist');
    expect(screen.queryByTestId('payment-return')).toBeNull();
  });
});
