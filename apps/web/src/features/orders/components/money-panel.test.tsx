import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TaskStatus } from '@brushline/shared/orders/constants';
import type { OrderPage as OrderPageData } from '@brushline/shared/orders/schemas';
import { paymentMessages } from '@brushline/shared/payments/messages';
import type { OrderMoney } from '@brushline/shared/payments/schemas';
import type { Me } from '@brushline/shared/users/schemas';
import { toast } from '../../../lib/toast.ts';
import { page, renderRoutes, stubFetch } from '../../../test/render.tsx';
import { PAYMENT_FIRST_TITLE } from '../api/start-refusal.ts';
import { OrderPage } from '../pages/order-page.tsx';
import { artistMe, buyerMe, makeForm, makeMoney } from '../test/order-fixtures.ts';

const routes = [page('/order/:id', <OrderPage />)];

// Toasts close after a few seconds, which a loaded test machine can outlast: the calls are checked.
let toastSpy: { success: ReturnType<typeof vi.spyOn>; error: ReturnType<typeof vi.spyOn> };
beforeEach(() => {
  toastSpy = { success: vi.spyOn(toast, 'success'), error: vi.spyOn(toast, 'error') };
});
afterEach(() => vi.restoreAllMocks());

/** The order page of order 4 as `me`, with its money; `more` adds the action routes. */
function openOrder(
  me: Me,
  status: TaskStatus,
  money: OrderMoney,
  more: Parameters<typeof stubFetch>[0] = {},
) {
  const data: OrderPageData = { form: makeForm(4, status), updates: [], deadline: money.dueAt };
  const calls = stubFetch({
    'GET /api/sessioncheck': () => ({ status: 200, body: me }),
    'GET /api/order/4': () => ({ status: 200, body: data }),
    'GET /api/comissionform/4/payments': () => ({ status: 200, body: money }),
    ...more,
  });
  return { ...renderRoutes(routes, '/order/4'), calls };
}

/** The Money panel once its money has loaded. */
async function panel() {
  const money = within(await screen.findByRole('region', { name: 'Money' }));
  await money.findByTestId('money-state');
  return money;
}
type Scope = Awaited<ReturnType<typeof panel>>;
const part = (p: Scope, name: string) => within(p.getByRole('listitem', { name }));

