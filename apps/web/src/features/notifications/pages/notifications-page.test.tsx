import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { messages } from '@brushline/shared/messages';
import { page, renderRoutes, stubFetch } from '../../../test/render.tsx';
import { aNotification, aPage, me } from '../test/notification-fixtures.ts';
import { notificationsRoutes } from '../routes.ts';

const routes = [
  ...notificationsRoutes,
  page('/login', <p>login page</p>),
  page('/order/9', <p>the order</p>),
];
/** stubFetch answers by path only; this keeps each request's full URL (the cursor is in the query). */
function recordUrls(): string[] {
  const urls: string[] = [];
  const inner = globalThis.fetch;
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    urls.push(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    return inner(input, init);
  });
  return urls;
}

const signedIn = { 'GET /api/sessioncheck': () => ({ status: 200, body: me }) };

describe('/notifications', () => {
  it('shows the empty state when there is nothing', async () => {
    stubFetch({
      ...signedIn,
      'GET /api/notifications': () => ({ status: 200, body: aPage([]) }),
      'GET /api/notifications/unread-count': () => ({ status: 200, body: { count: 0 } }),
    });
    renderRoutes(routes, '/notifications');
    expect(await screen.findByText(messages.nothingNew)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('marks all as read', async () => {
    let read = false;
    const calls = stubFetch({
      ...signedIn,
      'GET /api/notifications': () => ({
        status: 200,
        body: aPage([aNotification(2, { isRead: read }), aNotification(1, { isRead: read })]),
      }),
      'GET /api/notifications/unread-count': () => ({ status: 200, body: { count: read ? 0 : 2 } }),
      'PUT /api/notifications/read-all': () => {
        read = true;
        return { status: 200, body: { updated: 2 } };
      },
    });
    const { user } = renderRoutes(routes, '/notifications');
    expect(await screen.findByText('2 unread')).toBeInTheDocument();
    expect(screen.getAllByText('Unread')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Mark all as read' }));
    expect(await screen.findByText('All caught up')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryAllByText('Unread')).toHaveLength(0));
    expect(calls.filter((c) => c.key === 'PUT /api/notifications/read-all')).toHaveLength(1);
  });

  it('loads the next page by cursor, and opens a commission for a buyer in outgoing orders', async () => {
    stubFetch({
      ...signedIn,
      'GET /api/notifications': () => {
        const cursor = new URL(urls.at(-1)!, 'http://localhost').searchParams.get('cursor');
        return cursor === '5'
          ? {
              status: 200,
              body: aPage([
                aNotification(4, {
                  type: 'commission_status',
                  message: 'older one',
                  changedPost: null,
                  sentCard: { id: 9, isAccepted: true },
                }),
              ]),
            }
          : { status: 200, body: aPage([aNotification(5, { message: 'newer one' })], 5) };
      },
      'GET /api/notifications/unread-count': () => ({ status: 200, body: { count: 2 } }),
      'PUT /api/notifications/read/4': () => ({ status: 200, body: aNotification(4, { isRead: true }) }),
    });
    const urls = recordUrls();
    const { user, router } = renderRoutes(routes, '/notifications');
    expect(await screen.findByText('newer one')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('older one')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull());
    expect(urls).toContain('/api/notifications?cursor=5');

    await user.click(screen.getByText('older one'));
    // A status change opens the order's own page.
    await waitFor(() => expect(router.state.location.pathname).toBe('/order/9'));
    expect(urls).toContain('/api/notifications/read/4');
  });

  it('says what went wrong and retries', async () => {
    let fail = true;
    stubFetch({
      ...signedIn,
      'GET /api/notifications': () =>
        fail
          ? { status: 500, body: { error: { code: 'internal_error', message: messages.serverError } } }
          : { status: 200, body: aPage([aNotification(1)]) },
      'GET /api/notifications/unread-count': () => ({ status: 200, body: { count: 1 } }),
    });
    const { user } = renderRoutes(routes, '/notifications');
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.serverError);
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Notification 1')).toBeInTheDocument();
  });

  it('names each item by its message, not by the avatar initials, and names the sender once', async () => {
    stubFetch({
      ...signedIn,
      'GET /api/notifications': () => ({
        status: 200,
        body: aPage([
          aNotification(2, { message: 'Bob liked your post' }),
          aNotification(1, { message: 'Your form was declined', isRead: true }),
        ]),
      }),
      'GET /api/notifications/unread-count': () => ({ status: 200, body: { count: 1 } }),
    });
    renderRoutes(routes, '/notifications');
    const liked = await screen.findByRole('button', { name: /^Bob liked your post/ });
    expect(liked).toHaveTextContent(/Unread$/);
    // The message already says who: the line under it only says when.
    expect(liked).not.toHaveTextContent(/Bob ·/);
    const declined = screen.getByRole('button', { name: /^Your form was declined/ });
    expect(declined).toHaveTextContent(/Bob ·/);
    expect(declined).not.toHaveTextContent(/Unread/);
  });

  it('sends anonymous visitors to sign in', async () => {
    stubFetch({});
    const { router } = renderRoutes(routes, '/notifications');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});
