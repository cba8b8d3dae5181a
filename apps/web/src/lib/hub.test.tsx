import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sessionQuery } from './session.ts';
import { NotificationBell } from '../features/notifications/components/notification-bell.tsx';
import { aNotification, me } from '../features/notifications/test/notification-fixtures.ts';
import { page, renderRoutes, stubFetch } from '../test/render.tsx';
import { HubProvider, useIsOnline, type HubSocket } from './hub.tsx';

type Listener = (...args: unknown[]) => void;

/** Just enough of a Socket.IO client socket, driven by the test as if it were the server. */
function fakeSocket(onlineNow: string[]) {
  const listeners = new Map<string, Listener[]>();
  let any: Listener[] = [];
  const asked: string[][] = [];
  const fire = (event: string, ...args: unknown[]) => listeners.get(event)?.forEach((f) => f(...args));
  const socket = {
    connected: false,
    active: true,
    closed: false,
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
      socket.closed = true;
      return socket;
    },
    emit(event: string, ids: string[], reply: (online: string[]) => void) {
      if (event === 'WhoIsOnline') {
        asked.push(ids);
        reply(ids.filter((id) => onlineNow.includes(id)));
      }
      return socket;
    },
    // Test controls: what the server would do.
    asked,
    serverAccepts() {
      socket.connected = true;
      fire('connect');
    },
    serverDrops() {
      socket.connected = false;
      fire('disconnect', 'transport close');
    },
    serverPush(event: string, payload: unknown) {
      any.forEach((f) => f(event, payload));
    },
  };
  return socket;
}

const BOB = '6f1c1f9e-2222-4222-8222-222222222222';

function Presence() {
  return <p>Bob is {useIsOnline(BOB, false) ? 'online' : 'offline'}</p>;
}

function setup(signedIn = true) {
  const socket = fakeSocket([BOB]);
  let opened = 0;
  const connect = () => {
    opened += 1;
    return socket as unknown as HubSocket;
  };
  let unread = 1;
  stubFetch({
    'GET /api/sessioncheck': () => (signedIn ? { status: 200, body: me } : { status: 401 }),
    'GET /api/notifications/unread-count': () => ({ status: 200, body: { count: unread } }),
  });
  const view = renderRoutes(
    [
      page(
        '/',
        <HubProvider connect={connect}>
          <NotificationBell />
          <Presence />
        </HubProvider>,
      ),
    ],
    '/',
  );
  return { ...view, socket, opened: () => opened, setUnread: (n: number) => (unread = n) };
}

describe('hub client', () => {
  it('does not connect while nobody is signed in', async () => {
    const { opened, client } = setup(false);
    expect(await screen.findByText('Bob is offline')).toBeInTheDocument();
    // The session answer (nobody) has arrived and its effects have run: no timer needed.
    await waitFor(() => expect(client.isFetching()).toBe(0));
    await act(async () => {});
    expect(opened()).toBe(0);
  });

  it('refreshes the bell when NotificationRecieved arrives', async () => {
    const { socket, setUnread } = setup();
    await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    act(() => socket.serverAccepts());
    setUnread(2);
    act(() => socket.serverPush('NotificationRecieved', { kind: 'feed', notification: aNotification(2) }));
    expect(await screen.findByRole('button', { name: 'Notifications, 2 unread' })).toBeInTheDocument();
  });

  it('tracks presence: asks on connect, then follows UserConnected and UserDisconnected', async () => {
    const { socket, opened } = setup();
    await waitFor(() => expect(opened()).toBe(1));
    expect(screen.getByText('Bob is offline')).toBeInTheDocument();
    act(() => socket.serverAccepts());
    expect(await screen.findByText('Bob is online')).toBeInTheDocument();
    expect(socket.asked).toContainEqual([BOB]);
    act(() => socket.serverPush('UserDisconnected', { userId: BOB }));
    expect(await screen.findByText('Bob is offline')).toBeInTheDocument();
    act(() => socket.serverPush('UserConnected', { userId: BOB }));
    expect(await screen.findByText('Bob is online')).toBeInTheDocument();
  });

  it('refetches after a reconnect and closes the socket on sign-out', async () => {
    const { socket, setUnread, client } = setup();
    await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    act(() => socket.serverAccepts());
    act(() => socket.serverDrops());
    setUnread(5);
    act(() => socket.serverAccepts());
    expect(await screen.findByRole('button', { name: 'Notifications, 5 unread' })).toBeInTheDocument();

    act(() => {
      client.setQueryData(sessionQuery.queryKey, null);
    });
    await waitFor(() => expect(socket.closed).toBe(true));
  });
});
