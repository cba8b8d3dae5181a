import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerUser, type TestApp } from '../test/harness.ts';
import { connected, hubClient, listen, type HubClient } from '../test/hub-client.ts';
import { uploadImage } from '../test/media-fixtures.ts';

const TOKEN = 'scrape-token-0123456789';

/** One series' value in a Prometheus text exposition, or undefined when absent. */
function valueOf(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('metrics behind a token on the main port', () => {
  let t: TestApp;
  const sockets: HubClient[] = [];
  beforeAll(async () => {
    t = await createTestApp({ METRICS_TOKEN: TOKEN });
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await t.close();
  });

  const scrape = (authorization?: string) =>
    t.app.inject({ url: '/api/metrics', headers: authorization ? { authorization } : {} });

  it('refuses a scrape without the token, or with another one', async () => {
    for (const auth of [undefined, 'Bearer wrong-token-0123456789', TOKEN, `Basic ${TOKEN}`]) {
      const res = await scrape(auth);
      expect(res.statusCode, String(auth)).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer');
      expect(res.body).not.toContain('http_request_duration_seconds');
    }
  });

  it('counts requests by method, route pattern and status, never by the asked URL', async () => {
    await t.app.inject({ url: '/api/health' });
    await t.app.inject({ url: '/api/health' });
    await t.app.inject({ url: '/api/user/nobody_here_1' });
    await t.app.inject({ url: '/api/user/nobody_here_2' });
    await t.app.inject({ url: '/api/no/such/route' });
    const res = await scrape(`Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.body;
    const count = (labels: string) => valueOf(text, `http_request_duration_seconds_count{${labels}}`);
    expect(count('method="GET",route="/api/health",status_code="200"')).toBe(2);
    expect(count('method="GET",route="/api/user/:login",status_code="404"')).toBe(2);
    expect(count('method="GET",route="unmatched",status_code="404"')).toBe(1);
    expect(text).not.toContain('nobody_here');
    // The refused scrapes are requests too.
    expect(count('method="GET",route="/api/metrics",status_code="401"')).toBe(4);
  });

  it('reads the database pool, sockets, job queues, the e-mail outbox and the image pool', async () => {
    const user = await registerUser(t.app, t.dataDir);
    await uploadImage(t.app, user.cookie);
    const base = await listen(t.app);
    const socket = hubClient(base, user.cookie, sockets);
    await connected(socket);

    const text = (await scrape(`Bearer ${TOKEN}`)).body;
    if (process.env.DATABASE_URL) {
      expect(valueOf(text, 'db_pool_connections{pool="main",state="total"}')).toBeGreaterThanOrEqual(1);
      expect(valueOf(text, 'db_pool_connections{pool="main",state="waiting"}')).toBe(0);
    } else {
      expect(valueOf(text, 'db_pool_connections{pool="pglite",state="total"}')).toBe(1);
      expect(valueOf(text, 'db_pool_connections{pool="pglite",state="idle"}')).toBe(1);
    }
    expect(valueOf(text, 'socketio_open_sockets')).toBe(1);
    expect(valueOf(text, 'job_queue_jobs{queue="order-timers",state="waiting"}')).toBe(0);
    expect(valueOf(text, 'job_queue_jobs{queue="dead-letter",state="failed"}')).toBe(0);
    expect(valueOf(text, 'email_outbox_events{state="waiting"}')).toBe(0);
    expect(valueOf(text, 'image_pool_jobs{state="queued"}')).toBe(0);
    expect(valueOf(text, 'image_pool_wait_seconds_count')).toBe(1);
    expect(valueOf(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);

    socket.close();
    await expect
      .poll(async () => valueOf((await scrape(`Bearer ${TOKEN}`)).body, 'socketio_open_sockets'))
      .toBe(0);
  });
});

describe('metrics on their own port', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp({ METRICS_PORT: '0' });
    port = (await t.app.metrics!.listen())!.port;
  });
  afterAll(() => t.close());

  it('serves GET /metrics there, and nothing else there or on the main port', async () => {
    await t.app.inject({ url: '/api/site' });
    const res = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(
      valueOf(text, 'http_request_duration_seconds_count{method="GET",route="/api/site",status_code="200"}'),
    ).toBe(1);
    expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${port}/metrics`, { method: 'POST' })).status).toBe(404);
    // No token: the main port has no metrics route at all.
    expect((await t.app.inject({ url: '/api/metrics' })).statusCode).toBe(404);
  });

  it('asks for the token there too when one is set, and stops with the app', async () => {
    const guarded = await createTestApp({ METRICS_PORT: '0', METRICS_TOKEN: TOKEN }, t.app.database);
    const at = `http://127.0.0.1:${(await guarded.app.metrics!.listen())!.port}/metrics`;
    expect((await fetch(at)).status).toBe(401);
    expect((await fetch(at, { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(200);
    await guarded.close();
    await expect(fetch(at)).rejects.toThrow();
  });
});

describe('without METRICS_PORT or METRICS_TOKEN', () => {
  it('measures nothing and serves nothing', async () => {
    const t = await createTestApp();
    try {
      expect(t.app.metrics).toBeNull();
      expect((await t.app.inject({ url: '/api/metrics' })).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});
