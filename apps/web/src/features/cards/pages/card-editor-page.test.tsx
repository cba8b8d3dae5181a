import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@brushline/shared/messages';
import { paymentMessages } from '@brushline/shared/payments/messages';
import { cardMessages } from '@brushline/shared/cards/messages';
import { REVISIONS_INCLUDED_MAX } from '@brushline/shared/cards/constants';
import { toast } from '../../../lib/toast.ts';
import { page, renderRoutes, stubFetch } from '../../../test/render.tsx';
import { artistMe, makeCard } from '../../orders/test/order-fixtures.ts';
import { CardCreatePage, CardEditPage } from './card-editor-page.tsx';

const routes = [
  page('/crm/cards/card-create', <CardCreatePage />),
  page('/crm/cards/card-edit', <CardEditPage />),
  page('/crm/cards', <p>cards list</p>),
];
const session = { 'GET /api/sessioncheck': () => ({ status: 200, body: artistMe }) };
const preview = () => within(screen.getByRole('complementary', { name: 'Preview' }));

// Toasts close after a few seconds, which a loaded test machine can outlast: the calls are checked.
let toastSpy: { success: ReturnType<typeof vi.spyOn>; error: ReturnType<typeof vi.spyOn> };
beforeEach(() => {
  toastSpy = { success: vi.spyOn(toast, 'success'), error: vi.spyOn(toast, 'error') };
});
afterEach(() => vi.restoreAllMocks());

