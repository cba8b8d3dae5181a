import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '@brushline/shared/messages';
import { page, renderRoutes, stubFetch } from '../../../test/render.tsx';
import { aNotification, aPage } from '../test/notification-fixtures.ts';
import { NotificationsPanel } from './notifications-panel.tsx';

const routes = [page('/feed', <NotificationsPanel />)];

describe('feed notifications panel', () => {
  it('shows the newest five, the unread count and a link to all', async () => {
    stubFetch({
      'GET /api/notifications': () => ({
        status: 200,
        body: aPage(
          Array.from({ length: 8 }, (_, i) => aNotification(8 - i)),
          null,
        ),
      }),
      'GET /api/notifications/unread-count': () => ({ status: 200, body: { count: 8 } }),
    });
    renderRoutes(routes, '/feed');
    const panel = await screen.findByRole('region', { name: 'Notifications' });
    expect(await screen.findByText('Notification 8')).toBeInTheDocument();
    expect(screen.getByText('Notification 4')).toBeInTheDocument();
    expect(screen.queryByText('Notification 3')).toBeNull();
    expect(panel).toHaveTextContent('8 unread');
    expect(screen.getByRole('link', { name: 'See all notifications' })).toHaveAttribute(
      'href',
      '/notifications',
    );
  });

  it('shows the empty state', async () => {
    stubFetch({
      'GET /api/notifications': () => ({ status: 200, body: aPage([]) }),
      'GET /api/notifications/unread-count': () => ({ status: 200, body: { count: 0 } }),
    });
    renderRoutes(routes, '/feed');
    expect(await screen.findByText(messages.nothingNew)).toBeInTheDocument();
  });
});
