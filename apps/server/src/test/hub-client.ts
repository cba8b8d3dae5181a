import type { AddressInfo } from 'node:net';
import { io as connectClient, type Socket } from 'socket.io-client';
import {
  HUB_PATH,
  type ClientToServerEvents,
  type ServerToClientEvents,
  type SpecClientToServerEvents,
} from '@brushline/shared/realtime';
import type { App } from '../app.ts';

/** Real hub clients for the server suites (not a test file itself). */
export type HubClient = Socket<ServerToClientEvents, ClientToServerEvents>;
type Events = ServerToClientEvents;
/** The same socket calling with SPEC §7's argument lists, as a client written from the SPEC does. */
export type SpecHubClient = Socket<ServerToClientEvents, SpecClientToServerEvents>;
export const asSpecClient = (socket: HubClient) => socket as unknown as SpecHubClient;

export async function listen(app: App): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/** A client as the browser opens it (websocket, session cookie), without retries; `open` collects it for closing. */
export function hubClient(base: string, cookie: string, open: HubClient[]): HubClient {
  const socket: HubClient = connectClient(base, {
    path: HUB_PATH,
    transports: ['websocket'],
    extraHeaders: { cookie },
    reconnection: false,
    forceNew: true,
  });
  open.push(socket);
  return socket;
}

export function connected(socket: HubClient): Promise<void> {
  return new Promise((resolve, reject) => {
    if (socket.connected) return resolve();
    socket.once('connect', () => resolve());
    socket.once('connect_error', (err) => reject(err));
  });
}

/** The first `event` whose payload passes `match`, or a timeout failure naming it. */
export function nextEvent<E extends keyof Events>(
  socket: HubClient,
  event: E,
  match: (payload: Parameters<Events[E]>[0]) => boolean = () => true,
  ms = 5000,
): Promise<Parameters<Events[E]>[0]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${ms} ms`)), ms);
    const listener = (payload: Parameters<Events[E]>[0]) => {
      if (!match(payload)) return;
      clearTimeout(timer);
      socket.off(event, listener as never);
      resolve(payload);
    };
    socket.on(event, listener as never);
  });
}

/** Every `event` the socket receives from now on, in order. */
export function collect<E extends keyof Events>(socket: HubClient, event: E): Parameters<Events[E]>[0][] {
  const seen: Parameters<Events[E]>[0][] = [];
  socket.on(event, ((payload: Parameters<Events[E]>[0]) => seen.push(payload)) as never);
  return seen;
}

/** The data of a successful hub answer; a failure fails the test with its message. */
export function okData<T>(
  answer: { ok: true; data: T } | { ok: false; error: { code: string; message: string } },
): T {
  if (!answer.ok) throw new Error(`hub call failed: ${answer.error.code} ${answer.error.message}`);
  return answer.data;
}
