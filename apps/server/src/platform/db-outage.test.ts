import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { messages } from '@brushline/shared/messages';
import { buildApp, type App } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { captureLog } from '../test/log-capture.ts';
import { registerUser } from '../test/harness.ts';

/**
 * A real PostgreSQL outage (decision 0011): the app's database stops taking connections and its
 * sessions are cut, the way a restart or a failover looks from the app. Needs DATABASE_URL (CI's
 * server suite has it); PGlite cannot go away under a running app.
 */
const url = process.env.DATABASE_URL;

describe.skipIf(!url)('a PostgreSQL outage', () => {
  const name = `brushline_t_outage_${randomBytes(4).toString('hex')}`;
  const { logger, lines } = captureLog('warn');
  let admin: pg.Client;
  let database: Database;
  let app: App;
  let dataDir: string;

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database "${name}" template "${inject('pgTemplate')}"`);
    const target = new URL(url!);
    target.pathname = `/${name}`;
    database = await openDatabase({ url: target.toString() });
    dataDir = await mkdtemp(join(tmpdir(), 'brushline-outage-'));
    app = await buildApp({
      config: loadConfig({ DATA_DIR: dataDir, SEED_DEMO: 'false', EMAIL_BATCH_SECONDS: '86400' }),
      database,
      logger,
      webDist: null,
      rateLimitPrefix: `rl-outage-${randomBytes(4).toString('hex')}`,
      hubChannel: `hub-outage-${randomBytes(4).toString('hex')}`,
    });
    await app.ready();
  });

  afterAll(async () => {
    await admin.query(`alter database "${name}" allow_connections true`);
    await app.close();
    await database.close();
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
    await rm(dataDir, { recursive: true, force: true });
  });

  const cutConnections = async () => {
    await admin.query(`alter database "${name}" allow_connections false`);
    await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [name]);
  };

  it('answers 503 with a retry message, logs one line per outage, and recovers', async () => {
    const user = await registerUser(app, dataDir);
    const requests = [
      { url: '/api/user/nobody_here' },
      { url: `/api/user/${user.login}` },
      { url: '/api/notifications/unread-count', headers: { cookie: user.cookie } },
      { url: '/api/comissioncards/user/nobody_here' },
    ];
    const normal = await Promise.all(requests.map((r) => app.inject(r)));
    expect(normal.map((r) => r.statusCode)).toEqual([404, 200, 200, 200]);
    expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200);

    await cutConnections();
    for (let round = 0; round < 10; round += 1) {
      for (const r of requests) {
        const res = await app.inject(r);
        expect(res.statusCode).toBe(503);
        expect(res.json()).toEqual({
          error: { code: 'service_unavailable', message: messages.serviceUnavailable },
        });
        expect(res.headers['retry-after']).toBe('5');
      }
    }
    const health = await app.inject({ url: '/api/health' });
    expect(health.statusCode).toBe(503);
    expect(health.json().error.code).toBe('database_unavailable');
    // Readiness takes the instance out of rotation, naming the dependency.
    const ready = await app.inject({ url: '/api/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json().status).toBe('not_ready');
    expect(ready.json().checks).toContainEqual(expect.objectContaining({ name: 'database', state: 'down' }));

    // 42 refused requests (readiness among them), one log line: no "request failed" with a stack per request.
    expect(lines.map((l) => l.msg)).toEqual(['database unreachable: requests answer 503 until it is back']);

    await admin.query(`alter database "${name}" allow_connections true`);
    // The watch probes every second; the first success ends the outage.
    for (let i = 0; i < 100 && app.deps.dbWatch.down; i += 1) await new Promise((r) => setTimeout(r, 100));
    expect(app.deps.dbWatch.down).toBe(false);
    const after = await Promise.all(requests.map((r) => app.inject(r)));
    expect(after.map((r) => r.statusCode)).toEqual([404, 200, 200, 200]);
    expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200);
    expect(lines.map((l) => l.msg)).toEqual([
      'database unreachable: requests answer 503 until it is back',
      expect.stringMatching(/^database is back after \d+ s \(42 requests met the outage\)$/),
    ]);
  });
});