describe('the Money panel of the order page', () => {
  it('shows the buyer what to pay and how, and lets them mark it paid with a reference', async () => {
    const requested = makeMoney(4, {
      nextStep: 'Pay the deposit: $40.00',
      parts: makeMoney(4).parts.map((p) =>
        p.index === 0
          ? {
              ...p,
              status: 'requested',
              instructions: 'paypal.me/ann/40',
              requestedAt: '2026-01-04T00:00:00.000Z',
            }
          : p,
      ),
    });
    const marked = makeMoney(4, {
      nextStep: 'Waiting for ann to confirm $40.00',
      parts: requested.parts.map((p) => (p.index === 0 ? { ...p, status: 'marked', reference: 'TX-1' } : p)),
    });
    const { user, calls } = openOrder(buyerMe, 'waiting', requested, {
      'PUT /api/comissionform/4/payments/0/paid': () => ({ status: 200, body: marked }),
    });
    const money = await panel();
    expect(await money.findByText('Pay the deposit: $40.00')).toBeInTheDocument();
    expect(money.getByTestId('money-state')).toHaveTextContent('Unpaid');
    expect(money.getByText('50% deposit, the rest on delivery')).toBeInTheDocument();
    expect(money.getByText(paymentMessages.offPlatformNote)).toBeInTheDocument();
    expect(money.getByText(/^Due .*2099 · in \d+ days$/)).toBeInTheDocument();
    const deposit = part(money, 'Deposit');
    expect(deposit.getByText('paypal.me/ann/40')).toBeInTheDocument();
    expect(deposit.getByText('On acceptance · 50%')).toBeInTheDocument();
    // The remainder is not due before delivery: nothing to do on it yet.
    expect(part(money, 'Remainder').queryByRole('button')).not.toBeInTheDocument();

    await user.click(deposit.getByRole('button', { name: 'Mark as paid' }));
    const dialog = within(await screen.findByRole('dialog', { name: /Mark the deposit as paid/ }));
    await user.type(dialog.getByLabelText('Reference (optional)'), 'TX-1');
    await user.click(dialog.getByRole('button', { name: 'Mark as paid' }));
    await waitFor(() => expect(money.getByText('Waiting for ann to confirm $40.00')).toBeInTheDocument());
    expect(calls.find((c) => c.key === 'PUT /api/comissionform/4/payments/0/paid')?.body).toEqual({
      reference: 'TX-1',
    });
    expect(part(money, 'Deposit').getByText('Marked paid')).toBeInTheDocument();
    expect(toastSpy.success).toHaveBeenCalledWith('Marked as paid: the artist is asked to confirm');
  });

  it('lets the artist confirm what the buyer marked paid, then links its invoice for download', async () => {
    const marked = makeMoney(4, {
      nextStep: 'Confirm you received $40.00',
      parts: makeMoney(4).parts.map((p) =>
        p.index === 0 ? { ...p, status: 'marked', reference: 'TX-1', instructions: 'paypal.me/ann' } : p,
      ),
    });
    const confirmed = makeMoney(4, {
      state: 'partPaid',
      stateLabel: 'Part paid',
      balances: { paid: 40, fees: 0, refundOwed: 0, refunded: 0, outstanding: 40 },
      parts: marked.parts.map((p) =>
        p.index === 0
          ? {
              ...p,
              status: 'confirmed',
              confirmedAt: '2026-01-05T00:00:00.000Z',
              invoiceNumber: 'INV-ann-0001',
            }
          : p,
      ),
      timeline: [
        {
          id: 1,
          kind: 'confirmed',
          partIndex: 0,
          amount: 40,
          note: 'TX-1',
          by: { id: artistMe.id, login: 'ann', displayName: 'Ann', avatarMiniatureUrl: null },
          createdAt: '2026-01-05T00:00:00.000Z',
        },
      ],
    });
    const { user, calls } = openOrder(artistMe, 'waiting', marked, {
      'PUT /api/comissionform/4/payments/0/confirm': () => ({ status: 200, body: confirmed }),
    });
    const money = await panel();
    await user.click(part(money, 'Deposit').getByRole('button', { name: 'Confirm received' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Confirm you received $40.00' }));
    // The buyer's reference is kept unless the artist writes another.
    expect(dialog.getByLabelText('Reference (optional)')).toHaveValue('TX-1');
    await user.click(dialog.getByRole('button', { name: 'Confirm received' }));
    const link = await money.findByRole('link', { name: /Invoice INV-ann-0001/ });
    expect(link).toHaveAttribute('href', '/api/comissionform/4/invoices/INV-ann-0001.pdf');
    expect(link).toHaveAttribute('download', 'INV-ann-0001.pdf');
    expect(calls.find((c) => c.key.endsWith('/confirm'))?.body).toEqual({ reference: 'TX-1' });
    expect(money.getByTestId('money-state')).toHaveTextContent('Part paid');
    await user.click(money.getByText('Money timeline (1)'));
    const timeline = within(money.getByRole('list', { name: 'Money timeline' }));
    expect(timeline.getByText('Deposit: payment confirmed · $40.00')).toBeInTheDocument();
    expect(timeline.getByText(/^Ann · /)).toBeInTheDocument();
  });

  it('starts a new request from the artist’s last instructions, and refuses empty ones', async () => {
    const money0 = makeMoney(4, {
      parts: makeMoney(4).parts.map((p) =>
        p.index === 0
          ? {
              ...p,
              status: 'confirmed',
              instructions: 'paypal.me/ann',
              requestedAt: '2026-01-04T00:00:00.000Z',
              confirmedAt: '2026-01-05T00:00:00.000Z',
            }
          : { ...p, status: 'due' },
      ),
    });
    const { user, calls } = openOrder(artistMe, 'finished', money0, {
      'PUT /api/comissionform/4/payments/1/request': () => ({ status: 200, body: money0 }),
    });
    const money = await panel();
    await user.click(part(money, 'Remainder').getByRole('button', { name: 'Ask for payment' }));
    const dialog = within(await screen.findByRole('dialog', { name: /Ask for the remainder: \$40.00/ }));
    const box = dialog.getByLabelText('How to pay you');
    expect(box).toHaveValue('paypal.me/ann');
    await user.clear(box);
    await user.click(dialog.getByRole('button', { name: 'Send the request' }));
    expect(await dialog.findByText(paymentMessages.instructionsRequired)).toBeInTheDocument();
    expect(calls.some((c) => c.key.endsWith('/request'))).toBe(false);
    await user.type(box, 'IBAN DE00 1234');
    await user.click(dialog.getByRole('button', { name: 'Send the request' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.find((c) => c.key.endsWith('/request'))?.body).toEqual({ instructions: 'IBAN DE00 1234' });
  });

  it('says why Start was refused for the payment, and offers to start before payment', async () => {
    const waiting = makeMoney(4, {
      nextStep: 'Start when the up-front payment is confirmed, or choose “Start before payment”',
    });
    const { user, calls } = openOrder(artistMe, 'waiting', waiting, {
      'PUT /api/task/104/start': () => ({
        status: 409,
        body: { error: { code: 'payment_required', message: paymentMessages.paymentRequired } },
      }),
      'PUT /api/comissionform/4/payments/start-before-payment': () => ({
        status: 200,
        body: { ...waiting, startBeforePayment: true, nextStep: null },
      }),
    });
    const money = await panel();
    await user.click(screen.getByRole('button', { name: 'Start' }));
    await waitFor(() =>
      expect(toastSpy.error).toHaveBeenCalledWith(paymentMessages.paymentRequired, PAYMENT_FIRST_TITLE),
    );
    const toggle = money.getByRole('switch', { name: /Start before payment/ });
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    await waitFor(() => expect(toggle).toBeChecked());
    expect(calls.find((c) => c.key.endsWith('/start-before-payment'))?.body).toEqual({ enabled: true });
  });

  it('lets the buyer cancel an overdue order after saying that what they paid becomes a refund owed', async () => {
    const overdue = makeMoney(4, {
      overdue: true,
      dueAt: '2026-01-10T12:00:00.000Z',
      state: 'partPaid',
      stateLabel: 'Part paid',
      balances: { paid: 40, fees: 0, refundOwed: 0, refunded: 0, outstanding: 40 },
      nextStep: 'The due date has passed: you may cancel and get back what you paid',
    });
    const { user, calls } = openOrder(buyerMe, 'processing', overdue, {
      'PUT /api/comissionform/4/cancel-overdue': () => ({ status: 200, body: makeForm(4, 'canceled') }),
    });
    const money = await panel();
    expect(money.getByText('Overdue')).toBeInTheDocument();
    expect(money.getByText(/^Overdue since/)).toBeInTheDocument();
    await user.click(money.getByRole('button', { name: 'Cancel order' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Cancel this order?' }));
    expect(dialog.getByText(/What you paid \(\$40.00\) becomes a refund Ann owes you/)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Cancel the order' }));
    await waitFor(() =>
      expect(calls.some((c) => c.key === 'PUT /api/comissionform/4/cancel-overdue')).toBe(true),
    );
  });

  it('lets the buyer answer a request for more time', async () => {
    const asked = makeMoney(4, {
      extension: {
        id: 1,
        dueAt: '2099-01-20T12:00:00.000Z',
        reason: 'The hands are taking longer',
        status: 'pending',
        createdAt: '2026-01-06T00:00:00.000Z',
        answeredAt: null,
      },
    });
    const { user, calls } = openOrder(buyerMe, 'processing', asked, {
      'PUT /api/comissionform/4/extension/accept': () => ({
        status: 200,
        body: { ...asked, extension: { ...asked.extension!, status: 'accepted' } },
      }),
    });
    const money = await panel();
    expect(money.getByText('The hands are taking longer')).toBeInTheDocument();
    await user.click(money.getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(money.queryByText('The hands are taking longer')).not.toBeInTheDocument());
    expect(calls.some((c) => c.key.endsWith('/extension/accept'))).toBe(true);
  });

  it('lets the artist ask for more time with a later date and a reason', async () => {
    const money0 = makeMoney(4);
    const { user, calls } = openOrder(artistMe, 'processing', money0, {
      'POST /api/comissionform/4/extension': () => ({ status: 200, body: money0 }),
    });
    const money = await panel();
    await user.click(money.getByRole('button', { name: 'Ask for more time' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Ask for more time' }));
    await user.type(dialog.getByLabelText('New due date'), '2099-01-09');
    await user.click(dialog.getByRole('button', { name: 'Send the request' }));
    expect(await dialog.findByText(paymentMessages.extensionDate)).toBeInTheDocument();
    expect(dialog.getByText(paymentMessages.extensionReasonRequired)).toBeInTheDocument();
    await user.clear(dialog.getByLabelText('New due date'));
    await user.type(dialog.getByLabelText('New due date'), '2099-01-15');
    await user.type(dialog.getByLabelText('Why you need more time'), 'Sick for a week');
    await user.click(dialog.getByRole('button', { name: 'Send the request' }));
    await waitFor(() => expect(calls.some((c) => c.key.endsWith('/extension'))).toBe(true));
    expect(calls.find((c) => c.key.endsWith('/extension'))?.body).toEqual({
      dueAt: '2099-01-15T12:00:00.000Z',
      reason: 'Sick for a week',
    });
  });

  it('says so for an order placed before payments were tracked', async () => {
    stubFetch({
      'GET /api/sessioncheck': () => ({ status: 200, body: buyerMe }),
      'GET /api/order/4': () => ({
        status: 200,
        body: { form: makeForm(4, 'processing'), updates: [], deadline: null },
      }),
      'GET /api/comissionform/4/payments': () => ({
        status: 400,
        body: { error: { code: 'no_payment_plan', message: paymentMessages.noPlan } },
      }),
    });
    renderRoutes(routes, '/order/4');
    const money = within(await screen.findByRole('region', { name: 'Money' }));
    expect(await money.findByText(paymentMessages.noPlan)).toBeInTheDocument();
  });
});
