import { act, screen, waitFor } from '@testing-library/react';
import { Navigate, Outlet } from 'react-router';
import { describe, expect, it } from 'vitest';
import { moderationMessages } from '@brushline/shared/moderation/messages';
import { HubProvider, type HubSocket } from '../../../lib/hub.tsx';
import { sessionQuery, useSession } from '../../../lib/session.ts';
import { renderRoutes, stubFetch } from '../../../test/render.tsx';
import { annMe } from '../../users/test/user-fixtures.ts';
import { LoginPage } from '../pages/login-page.tsx';
import { useAccountRestricted } from './use-account-restricted.ts';

type Listener = (...args: unknown[]) => void;

/** Just enough of a Socket.IO client socket for the server to push an event through. */
function fakeSocket() {
  const listeners = new Map<string, Listener[]>();
  let any: Listener[] = [];
  const socket = {
    connected: false,
    active: true,
    on(event: string, f: Listener) {
      listeners.set(event, [...(listeners.get(event) ?? []), f]);
      return socket;
    },
    onAny(f: Listener) {
      any.push(f);
      return socket;
    },
    offAny() {
      any = [];
      return socket;
    },
    removeAllListeners() {
      listeners.clear();
      return socket;
    },
    connect: () => socket,
    disconnect() {
      socket.connected = false;
      return socket;
    },
    emit: () => socket,
    serverAccepts() {
      socket.connected = true;
      listeners.get('connect')?.forEach((f) => f());
    },
    serverPush(event: string, payload: unknown) {
      any.forEach((f) => f(event, payload));
    },
    listening: () => any.length > 0,
  };
  return socket;
}

/** The shell's part: the listener on every page while someone is signed in, and the header. */
function Shell() {
  useAccountRestricted();
  const { user } = useSession();
  return (
    <>
      <header>{user ? `Signed in as ${user.displayName}` : 'Signed out'}</header>
      <Outlet />
    </>
  );
}

/** A page that sends a signed-out reader to sign in on its own, as the CRM and settings do. */
function GuardedPage() {
  const { user, isPending } = useSession();
  if (isPending) return null;
  if (!user) return <Navigate to="/login" replace state={{ from: '/crm/money' }} />;
  return <p>Your money</p>;
}

describe('an account restricted while signed in', () => {
  it('is signed out and lands on the sign-in page, which says why', async () => {
    const socket = fakeSocket();
    stubFetch({ 'GET /api/sessioncheck': () => ({ status: 200, body: annMe }) });
    const { router, client } = renderRoutes(
      [
        {
          element: (
            <HubProvider connect={() => socket as unknown as HubSocket}>
              <Shell />
            </HubProvider>
          ),
          children: [
            // A Component route, as a lazy page is: it re-renders while the next page loads.
            { path: '/crm/money', Component: GuardedPage },
            // Loaded on demand as in the app: the page signed out under it re-renders meanwhile.
            {
              path: '/login',
              lazy: async () => {
                await new Promise((resolve) => setTimeout(resolve, 50));
                return { Component: LoginPage };
              },
            },
          ],
        },
      ],
      '/crm/money',
    );
    expect(await screen.findByText('Your money')).toBeInTheDocument();
    expect(screen.getByText('Signed in as Ann')).toBeInTheDocument();
    await waitFor(() => expect(socket.listening()).toBe(true));
    act(() => socket.serverAccepts());

    const message = moderationMessages.signInSuspended('2026-12-04T10:00:00.000Z', 'Spam in comments');
    act(() => socket.serverPush('AccountRestricted', { message }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('You are signed out');
    expect(alert).toHaveTextContent(
      'Your account is suspended until 4 December 2026. Reason: Spam in comments',
    );
    expect(router.state.location.pathname).toBe('/login');
    await waitFor(() => expect(client.getQueryData(sessionQuery.queryKey)).toBeNull());
    expect(await screen.findByText('Signed out')).toBeInTheDocument();
    // Signed out, the page stays: the message is still there to read, above the form.
    expect(screen.getByRole('alert')).toHaveTextContent('Spam in comments');
    expect(screen.getByLabelText('Login or e-mail')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });
});
