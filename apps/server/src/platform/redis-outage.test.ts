import type { ChildProcess } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import { io as connectClient, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, vi, type MockInstance } from 'vitest';
import { LOGIN_LIMITS } from '@brushline/shared/auth/constants';
import { HUB_PATH, type ClientToServerEvents, type ServerToClientEvents } from '@brushline/shared/realtime';
import { createTestApp, nextIp, registerUser, uniqueUser, type TestApp } from '../test/harness.ts';
import { captureLog, type LogLine } from '../test/log-capture.ts';
import { multipartBody, pngBytes } from '../test/media-fixtures.ts';
import { answered, freePort, startRedis, stopRedis, until } from '../test/processes.ts';
import type { ReadinessReport } from './readiness.ts';

/**
 * A Redis outage under two running instances (decision 0011): a Redis of the test's own on a free
 * port, killed and started again. redis-server must be installed (CI and the dev machines have it).
 */
type Client = Socket<ServerToClientEvents, ClientToServerEvents>;

const redisLines = (lines: LogLine[]) => lines.filter((l) => /^redis /.test(l.msg)).map((l) => l.msg);

describe('a Redis outage under two instances', () => {
  let port: number;
  let redis: ChildProcess;
  let a: TestApp;
  let b: TestApp;
  const logA = captureLog('warn');
  const logB = captureLog('warn');
  const sockets: Client[] = [];
  /**
   * Every connection attempt of an ioredis client (the first, in its constructor, and each retry),
   * with the client as `this`: the barrier that waits for the instances' reconnects to fail.
   */
  let connects: MockInstance<Redis['connect']>;
  /** The Redis clients of instances A and B (commands, hub pub/sub, cache bus). */
  let instanceClients: Redis[] = [];

  beforeAll(async () => {
    port = await freePort();
    redis = await startRedis(port);
    const env = { REDIS_URL: `redis://127.0.0.1:${port}` };
    connects = vi.spyOn(Redis.prototype, 'connect');
    a = await createTestApp(env, undefined, { logger: logA.logger });
    b = await createTestApp(env, a.app.database, { logger: logB.logger });
    instanceClients = [...new Set(connects.mock.contexts)] as Redis[];
    await a.app.listen({ port: 0, host: '127.0.0.1' });
    await b.app.listen({ port: 0, host: '127.0.0.1' });
  });

  afterAll(async () => {
    connects?.mockRestore();
    for (const s of sockets) s.disconnect();
    await b?.app.close();
    await a?.close();
    if (redis?.exitCode === null) await stopRedis(redis);
  });

  const base = (t: TestApp) => `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;

  async function hubClient(t: TestApp, cookie: string): Promise<Client> {
    const socket: Client = connectClient(base(t), {
      path: HUB_PATH,
      transports: ['websocket'],
      extraHeaders: { cookie },
      reconnection: false,
      forceNew: true,
    });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    return socket;
  }

  const notified = (socket: Client, message: string) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`"${message}" did not arrive within 5 s`)), 5000);
      socket.on('NotificationRecieved', (n) => {
        if ((n as { message?: string }).message !== message) return;
        clearTimeout(timer);
        resolve();
      });
    });

  const notification = (message: string) =>
    ({ id: 1, kind: 'system', message, createdAt: new Date().toISOString(), read: false }) as never;

  const login = (t: TestApp, loginName: string, ip: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { login: loginName, password: 'wrong-password-1' },
      remoteAddress: ip,
    });

  it('degrades without hanging, keeps limits per instance, reports it, logs once, and recovers', async () => {
    const ann = await registerUser(a.app, a.dataDir);
    const onA = await hubClient(a, ann.cookie);
    const onB = await hubClient(b, ann.cookie);
    const health = await a.app.inject({ url: '/api/health' });
    expect(health.json()).toEqual({ status: 'ok', database: 'ok', redis: 'ok' });

    const unhandled = vi.spyOn(console, 'error');
    await stopRedis(redis);
    const outageStart = connects.mock.contexts.length;

    // Sign-in: every attempt answers at once; the pair limit still holds, from this instance's memory.
    const ip = nextIp();
    for (let i = 0; i < LOGIN_LIMITS.pair.points; i += 1)
      expect((await answered(login(a, ann.login, ip))).statusCode).toBe(401);
    expect((await answered(login(a, ann.login, ip))).statusCode).toBe(429);
    // Memory is per instance: B has counted nothing yet.
    expect((await answered(login(b, ann.login, ip))).statusCode).toBe(401);

    // Registration and an upload answer too.
    const newcomer = uniqueUser();
    const register = await answered(
      a.app.inject({
        method: 'POST',
        url: '/api/register/request',
        payload: newcomer,
        remoteAddress: nextIp(),
      }),
    );
    expect(register.statusCode).toBe(200);
    const body = multipartBody(await pngBytes());
    const upload = await answered(
      a.app.inject({
        method: 'POST',
        url: '/api/media?purpose=post',
        headers: { ...body.headers, cookie: ann.cookie },
        payload: body.payload,
      }),
    );
    expect(upload.statusCode).toBe(200);

    // Health names the degraded dependency; the instance itself still serves.
    const degraded = await answered(a.app.inject({ url: '/api/health' }));
    expect(degraded.statusCode).toBe(200);
    expect(degraded.json()).toEqual({ status: 'degraded', database: 'ok', redis: 'down' });
    // Still ready: Redis is reported down but is not required.
    const ready = await answered(a.app.inject({ url: '/api/ready' }));
    expect(ready.statusCode).toBe(200);
    expect(ready.json<ReadinessReport>().checks.map((c) => `${c.name} ${c.state}`)).toEqual([
      'database up',
      'redis down',
    ]);

    // Real time keeps working on each instance for the sockets connected to it.
    for (const [t, socket, text] of [
      [a, onA, 'from A during the outage'],
      [b, onB, 'from B during the outage'],
    ] as const) {
      const arrived = notified(socket, text);
      t.app.deps.hub.toUser(ann.id, 'NotificationRecieved', notification(text));
      await arrived;
    }

    // Once every connection of both instances has failed to reconnect a few times (its next attempt
    // begun, so the failure before it was handled): still one line per instance, no ioredis noise.
    const RETRIES = 3;
    expect(instanceClients.length).toBeGreaterThanOrEqual(2); // the barrier waits on something
    await until(
      () => {
        const since = connects.mock.contexts.slice(outageStart);
        return instanceClients.every((c) => since.filter((x) => x === c).length > RETRIES);
      },
      `each Redis connection did not retry ${RETRIES} times`,
      30_000,
    );
    for (const log of [logA, logB])
      expect(redisLines(log.lines)).toEqual([expect.stringMatching(/^redis unreachable: /)]);
    expect(unhandled.mock.calls.flat().join(' ')).not.toMatch(/Unhandled error event/);
    // Caches are bypassed meanwhile (the cache bus cannot tell the other instance what changed).
    expect([a.app.deps.bus.live, b.app.deps.bus.live]).toEqual([false, false]);

    // Redis comes back: both instances return to it, say so once, and share limits and rooms again.
    redis = await startRedis(port);
    for (const t of [a, b])
      await until(
        async () => (await t.app.inject({ url: '/api/health' })).json<{ status: string }>().status === 'ok',
        'health did not say ok again',
      );
    for (const log of [logA, logB])
      expect(redisLines(log.lines)).toEqual([
        expect.stringMatching(/^redis unreachable: /),
        expect.stringMatching(/^redis is back after \d+ s/),
      ]);
    await until(() => a.app.deps.bus.live && b.app.deps.bus.live, 'the cache bus did not come back');
    // Limits count in Redis again (each test app has its own key prefix, so the key is looked up).
    const again = nextIp();
    const other = uniqueUser().login;
    for (let i = 0; i < 3; i += 1) expect((await login(a, other, again)).statusCode).toBe(401);
    const store = new Redis({ port, lazyConnect: true });
    await store.connect();
    const keys = await store.keys(`*loginPair*name:${other}|${again}`);
    expect(keys).toHaveLength(1);
    expect(await store.get(keys[0]!)).toBe('3');
    store.disconnect();
    // A (its adapter subscribed again) reaches the socket on B.
    const across = notified(onB, 'from A after the outage');
    a.app.deps.hub.toUser(ann.id, 'NotificationRecieved', notification('from A after the outage'));
    await across;
    unhandled.mockRestore();
  });

  it('starts while Redis is down, serves degraded, and takes Redis up when it comes', async () => {
    const laterPort = await freePort();
    const log = captureLog('warn');
    const c = await answered(
      createTestApp({ REDIS_URL: `redis://127.0.0.1:${laterPort}` }, a.app.database, { logger: log.logger }),
    );
    let later: ChildProcess | undefined;
    try {
      expect((await answered(c.app.inject({ url: '/api/health' }))).json()).toEqual({
        status: 'degraded',
        database: 'ok',
        redis: 'down',
      });
      expect((await answered(login(c, 'nobody_here', nextIp()))).statusCode).toBe(401);
      later = await startRedis(laterPort);
      await until(
        async () => (await c.app.inject({ url: '/api/health' })).json<{ status: string }>().status === 'ok',
        'health did not say ok once Redis started',
      );
      expect(redisLines(log.lines)).toEqual([
        expect.stringMatching(/^redis unreachable: /),
        expect.stringMatching(/^redis is back after \d+ s/),
      ]);
    } finally {
      await c.close();
      if (later) await stopRedis(later);
    }
  });

  it('does not hang on a Redis that keeps its connections but stops answering', async () => {
    const frozenPort = await freePort();
    const frozen = await startRedis(frozenPort);
    const log = captureLog('warn');
    const c = await createTestApp({ REDIS_URL: `redis://127.0.0.1:${frozenPort}` }, a.app.database, {
      logger: log.logger,
    });
    try {
      frozen.kill('SIGSTOP');
      // Each command gives up after 1 s and the memory limiter answers: no 23 s wait.
      const ip = nextIp();
      for (let i = 0; i < LOGIN_LIMITS.pair.points; i += 1)
        expect((await answered(login(c, 'nobody_here', ip))).statusCode).toBe(401);
      expect((await answered(login(c, 'nobody_here', ip))).statusCode).toBe(429);
      expect((await answered(c.app.inject({ url: '/api/health' }))).json()).toEqual({
        status: 'degraded',
        database: 'ok',
        redis: 'down',
      });
      expect(redisLines(log.lines)).toEqual([expect.stringMatching(/^redis unreachable: /)]);
    } finally {
      frozen.kill('SIGCONT');
      await c.close();
      await stopRedis(frozen);
    }
  });
});
