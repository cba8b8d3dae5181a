import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { io as connectClient, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  HUB_PATH,
  WHO_IS_ONLINE_MAX,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '@brushline/shared/realtime';
import { notify } from '../modules/notifications/notifications.service.ts';
import { PRESENCE_WATCH_MAX } from './hub.ts';
import {
  createTestApp,
  lastMailTo,
  nextIp,
  registerUser,
  resetCode,
  sessionCookie,
  type TestApp,
} from '../test/harness.ts';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;
type Events = ServerToClientEvents;

let t: TestApp;
let url: string;
let ann: Awaited<ReturnType<typeof registerUser>>;
let bob: Awaited<ReturnType<typeof registerUser>>;
const open: Client[] = [];

async function listen(app: TestApp['app']): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/** A real client, as the browser would open it (websocket, session cookie), without retries. */
function client(base: string, headers: Record<string, string> = {}): Client {
  const socket: Client = connectClient(base, {
    path: HUB_PATH,
    transports: ['websocket'],
    extraHeaders: headers,
    reconnection: false,
    forceNew: true,
  });
  open.push(socket);
  return socket;
}

/** Resolves once connected; rejects with the server's refusal. */
function connected(socket: Client): Promise<void> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (err) => reject(err));
  });
}

/** The first `event` whose payload passes `match`, or a timeout failure naming it. */
function next<E extends keyof Events>(
  socket: Client,
  event: E,
  match: (payload: Parameters<Events[E]>[0]) => boolean = () => true,
): Promise<Parameters<Events[E]>[0]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within 5 s`)), 5000);
    const listener = (payload: Parameters<Events[E]>[0]) => {
      if (!match(payload)) return;
      clearTimeout(timer);
      socket.off(event, listener as never);
      resolve(payload);
    };
    socket.on(event, listener as never);
  });
}

/** Resolves with the reason once the server drops the socket; fails after 5 s. */
function disconnected(socket: Client): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('still connected after 5 s')), 5000);
    socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });
}

beforeAll(async () => {
  t = await createTestApp();
  ann = await registerUser(t.app, t.dataDir);
  bob = await registerUser(t.app, t.dataDir);
  url = await listen(t.app);
});
afterEach(() => {
  for (const s of open.splice(0)) s.disconnect();
});
afterAll(() => t.close());

describe('real-time hub', () => {
  it('pushes NotificationRecieved to the recipient’s own socket only', async () => {
    const socket = client(url, { cookie: ann.cookie });
    await connected(socket);
    const received = next(socket, 'NotificationRecieved');
    // Bob's comes first: if rooms leaked, Ann's socket would see it before her own.
    await notify(t.app.deps, null, { userId: bob.id, type: 'system_notification', message: 'for bob' });
    const sent = await notify(t.app.deps, bob, {
      userId: ann.id,
      type: 'post_liked',
      message: 'Bob liked your post',
    });
    expect(await received).toEqual({ kind: 'feed', notification: sent });
    expect(sent).toMatchObject({ message: 'Bob liked your post', userWhoTriggeredEvent: { id: bob.id } });
  });

  it('refuses a socket without a valid session cookie, and from a foreign origin', async () => {
    await expect(connected(client(url))).rejects.toThrow('unauthorized');
    await expect(connected(client(url, { cookie: 'sid=not-a-session' }))).rejects.toThrow('unauthorized');
    await expect(connected(client(url, { cookie: 'sid=%E0%A4%A' }))).rejects.toThrow('unauthorized');
    await expect(
      connected(client(url, { cookie: ann.cookie, origin: 'https://evil.example' })),
    ).rejects.toThrow();
  });

  it('tells the sockets that asked about someone when they connect and leave, and no others', async () => {
    const watcher = client(url, { cookie: ann.cookie });
    const bystander = client(url, { cookie: ann.cookie });
    await Promise.all([connected(watcher), connected(bystander)]);
    const unasked: string[] = [];
    bystander.onAny((event: string) => unasked.push(event));
    // Asking is watching: from now on the watcher hears about Bob.
    expect(await watcher.emitWithAck('WhoIsOnline', [bob.id])).toEqual([]);
    const arrived = next(watcher, 'UserConnected', (p) => p.userId === bob.id);
    const bobSocket = client(url, { cookie: bob.cookie });
    await connected(bobSocket);
    await arrived;

    const online = await watcher.emitWithAck('WhoIsOnline', [bob.id, ann.id, 'not-an-id']);
    expect(online.sort()).toEqual([ann.id, bob.id].sort());

    const left = next(watcher, 'UserDisconnected', (p) => p.userId === bob.id);
    bobSocket.disconnect();
    await left;
    expect(await t.app.deps.hub.onlineAmong([bob.id, ann.id])).toEqual(new Set([ann.id]));
    expect(unasked).toEqual([]);
    bystander.disconnect();
  });

  it('watches at most PRESENCE_WATCH_MAX users per socket, forgetting the longest-watched first', async () => {
    const watcher = client(url, { cookie: ann.cookie });
    await connected(watcher);
    const heard: string[] = [];
    watcher.on('UserConnected', (p) => heard.push(p.userId));
    await watcher.emitWithAck('WhoIsOnline', [bob.id]);
    // PRESENCE_WATCH_MAX newer ones, in the batches a client may ask: Bob is now the one too many.
    const others = Array.from({ length: PRESENCE_WATCH_MAX }, () => randomUUID());
    for (let i = 0; i < others.length; i += WHO_IS_ONLINE_MAX)
      await watcher.emitWithAck('WhoIsOnline', others.slice(i, i + WHO_IS_ONLINE_MAX));
    const bobSocket = client(url, { cookie: bob.cookie });
    await connected(bobSocket);
    // Asking again watches him again (the oldest of the others goes instead), and events reach a
    // socket in order: once his leaving arrives, a connect announced before it would have too.
    expect(await watcher.emitWithAck('WhoIsOnline', [bob.id])).toEqual([bob.id]);
    const left = next(watcher, 'UserDisconnected', (p) => p.userId === bob.id);
    bobSocket.disconnect();
    await left;
    expect(heard).toEqual([]);
  });

  it('stays online while a second tab of the same user is still connected', async () => {
    const watcher = client(url, { cookie: ann.cookie });
    const tab1 = client(url, { cookie: bob.cookie });
    const tab2 = client(url, { cookie: bob.cookie });
    await Promise.all([connected(watcher), connected(tab1), connected(tab2)]);
    expect(await watcher.emitWithAck('WhoIsOnline', [bob.id])).toEqual([bob.id]);
    let offline = 0;
    watcher.on('UserDisconnected', (p) => {
      if (p.userId === bob.id) offline += 1;
    });
    tab1.disconnect();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await watcher.emitWithAck('WhoIsOnline', [bob.id])).toEqual([bob.id]);
    // The server emits in order on one connection: the last tab's event is the only one.
    const gone = next(watcher, 'UserDisconnected', (p) => p.userId === bob.id);
    tab2.disconnect();
    await gone;
    expect(offline).toBe(1);
  });

  it('app.close() finishes promptly with sockets connected and disconnects them', async () => {
    const other = await createTestApp({}, t.app.database);
    const base = await listen(other.app);
    const socket = client(base, { cookie: ann.cookie });
    await connected(socket);
    const dropped = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    const started = Date.now();
    await other.close();
    expect(Date.now() - started).toBeLessThan(3000);
    // Disconnected by the server, not by a transport failure the client would retry.
    expect(await dropped).toBe('io server disconnect');
  });

  it('logout drops the sockets of that session only, and its cookie cannot connect again', async () => {
    const carol = await registerUser(t.app, t.dataDir);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { login: carol.login, password: carol.password },
      remoteAddress: nextIp(),
    });
    const otherCookie = sessionCookie(login);
    const ending = client(url, { cookie: carol.cookie });
    const staying = client(url, { cookie: otherCookie });
    await Promise.all([connected(ending), connected(staying)]);
    const dropped = disconnected(ending);

    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: carol.cookie },
    });
    expect(out.statusCode).toBe(204);
    expect(await dropped).toBe('io server disconnect');
    await expect(connected(client(url, { cookie: carol.cookie }))).rejects.toThrow('unauthorized');
    expect(staying.connected).toBe(true);
    expect(await t.app.deps.hub.onlineAmong([carol.id])).toEqual(new Set([carol.id]));
  });

  it('a password reset drops every socket of the account', async () => {
    const dave = await registerUser(t.app, t.dataDir);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { login: dave.login, password: dave.password },
      remoteAddress: nextIp(),
    });
    const tabs = [client(url, { cookie: dave.cookie }), client(url, { cookie: sessionCookie(login) })];
    const bystander = client(url, { cookie: ann.cookie });
    await Promise.all([...tabs, bystander].map(connected));
    const dropped = tabs.map(disconnected);

    const ip = nextIp();
    const post = (path: string, payload: object) =>
      t.app.inject({ method: 'POST', url: `/api/reset/${path}`, payload, remoteAddress: ip });
    expect((await post('send-email', { emailOrLogin: dave.login })).statusCode).toBe(200);
    const code = resetCode(await lastMailTo(t.dataDir, dave.email));
    const { resetToken } = (await post('send-code', { resetCode: code })).json<{ resetToken: string }>();
    expect((await post('new-password', { resetToken, newPassword: 'another-pass-2' })).statusCode).toBe(200);

    expect(await Promise.all(dropped)).toEqual(['io server disconnect', 'io server disconnect']);
    expect(bystander.connected).toBe(true);
    expect(await t.app.deps.hub.onlineAmong([dave.id])).toEqual(new Set());
  });

  it.skipIf(!process.env.REDIS_URL)(
    'with REDIS_URL, a notification sent through instance B reaches a socket on instance A',
    async () => {
      const b = await createTestApp({}, t.app.database);
      try {
        const socket = client(url, { cookie: ann.cookie });
        await connected(socket);
        const received = next(
          socket,
          'NotificationRecieved',
          (p) => 'notification' in p && p.notification.message === 'via B',
        );
        const sent = await notify(b.app.deps, null, {
          userId: ann.id,
          type: 'system_notification',
          message: 'via B',
        });
        expect(await received).toEqual({ kind: 'feed', notification: sent });
        // Presence spans instances too: B sees Ann's socket on A.
        expect(await b.app.deps.hub.onlineAmong([ann.id, bob.id])).toEqual(new Set([ann.id]));
      } finally {
        await b.close();
      }
    },
  );

  it.skipIf(!process.env.REDIS_URL)(
    'with REDIS_URL, a logout served by instance B drops the socket on instance A',
    async () => {
      const b = await createTestApp({}, t.app.database);
      try {
        const erin = await registerUser(t.app, t.dataDir);
        const socket = client(url, { cookie: erin.cookie });
        await connected(socket);
        const dropped = disconnected(socket);
        const out = await b.app.inject({
          method: 'POST',
          url: '/api/auth/logout',
          headers: { cookie: erin.cookie },
        });
        expect(out.statusCode).toBe(204);
        expect(await dropped).toBe('io server disconnect');
      } finally {
        await b.close();
      }
    },
  );
});
