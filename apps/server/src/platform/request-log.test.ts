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
