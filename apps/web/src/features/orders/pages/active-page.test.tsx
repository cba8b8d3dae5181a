import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TASK_STATUSES } from '@brushline/shared/orders/constants';
import { page, renderRoutes, stubFetch } from '../../../test/render.tsx';
import { artistMe, buyerMe, makeForm } from '../test/order-fixtures.ts';
import { ActivePage } from './active-page.tsx';

const routes = [page('/crm/pending/active', <ActivePage />)];
const commissioner = { id: buyerMe.id, login: 'bob', displayName: 'Bob', avatarMiniatureUrl: null };
const counts = (patch: Partial<Record<(typeof TASK_STATUSES)[number], number>>) => ({
  ...Object.fromEntries(TASK_STATUSES.map((s) => [s, 0])),
  ...patch,
});
const carol = {
  id: '6f1c1f9e-5555-4555-8555-555555555555',
  login: 'carol',
  displayName: 'Carol',
  avatarMiniatureUrl: null,
};

const sentBack = (id: number, updatedAt: string) =>
  makeForm(id, 'processing', {
    task: {
      id: 100 + id,
      status: 'processing',
      type: 'normal',
      comment: 'Bigger ears',
      revision: 1,
      declineReason: null,
      updatedAt,
    },
  });

describe('active commissions', () => {
  it('shows what needs the artist first, open with its Start or Deliver, longest waiting first', async () => {
    const calls = stubFetch({
      'GET /api/sessioncheck': () => ({ status: 200, body: artistMe }),
      'GET /api/comissionform/comissioners': () => ({
        status: 200,
        body: [
          {
            commissioner,
            counts: counts({ none: 1, waiting: 1, processing: 1, finished: 1, done: 1 }),
            active: 3,
          },
          { commissioner: carol, counts: counts({ waiting: 1, done: 1 }), active: 1 },
        ],
      }),
      'GET /api/task/comissions/get/crm/ann': () => ({
        status: 200,
        body: [
          makeForm(1, 'none'),
          makeForm(4, 'done'),
          makeForm(6, 'finished'),
          makeForm(2, 'waiting', {
            task: {
              id: 102,
              status: 'waiting',
              type: 'normal',
              comment: null,
              revision: 0,
              declineReason: null,
              updatedAt: '2026-01-06T00:00:00.000Z',
            },
          }),
          sentBack(3, '2026-01-04T00:00:00.000Z'),
          makeForm(5, 'waiting', {
            sender: carol,
            senderId: carol.id,
            task: {
              id: 105,
              status: 'waiting',
              type: 'normal',
              comment: null,
              revision: 0,
              declineReason: null,
              updatedAt: '2026-01-05T00:00:00.000Z',
            },
          }),
          makeForm(7, 'done', { sender: carol, senderId: carol.id }),
        ],
      }),
      'PUT /api/task/102/start': () => ({ status: 200, body: makeForm(2, 'processing') }),
    });
    const { user } = renderRoutes(routes, '/crm/pending/active');
    // Nothing to open: every task to start or deliver is listed, whoever it is for.
    const now = within(await screen.findByRole('list', { name: 'Needs you now' }));
    expect(now.getAllByRole('listitem').map((el) => el.getAttribute('aria-label'))).toEqual([
      'Order 3 (order #3, from Bob)',
      'Order 5 (order #5, from Carol)',
      'Order 2 (order #2, from Bob)',
    ]);
    const processing = within(now.getByRole('listitem', { name: /order #3/ }));
    const waiting = within(now.getByRole('listitem', { name: /order #2/ }));
    expect(processing.getByText('Your turn: deliver')).toBeInTheDocument();
    expect(processing.getByText('Bigger ears')).toBeInTheDocument();
    expect(processing.getByRole('button', { name: 'Deliver' })).toBeInTheDocument();
    expect(waiting.getByText('Your turn: start')).toBeInTheDocument();
    expect(waiting.queryByRole('button', { name: 'Deliver' })).toBeNull();
    await user.click(waiting.getByRole('button', { name: 'Start' }));
    await waitFor(() => expect(calls.some((c) => c.key === 'PUT /api/task/102/start')).toBe(true));

    // Below, by commissioner: the rest of their tasks, not the ones above a second time.
    expect(screen.getByText('1 new in Incoming')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Bob/ }));
    const bobs = within(await screen.findByRole('list', { name: 'Tasks of Bob' }));
    expect(bobs.getByText('2 tasks of theirs need you: see “Needs you now” above.')).toBeInTheDocument();
    expect(bobs.getAllByRole('listitem').map((el) => el.getAttribute('aria-label'))).toEqual([
      'Order 6 (order #6, from Bob)',
      'Order 4 (order #4, from Bob)',
    ]);
    // Delivered work waits for the commissioner, not for the artist: no marker.
    expect(bobs.queryByText(/Your turn/)).toBeNull();
  });

  it('says when nothing needs the artist, and hides commissioners without active tasks until asked', async () => {
    stubFetch({
      'GET /api/sessioncheck': () => ({ status: 200, body: artistMe }),
      'GET /api/comissionform/comissioners': () => ({
        status: 200,
        body: [
          { commissioner, counts: counts({ none: 1, finished: 1 }), active: 1 },
          { commissioner: carol, counts: counts({ done: 1 }), active: 0 },
        ],
      }),
      'GET /api/task/comissions/get/crm/ann': () => ({
        status: 200,
        body: [makeForm(1, 'none'), makeForm(2, 'finished'), makeForm(3, 'done', { sender: carol })],
      }),
    });
    const { user } = renderRoutes(routes, '/crm/pending/active');
    expect(await screen.findByText(/Nothing to start or deliver right now/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Incoming' })).toHaveAttribute('href', '/crm/pending/new');
    expect(screen.queryByRole('list', { name: 'Needs you now' })).toBeNull();
    expect(screen.getByRole('button', { name: /Bob/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Carol/ })).not.toBeInTheDocument();
    await user.click(screen.getByLabelText('Display inactive'));
    expect(screen.getByRole('button', { name: /Carol/ })).toBeInTheDocument();
  });
});
