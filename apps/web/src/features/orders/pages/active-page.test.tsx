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

describe('active commissions', () => {
  it('shows each task with the next artist step and the comment of a task sent back', async () => {
    const calls = stubFetch({
      'GET /api/sessioncheck': () => ({ status: 200, body: artistMe }),
      'GET /api/comissionform/comissioners': () => ({
        status: 200,
        body: [
          { commissioner, counts: counts({ none: 1, waiting: 1, processing: 1, done: 1 }), active: 2 },
          { commissioner: carol, counts: counts({ done: 1 }), active: 0 },
        ],
      }),
      'GET /api/task/comissions/get/crm/ann': () => ({
        status: 200,
        body: [
          makeForm(1, 'none'),
          makeForm(4, 'done'),
          makeForm(2, 'waiting'),
          makeForm(3, 'processing', {
            task: {
              id: 103,
              status: 'processing',
              type: 'normal',
              comment: 'Bigger ears',
              revision: 1,
              declineReason: null,
              updatedAt: '2026-01-04T00:00:00.000Z',
            },
          }),
        ],
      }),
      'PUT /api/task/102/start': () => ({ status: 200, body: makeForm(2, 'processing') }),
    });
    const { user } = renderRoutes(routes, '/crm/pending/active');
    expect(await screen.findByText('Bob')).toBeInTheDocument();
    expect(screen.queryByText('Carol')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /Bob/ }));
    const tasks = within(await screen.findByRole('list', { name: 'Tasks of Bob' }));
    // A form still waiting for an answer belongs to Incoming, not here (the badge points there).
    expect(screen.getByText('1 new in Incoming')).toBeInTheDocument();
    // The tasks that need a step come first, the history after.
    await waitFor(() =>
      expect(tasks.getAllByRole('listitem').map((el) => el.getAttribute('aria-label'))).toEqual([
        'Order 2',
        'Order 3',
        'Order 4',
      ]),
    );
    const waiting = within(tasks.getByRole('listitem', { name: 'Order 2' }));
    const processing = within(tasks.getByRole('listitem', { name: 'Order 3' }));
    expect(processing.getByText('Bigger ears')).toBeInTheDocument();
    expect(processing.getByRole('button', { name: 'Deliver' })).toBeInTheDocument();
    expect(waiting.queryByRole('button', { name: 'Deliver' })).toBeNull();
    await user.click(waiting.getByRole('button', { name: 'Start' }));
    await waitFor(() => expect(calls.some((c) => c.key === 'PUT /api/task/102/start')).toBe(true));

    await user.click(screen.getByLabelText('Display inactive'));
    expect(screen.getByText('Carol')).toBeInTheDocument();
  });
});
