import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@brushline/shared/messages';
import { toast } from '../../../lib/toast.ts';
import { page, renderRoutes, stubFetch } from '../../../test/render.tsx';
import { makeCard } from '../../orders/test/order-fixtures.ts';
import { CardsPage } from './cards-page.tsx';

const routes = [page('/crm/cards', <CardsPage />)];
const open = makeCard({ title: 'A'.repeat(80) });
const closed = makeCard({
  uuid: '0b7e3c1a-4444-4444-8444-444444444444',
  title: 'Closed one',
  isOpenComission: false,
  isCommissionsOpen: false,
});

afterEach(() => vi.restoreAllMocks());

describe('commission forms list', () => {
  it('hides closed cards until switched on, and cuts long titles at 64 characters', async () => {
    stubFetch({ 'GET /api/comissioncard/owner': () => ({ status: 200, body: [open, closed] }) });
    const { user } = renderRoutes(routes, '/crm/cards');
    expect(await screen.findByText(`${'A'.repeat(64)}…`)).toBeInTheDocument();
    expect(screen.queryByText('Closed one')).not.toBeInTheDocument();
    await user.click(screen.getByLabelText('Display closed cards'));
    expect(screen.getByText('Closed one')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View Closed one' })).toHaveAttribute(
      'href',
      `/commission/${closed.uuid}`,
    );
    expect(screen.getByRole('link', { name: 'Edit Closed one' })).toHaveAttribute(
      'href',
      `/crm/cards/card-edit/${closed.uuid}`,
    );
  });

  it('shows the create button when there is no card', async () => {
    stubFetch({ 'GET /api/comissioncard/owner': () => ({ status: 200, body: [] }) });
    renderRoutes(routes, '/crm/cards');
    expect(await screen.findByText('You have no commission cards yet')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Create card' })[0]).toHaveAttribute(
      'href',
      '/crm/cards/card-create',
    );
  });

  it('deletes a card after confirmation, and says so when it cannot', async () => {
    const error = vi.spyOn(toast, 'error');
    const success = vi.spyOn(toast, 'success');
    let status = 404;
    const calls = stubFetch({
      'GET /api/comissioncard/owner': () => ({ status: 200, body: [closed, { ...open, title: 'Open one' }] }),
      [`DELETE /api/comissioncard/delete/${open.uuid}`]: () =>
        status === 200
          ? { status: 200, body: { message: messages.cardDeleted } }
          : { status: 404, body: { error: { code: 'not_found', message: messages.cardDeleteFailed } } },
    });
    const { user } = renderRoutes(routes, '/crm/cards');
    await user.click(await screen.findByRole('button', { name: 'Delete Open one' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete card' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith(messages.cardDeleteFailed));

    status = 200;
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Delete Open one' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete card' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith(messages.cardDeleted));
    await waitFor(() => expect(screen.queryByText('Open one')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.key.startsWith('DELETE'))).toHaveLength(2);
  });

  it('shows a card’s AI label, and why staff hid it', async () => {
    const hidden = makeCard({ aiLabel: 'generated', hiddenByStaff: 'Unlabelled AI work' });
    stubFetch({ 'GET /api/comissioncard/owner': () => ({ status: 200, body: [hidden] }) });
    renderRoutes(routes, '/crm/cards');
    const tile = within(await screen.findByRole('article', { name: hidden.title }));
    expect(tile.getByText('AI-generated')).toBeInTheDocument();
    expect(tile.getByText(/Hidden by staff/)).toBeInTheDocument();
    expect(tile.getByText('Unlabelled AI work')).toBeInTheDocument();
  });
});
