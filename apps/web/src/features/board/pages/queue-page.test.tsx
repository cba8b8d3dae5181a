import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Queue } from '@brushline/shared/board/schemas';
import { page, renderRoutes, stubFetch } from '../../../test/render.tsx';
import { QueuePage } from './queue-page.tsx';

const routes = [page('/profile/:login/queue', <QueuePage />)];
const since = new Date(Date.now() - 3 * 86_400_000).toISOString();
const queue: Queue = {
  artist: {
    id: '00000000-0000-4000-8000-000000000001',
    login: 'ann',
    displayName: 'Ann',
    avatarMiniatureUrl: null,
  },
  slots: 3,
  openSlots: 0,
  active: 3,
  columns: [
    {
      title: 'In progress',
      entries: [
        {
          label: 'Commission #12',
          title: 'Full body',
          status: 'processing',
          since,
          buyer: null,
          options: null,
        },
        {
          label: 'Commission #13',
          title: 'Headshot',
          status: 'processing',
          since,
          buyer: {
            id: '00000000-0000-4000-8000-000000000002',
            login: 'bob',
            displayName: 'Bob',
            avatarMiniatureUrl: null,
          },
          options: 'Simple background',
        },
      ],
    },
  ],
};

afterEach(() => vi.restoreAllMocks());

describe('queue page', () => {
  it('shows anonymous entries, the buyer and options only where given, and that no slot is open', async () => {
    stubFetch({ 'GET /api/queue/ann': () => ({ status: 200, body: queue }) });
    renderRoutes(routes, '/profile/ann/queue');
    expect(await screen.findByText('Commission #12 · Full body · started 3 days ago')).toBeInTheDocument();
    expect(
      screen.getByText('Commission #13 · Headshot · Simple background · for Bob · started 3 days ago'),
    ).toBeInTheDocument();
    expect(screen.getByText('No open slots right now (3 taken)')).toBeInTheDocument();
  });
});
