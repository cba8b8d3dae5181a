import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureLog } from '../test/log-capture.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';

/**
 * What a person running `npm start` sees per request: nothing at the default level (`info`), so
 * the one-time demo passwords printed after start-up stay on screen; with LOG_LEVEL=debug one
 * short line each.
 */
describe('request logging', () => {
  const info = captureLog('info');
  const debug = captureLog('debug');
  let quiet: TestApp;
  let verbose: TestApp;
  beforeAll(async () => {
    quiet = await createTestApp({}, undefined, { logger: info.logger });
    verbose = await createTestApp({}, quiet.app.database, { logger: debug.logger });
  });
  afterAll(async () => {
    await verbose.close();
    await quiet.close();
  });

  const visit = (t: TestApp) =>
    Promise.all([
      t.app.inject({ url: '/api/health' }),
      t.app.inject({ url: '/api/posts/filter?page=1' }),
      t.app.inject({ url: '/api/user/nobody_here' }),
      t.app.inject({ url: '/api/no/such/route' }),
    ]);

  it('writes nothing per request at the default level', async () => {
    const before = info.lines.length;
    const answers = await visit(quiet);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 404, 404]);
    expect(info.lines.slice(before)).toEqual([]);
  });

  it('writes one short line per request at debug: method, path, status and time', async () => {
    const before = debug.lines.length;
    await visit(verbose);
    const lines = debug.lines.slice(before).map((l) => l.msg);
    expect(lines).toHaveLength(4);
    for (const expected of [
      /^GET \/api\/health 200 \d+ ms$/,
      /^GET \/api\/posts\/filter\?page=1 200 \d+ ms$/,
      /^GET \/api\/user\/nobody_here 404 \d+ ms$/,
      /^GET \/api\/no\/such\/route 404 \d+ ms$/,
    ])
      expect(lines.filter((l) => expected.test(l))).toHaveLength(1);
  });
});

describe('request ids', () => {
  const debug = captureLog('debug');
  let direct: TestApp;
  let proxied: TestApp;
  beforeAll(async () => {
    direct = await createTestApp({}, undefined, { logger: debug.logger });
    proxied = await createTestApp({ TRUST_PROXY: 'true' }, direct.app.database);
  });
  afterAll(async () => {
    await proxied.close();
    await direct.close();
  });

  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

  it('answers every request, found or not, with its own id in X-Request-Id', async () => {
    const answers = await Promise.all([
      direct.app.inject({ url: '/api/health' }),
      direct.app.inject({ url: '/api/no/such/route' }),
      direct.app.inject({ method: 'POST', url: '/api/auth/login', payload: {} }),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 404, 400]);
    const ids = answers.map((r) => r.headers['x-request-id']);
    for (const id of ids) expect(id).toMatch(uuid);
    expect(new Set(ids).size).toBe(3);
  });

  it('puts the id on the log lines of that request', async () => {
    const res = await direct.app.inject({ url: '/api/user/nobody_here' });
    const id = res.headers['x-request-id'];
    const mine = debug.lines.filter((l) => String(l.msg).startsWith('GET /api/user/nobody_here 404'));
    expect(mine).toHaveLength(1);
    expect(mine[0]!.reqId).toBe(id);
  });

  it("keeps a trusted proxy's sane id, and makes its own for anything else", async () => {
    const ask = (t: TestApp, id: string) =>
      t.app.inject({ url: '/api/health', headers: { 'x-request-id': id } });
    expect((await ask(proxied, 'lb-7f3a.42:9')).headers['x-request-id']).toBe('lb-7f3a.42:9');
    // Not from a trusted proxy: anyone could choose the ids in our logs.
    expect((await ask(direct, 'lb-7f3a.42:9')).headers['x-request-id']).toMatch(uuid);
    // Spaces, quotes or a long string never reach a log line or a header.
    expect((await ask(proxied, 'a b"c')).headers['x-request-id']).toMatch(uuid);
    expect((await ask(proxied, 'x'.repeat(129))).headers['x-request-id']).toMatch(uuid);
  });
});