describe('card editor', () => {
  it('adds a radio and a checkbox section, and the preview total follows the choices', async () => {
    const calls = stubFetch({
      ...session,
      'POST /api/commissioncard/create': (body) => ({
        status: 200,
        body: { card: makeCard(), message: messages.cardCreated, sent: body },
      }),
    });
    const { user, router } = renderRoutes(routes, '/crm/cards/card-create');

    await user.type(await screen.findByLabelText('Title'), 'Portrait');
    const start = screen.getByLabelText('Starting price');
    await user.clear(start);
    await user.type(start, '20');

    await user.click(screen.getByRole('button', { name: 'Add one-choice section' }));
    const size = within(screen.getByRole('region', { name: 'Section 1' }));
    await user.type(size.getByLabelText('Section title'), 'Size');
    await user.type(size.getByLabelText('Option'), 'Bust');
    await user.click(size.getByRole('button', { name: 'Add option' }));
    const full = within(size.getByRole('group', { name: 'Option 2' }));
    await user.type(full.getByLabelText('Option'), 'Full body');
    await user.clear(full.getByLabelText('Price'));
    await user.type(full.getByLabelText('Price'), '15.5');

    await user.click(screen.getByRole('button', { name: 'Add several-choice section' }));
    const extras = within(screen.getByRole('region', { name: 'Section 2' }));
    await user.type(extras.getByLabelText('Section title'), 'Extras');
    await user.type(extras.getByLabelText('Option'), 'Background');
    await user.clear(extras.getByLabelText('Price'));
    await user.type(extras.getByLabelText('Price'), '10');

    expect(preview().getByTestId('card-total')).toHaveTextContent('$20.00');
    await user.click(preview().getByRole('radio', { name: /Full body/ }));
    expect(preview().getByTestId('card-total')).toHaveTextContent('$35.50');
    await user.click(preview().getByRole('checkbox', { name: /Background/ }));
    expect(preview().getByTestId('card-total')).toHaveTextContent('$45.50');
    await user.click(preview().getByRole('radio', { name: /Bust/ }));
    expect(preview().getByTestId('card-total')).toHaveTextContent('$30.00');

    await user.click(screen.getAllByRole('button', { name: 'Create card' })[0]!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/crm/cards'));
    const sent = calls.find((c) => c.key === 'POST /api/commissioncard/create')?.body as {
      title: string;
      startingPrice: number;
      sections: {
        title: string;
        type: string;
        options: { option: string; price: number; order: number }[];
      }[];
    };
    expect(sent.title).toBe('Portrait');
    expect(sent.startingPrice).toBe(20);
    expect(sent.sections.map((s) => [s.title, s.type])).toEqual([
      ['Size', 'radio'],
      ['Extras', 'checkbox'],
    ]);
    expect(sent.sections[0]!.options).toMatchObject([
      { option: 'Bust', price: 0, order: 0 },
      { option: 'Full body', price: 15.5, order: 1 },
    ]);
    expect(toastSpy.success).toHaveBeenCalledWith(messages.cardCreated);
  });

  it('shows the schema messages beside the fields and sends nothing', async () => {
    const calls = stubFetch(session);
    const { user } = renderRoutes(routes, '/crm/cards/card-create');
    await user.click(await screen.findByRole('button', { name: 'Add one-choice section' }));
    await user.click(screen.getAllByRole('button', { name: 'Create card' })[0]!);
    expect(await screen.findByText(cardMessages.sectionTitleRequired)).toBeInTheDocument();
    expect(screen.getByText(cardMessages.optionRequired)).toBeInTheDocument();
    // Nothing was sent, so the alert does not say a sending failed; the first bad field gets focus.
    expect(screen.getByRole('alert', { name: 'Some fields need a fix' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Section title')).toHaveFocus());
    expect(calls.some((c) => c.key.startsWith('POST'))).toBe(false);
  });

  it('keeps “revisions included” optional, refuses more than the limit, and shows it in the preview', async () => {
    const calls = stubFetch({
      ...session,
      'POST /api/commissioncard/create': () => ({
        status: 200,
        body: { card: makeCard(), message: messages.cardCreated },
      }),
    });
    const { user, router } = renderRoutes(routes, '/crm/cards/card-create');
    const field = await screen.findByLabelText('Revisions included');
    await user.type(field, String(REVISIONS_INCLUDED_MAX + 1));
    await user.click(screen.getAllByRole('button', { name: 'Create card' })[0]!);
    expect(await screen.findByText(cardMessages.revisionsRange)).toBeInTheDocument();
    expect(calls.some((c) => c.key.startsWith('POST'))).toBe(false);

    await user.clear(field);
    await user.type(field, '2');
    expect(preview().getByText('2 revisions included')).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Create card' })[0]!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/crm/cards'));
    const sent = calls.find((c) => c.key === 'POST /api/commissioncard/create')?.body as {
      revisionsIncluded: number | null;
    };
    expect(sent.revisionsIncluded).toBe(2);
  });

  it('moves sections up and down', async () => {
    stubFetch(session);
    const { user } = renderRoutes(routes, '/crm/cards/card-create');
    await user.click(await screen.findByRole('button', { name: 'Add one-choice section' }));
    await user.type(screen.getByLabelText('Section title'), 'First');
    await user.click(screen.getByRole('button', { name: 'Add several-choice section' }));
    const second = within(screen.getByRole('region', { name: 'Section 2' }));
    await user.type(second.getByLabelText('Section title'), 'Second');
    await user.click(second.getByRole('button', { name: 'Move section 2 up' }));
    const first = within(screen.getByRole('region', { name: 'Section 1' }));
    expect(first.getByLabelText('Section title')).toHaveValue('Second');
  });

  it('saves an edited card and shows the server message when saving fails', async () => {
    let fail = true;
    stubFetch({
      ...session,
      [`GET /api/comissioncard/get/${makeCard().uuid}`]: () => ({ status: 200, body: makeCard() }),
      'PUT /api/comissioncard/update': () =>
        fail
          ? { status: 409, body: { error: { code: 'conflict', message: 'Someone changed this card' } } }
          : { status: 200, body: { card: makeCard({ title: 'Portrait v2' }), message: messages.cardSaved } },
    });
    const { user, router } = renderRoutes(routes, `/crm/cards/card-edit?uuid=${makeCard().uuid}`);
    const title = await screen.findByLabelText('Title');
    expect(title).toHaveValue('Portrait');
    await user.type(title, ' v2');
    await user.click(screen.getAllByRole('button', { name: 'Save changes' })[0]!);
    expect(await screen.findByRole('alert', { name: messages.cardSaveFailed })).toHaveTextContent(
      'Someone changed this card',
    );
    expect(toastSpy.error).toHaveBeenCalledWith(messages.cardSaveFailed);
    fail = false;
    await user.click(screen.getAllByRole('button', { name: 'Save changes' })[0]!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/crm/cards'));
    expect(toastSpy.success).toHaveBeenCalledWith(messages.cardSaved);
  });
});

describe('the AI label', () => {
  it('keeps a saved label through an edit, shows it in the preview, and tells the owner why staff hid the card', async () => {
    const card = makeCard({ aiLabel: 'assisted', hiddenByStaff: 'Unlabelled AI examples' });
    const calls = stubFetch({
      ...session,
      [`GET /api/comissioncard/get/${card.uuid}`]: () => ({ status: 200, body: card }),
      'PUT /api/comissioncard/update': () => ({ status: 200, body: { card, message: messages.cardSaved } }),
    });
    const { user, router } = renderRoutes(routes, `/crm/cards/card-edit?uuid=${card.uuid}`);
    const label = await screen.findByRole('combobox', { name: 'AI label' });
    expect(label).toHaveValue('assisted');
    expect(screen.getByText('Only you and staff can see this card')).toBeInTheDocument();
    expect(screen.getByText('Hidden by staff: Unlabelled AI examples')).toBeInTheDocument();
    expect(preview().getByText('AI-assisted')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Title'), ' v2');
    await user.click(screen.getAllByRole('button', { name: 'Save changes' })[0]!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/crm/cards'));
    // The update replaces the card: the label must be in the body, or it would be dropped.
    expect(calls.find((c) => c.key === 'PUT /api/comissioncard/update')?.body).toMatchObject({
      title: 'Portrait v2',
      aiLabel: 'assisted',
    });
  });

  it('sends the label chosen for a new card', async () => {
    const calls = stubFetch({
      ...session,
      'POST /api/commissioncard/create': () => ({
        status: 200,
        body: { card: makeCard(), message: messages.cardCreated },
      }),
    });
    const { user, router } = renderRoutes(routes, '/crm/cards/card-create');
    await user.selectOptions(await screen.findByRole('combobox', { name: 'AI label' }), 'AI-generated');
    expect(preview().getByText('AI-generated')).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Create card' })[0]!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/crm/cards'));
    expect(calls.find((c) => c.key === 'POST /api/commissioncard/create')?.body).toMatchObject({
      aiLabel: 'generated',
    });
  });
});

describe('a new card', () => {
  it('starts closed, asks before opening it with no price, and sends the terms and the description rule', async () => {
    const calls = stubFetch({
      ...session,
      'POST /api/commissioncard/create': () => ({
        status: 200,
        body: { card: makeCard(), message: messages.cardCreated },
      }),
    });
    const { user, router } = renderRoutes(routes, '/crm/cards/card-create');
    const open = await screen.findByRole('switch', { name: /Card is open/ });
    expect(open).not.toBeChecked();
    expect(screen.getByRole('switch', { name: /Taking commissions/ })).toBeDisabled();

    // No price and no options: opening asks first, and "Keep it closed" keeps it closed.
    await user.click(open);
    const ask = await screen.findByRole('dialog', { name: 'Open a card with no price?' });
    await user.click(within(ask).getByRole('button', { name: 'Keep it closed' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(open).not.toBeChecked();
    await user.click(open);
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Open a card with no price?' })).getByRole('button', {
        name: 'Open anyway',
      }),
    );
    await waitFor(() => expect(open).toBeChecked());
    // The dialog closes with a transition: wait until it is gone before the next step.
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(open);
    expect(open).not.toBeChecked();

    // With a price, it opens at once.
    const start = screen.getByLabelText('Starting price');
    await user.clear(start);
    await user.type(start, '30');
    await user.click(open);
    expect(open).toBeChecked();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.type(screen.getByLabelText('Your terms'), 'Personal use only');
    expect(preview().getByText('Personal use only')).toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: /Orders must include a description/ }));
    await user.click(screen.getAllByRole('button', { name: 'Create card' })[0]!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/crm/cards'));
    expect(calls.find((c) => c.key === 'POST /api/commissioncard/create')?.body).toMatchObject({
      startingPrice: 30,
      terms: 'Personal use only',
      descriptionRequired: true,
      isOpenComission: true,
      isCommissionsOpen: false,
    });
  });
});

describe('a site that takes card payments (Stripe)', () => {
  const notReady = {
    provider: 'stripe',
    connected: false,
    chargesEnabled: false,
    payoutsEnabled: false,
    detailsSubmitted: false,
    missing: [],
    canReceive: false,
    updatedAt: null,
  };

  it('says a Stripe account is needed before opening for orders, and links the refusal to Settings → Payouts', async () => {
    stubFetch({
      ...session,
      'GET /api/payments/account': () => ({ status: 200, body: notReady }),
      [`GET /api/comissioncard/get/${makeCard().uuid}`]: () => ({ status: 200, body: makeCard() }),
      'PUT /api/comissioncard/update': () => ({
        status: 409,
        body: { error: { code: 'payout_account_required', message: paymentMessages.payoutAccountRequired } },
      }),
    });
    const { user } = renderRoutes(routes, `/crm/cards/card-edit?uuid=${makeCard().uuid}`);
    expect(
      await screen.findByText('Connect Stripe before taking commissions on this card'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Settings → Payouts' })).toHaveAttribute(
      'href',
      '/settings/payouts',
    );
    await user.type(screen.getByLabelText('Title'), ' v2');
    await user.click(screen.getAllByRole('button', { name: 'Save changes' })[0]!);
    const alert = within(await screen.findByRole('alert', { name: messages.cardSaveFailed }));
    expect(alert.getByText(paymentMessages.payoutAccountRequired, { exact: false })).toBeInTheDocument();
    expect(alert.getByRole('link', { name: 'Go to Settings → Payouts' })).toHaveAttribute(
      'href',
      '/settings/payouts',
    );
    // One way to Payouts at a time: the notice gives way to the refusal.
    expect(screen.getAllByRole('link', { name: 'Go to Settings → Payouts' })).toHaveLength(1);
  });

  it('says nothing of Stripe once the account can receive money', async () => {
    stubFetch({
      ...session,
      'GET /api/payments/account': () => ({
        status: 200,
        body: { ...notReady, connected: true, chargesEnabled: true, payoutsEnabled: true, canReceive: true },
      }),
    });
    renderRoutes(routes, '/crm/cards/card-create');
    await screen.findByLabelText('Title');
    await waitFor(() => expect(screen.queryByText(/Connect Stripe/)).not.toBeInTheDocument());
  });
});
