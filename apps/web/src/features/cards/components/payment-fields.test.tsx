import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@brushline/shared/messages';
import { paymentMessages } from '@brushline/shared/payments/messages';
import { page, renderRoutes, stubFetch } from '../../../test/render.tsx';
import { artistMe, makeCard } from '../../orders/test/order-fixtures.ts';
import { CardCreatePage } from '../pages/card-editor-page.tsx';

const routes = [page('/crm/cards/card-create', <CardCreatePage />), page('/crm/cards', <p>cards list</p>)];
const preview = () => within(screen.getByRole('complementary', { name: 'Preview' }));
const payment = () => within(screen.getByRole('region', { name: 'Payment' }));

afterEach(() => vi.restoreAllMocks());

function open() {
  const calls = stubFetch({
    'GET /api/sessioncheck': () => ({ status: 200, body: artistMe }),
    'POST /api/commissioncard/create': () => ({
      status: 200,
      body: { card: makeCard(), message: messages.cardCreated },
    }),
  });
  return { ...renderRoutes(routes, '/crm/cards/card-create'), calls };
}

async function startingPrice(user: ReturnType<typeof open>['user'], price: string) {
  const start = await screen.findByLabelText('Starting price');
  await user.clear(start);
  await user.type(start, price);
}

describe('the card editor’s Payment section', () => {
  it('is paid in full up front by default, and a deposit plan shows what is due when in the preview', async () => {
    const { user, calls, router } = open();
    await startingPrice(user, '80');
    expect(payment().getByRole('radio', { name: /In full up front/ })).toBeChecked();
    expect(preview().getByTestId('due-when')).toHaveTextContent('In full on acceptance $80.00');

    await user.click(payment().getByRole('radio', { name: /Deposit \+ remainder/ }));
    const deposit = payment().getByLabelText('Deposit');
    await user.clear(deposit);
    await user.type(deposit, '100');
    await user.click(screen.getAllByRole('button', { name: 'Create card' })[0]!);
    expect(await payment().findByText(paymentMessages.depositRange)).toBeInTheDocument();
    expect(calls.some((c) => c.key.startsWith('POST'))).toBe(false);

    await user.clear(deposit);
    await user.type(deposit, '25');
    await user.type(payment().getByLabelText('Delivery time (days)'), '7');
    expect(preview().getByText('25% deposit, the rest on delivery')).toBeInTheDocument();
    expect(preview().getByText('Delivered within 7 days of acceptance')).toBeInTheDocument();
    expect(preview().getByTestId('due-when')).toHaveTextContent(
      'Deposit on acceptance $20.00 · Remainder on delivery $60.00',
    );
    await user.click(screen.getAllByRole('button', { name: 'Create card' })[0]!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/crm/cards'));
    const sent = calls.find((c) => c.key === 'POST /api/commissioncard/create')?.body as Record<
      string,
      unknown
    >;
    expect(sent.paymentPlan).toEqual({ kind: 'deposit', depositPercent: 25 });
    expect(sent.deliveryDays).toBe(7);
  });

  it('refuses a delivery time out of range with the shared message', async () => {
    const { user, calls } = open();
    await user.type(await screen.findByLabelText('Delivery time (days)'), '400');
    await user.click(screen.getAllByRole('button', { name: 'Create card' })[0]!);
    expect(await screen.findByText(paymentMessages.deliveryDaysRange)).toBeInTheDocument();
    expect(calls.some((c) => c.key.startsWith('POST'))).toBe(false);
  });

  it('edits 2 to 5 milestones, adds them up live and sends only a plan that adds up to 100%', async () => {
    const { user, calls, router } = open();
    await startingPrice(user, '100');
    await user.click(payment().getByRole('radio', { name: /Milestones/ }));
    expect(payment().getByTestId('milestones-sum')).toHaveTextContent('Adds up to 100%');
    // Two is the least: neither can be removed.
    expect(payment().getByRole('button', { name: 'Remove milestone 1' })).toBeDisabled();

    const second = within(payment().getByRole('group', { name: 'Milestone 2' }));
    await user.clear(second.getByLabelText('Share'));
    await user.type(second.getByLabelText('Share'), '30');
    expect(payment().getByTestId('milestones-sum')).toHaveTextContent('Adds up to 80% (must be 100%)');
    await user.click(screen.getAllByRole('button', { name: 'Create card' })[0]!);
    expect(await payment().findByText(paymentMessages.milestonesSum)).toBeInTheDocument();
    expect(calls.some((c) => c.key.startsWith('POST'))).toBe(false);

    // A new row starts with what is missing.
    await user.click(payment().getByRole('button', { name: 'Add milestone' }));
    const third = within(payment().getByRole('group', { name: 'Milestone 3' }));
    expect(third.getByLabelText('Share')).toHaveValue('20%');
    await user.type(third.getByLabelText('Name'), 'Colours');
    await user.selectOptions(third.getByLabelText('Due'), 'wip');
    expect(payment().getByTestId('milestones-sum')).toHaveTextContent('Adds up to 100%');
    expect(preview().getByTestId('due-when')).toHaveTextContent(
      'Sketch on acceptance $50.00 · Final on delivery $30.00 · Colours when a work in progress is shared $20.00',
    );
    await user.click(payment().getByRole('button', { name: 'Add milestone' }));
    await user.click(payment().getByRole('button', { name: 'Add milestone' }));
    expect(payment().getByRole('button', { name: 'Add milestone' })).toBeDisabled();
    await user.click(payment().getByRole('button', { name: 'Remove milestone 5' }));
    await user.click(payment().getByRole('button', { name: 'Remove milestone 4' }));

    await user.click(screen.getAllByRole('button', { name: 'Create card' })[0]!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/crm/cards'));
    const sent = calls.find((c) => c.key === 'POST /api/commissioncard/create')?.body as Record<
      string,
      unknown
    >;
    expect(sent.paymentPlan).toEqual({
      kind: 'milestones',
      milestones: [
        { name: 'Sketch', percent: 50, stage: 'acceptance' },
        { name: 'Final', percent: 30, stage: 'delivery' },
        { name: 'Colours', percent: 20, stage: 'wip' },
      ],
    });
    expect(sent.deliveryDays).toBeNull();
  });
});
