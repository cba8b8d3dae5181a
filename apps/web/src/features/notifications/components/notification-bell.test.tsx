import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages } from '@brushline/shared/messages';
import { page, renderRoutes, stubFetch } from '../../../test/render.tsx';
import { aNotification, aPage, me } from '../test/notification-fixtures.ts';
import { NotificationBell } from './notification-bell.tsx';

const routes = [
  page('/', <NotificationBell />),
  page('/post/:id', <p>the post</p>),
  page('/notifications', <p>all notifications</p>),
];

describe('notification bell', () => {
  it('shows the unread count in its badge and its name', async () => {
    stubFetch({ 'GET /api/notifications/unread-count': () => ({ status: 200, body: { count: 3 } }) });
    renderRoutes(routes, '/');
    const bell = await screen.findByRole('button', { name: 'Notifications, 3 unread' });
    expect(bell.parentElement).toHaveTextContent('3');
  });

  it('caps the badge at 99+', async () => {
    stubFetch({ 'GET /api/notifications/unread-count': () => ({ status: 200, body: { count: 150 } }) });
    renderRoutes(routes, '/');
    const bell = await screen.findByRole('button', { name: 'Notifications, 99+ unread' });
    expect(bell.parentElement).toHaveTextContent('99+');
    expect(bell.parentElement).not.toHaveTextContent('150');
  });

  it('shows no badge when everything is read, and the empty state when opened', async () => {
    const calls = stubFetch({
      'GET /api/notifications/unread-count': () => ({ status: 200, body: { count: 0 } }),
      'GET /api/notifications': () => ({ status: 200, body: aPage([]) }),
    });
    const { user } = renderRoutes(routes, '/');
    await waitFor(() => expect(calls.map((c) => c.key)).toContain('GET /api/notifications/unread-count'));
    // The list itself is only asked for when the bell is opened.
    expect(calls.map((c) => c.key)).not.toContain('GET /api/notifications');
    await user.click(screen.getByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText(messages.nothingNew)).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  });

  it('lists the newest ten; opening one marks it read and goes to what it is about', async () => {
    const items = Array.from({ length: 12 }, (_, i) => aNotification(12 - i));
    const calls = stubFetch({
      'GET /api/sessioncheck': () => ({ status: 200, body: me }),
      'GET /api/notifications/unread-count': () => ({ status: 200, body: { count: 12 } }),
      'GET /api/notifications': () => ({ status: 200, body: aPage(items.slice(0, 20)) }),
      'PUT /api/notifications/read/12': () => ({ status: 200, body: { ...items[0], isRead: true } }),
    });
    const { user, router } = renderRoutes(routes, '/');
    await user.click(await screen.findByRole('button', { name: 'Notifications, 12 unread' }));
    const dialog = await screen.findByRole('dialog');
    // The dropdown fades in: wait until it is visible, not only rendered.
    await within(dialog).findByRole('link', { name: 'See all' });
    await within(dialog).findByText('Notification 12');
    expect(within(dialog).getByText('Notification 3')).toBeInTheDocument();
    expect(within(dialog).queryByText('Notification 2')).toBeNull();
    expect(within(dialog).getByRole('link', { name: 'See all' })).toHaveAttribute('href', '/notifications');
    expect(within(dialog).getAllByText('Unread')).toHaveLength(10);

    await user.click(within(dialog).getByText('Notification 12'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/post/7'));
    expect(calls.map((c) => c.key)).toContain('PUT /api/notifications/read/12');
  });

  it('marks all as read from the dropdown', async () => {
    let read = false;
    const calls = stubFetch({
      'GET /api/notifications/unread-count': () => ({ status: 200, body: { count: read ? 0 : 2 } }),
      'GET /api/notifications': () => ({
        status: 200,
        body: aPage([aNotification(2, { isRead: read }), aNotification(1, { isRead: read })]),
      }),
      'PUT /api/notifications/read-all': () => {
        read = true;
        return { status: 200, body: { updated: 2 } };
      },
    });
    const { user } = renderRoutes(routes, '/');
    await user.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('Notification 2');
    expect(within(dialog).getAllByText('Unread')).toHaveLength(2);
    await user.click(await within(dialog).findByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(within(dialog).queryAllByText('Unread')).toHaveLength(0));
    expect(calls.map((c) => c.key)).toContain('PUT /api/notifications/read-all');
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
  });
});
