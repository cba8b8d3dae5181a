import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/client.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { createTestBucket, startS3Server } from '../test/s3-server.ts';
import { coreChecks, createReadiness, type ReadinessReport } from './readiness.ts';
import { createOutageWatch, isDatabaseUnavailable } from './outage.ts';

describe('GET /api/ready', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers 200 with each dependency, its state and how long its check took', async () => {
    const res = await t.app.inject({ url: '/api/ready' });
    expect(res.statusCode).toBe(200);
    const body = res.json<ReadinessReport>();
    expect(body.status).toBe('ready');
    const expected = process.env.REDIS_URL ? ['database', 'redis'] : ['database'];
    expect(body.checks.map((c) => c.name)).toEqual(expected);
    for (const check of body.checks) {
      expect(check.state).toBe('up');
      expect(check.latencyMs).toBeGreaterThanOrEqual(0);
    }
    expect(body.checks[0]!.required).toBe(true);
  });

  it('takes a dependency added later (an object store), and answers 503 while a required one is down', async () => {
    let storeUp = true;
    t.app.deps.readiness.add({
      name: 'objectStore',
      required: true,
      check: async () => {
        if (!storeUp) throw new Error('bucket unreachable');
      },
    });
    expect((await t.app.inject({ url: '/api/ready' })).json<ReadinessReport>().checks.at(-1)).toMatchObject({
      name: 'objectStore',
      state: 'up',
    });
    storeUp = false;
    const res = await t.app.inject({ url: '/api/ready' });
    expect(res.statusCode).toBe(503);
    const report = res.json<ReadinessReport>();
    expect(report.status).toBe('not_ready');
    expect(report.checks.find((c) => c.name === 'objectStore')?.state).toBe('down');
    // Liveness is another question: the process serves.
    expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
  });
});

describe('readiness checks', () => {
  it('counts a check that does not answer in time as down, without waiting for it', async () => {
    const readiness = createReadiness(
      [
        { name: 'slow', required: true, check: () => new Promise(() => {}) },
        { name: 'fast', required: true, check: async () => {} },
      ],
      50,
    );
    const started = Date.now();
    const report = await readiness.report();
    expect(Date.now() - started).toBeLessThan(1000);
    expect(report.status).toBe('not_ready');
    expect(report.checks.map((c) => c.state)).toEqual(['down', 'up']);
    expect(report.checks[0]!.latencyMs).toBeGreaterThanOrEqual(45);
  });

  it('stays ready when a dependency that is not required is down (false or a throw)', async () => {
    const readiness = createReadiness([
      { name: 'database', required: true, check: async () => {} },
      { name: 'redis', required: false, check: async () => false },
      { name: 'cache', required: false, check: () => Promise.reject(new Error('down')) },
    ]);
    const report = await readiness.report();
    expect(report.status).toBe('ready');
    expect(report.checks.map((c) => c.state)).toEqual(['up', 'down', 'down']);
  });

  it('reports the S3 bucket as a required objectStore, down (503) once its server stops', async () => {
    const s3 = await startS3Server();
    const bucket = await createTestBucket(s3.endpoint);
    const other = await createTestApp(bucket.env);
    try {
      const up = await other.app.inject({ url: '/api/ready' });
      expect(up.statusCode).toBe(200);
      expect(up.json<ReadinessReport>().checks.find((c) => c.name === 'objectStore')).toMatchObject({
        required: true,
        state: 'up',
      });
      await s3.close();
      const down = await other.app.inject({ url: '/api/ready' });
      expect(down.statusCode).toBe(503);
      expect(down.json<ReadinessReport>().checks.find((c) => c.name === 'objectStore')?.state).toBe('down');
    } finally {
      bucket.close();
      await other.close();
      await s3.close().catch(() => undefined);
    }
  });

  it('answers draining once the instance is shutting down, whatever the checks say', async () => {
    const readiness = createReadiness([{ name: 'database', required: true, check: async () => {} }]);
    readiness.drain();
    expect((await readiness.report()).status).toBe('draining');
    expect(() => readiness.add({ name: 'database', required: true, check: async () => {} })).toThrow(
      /exists/,
    );
  });

  it('reports an unreachable database to the outage watch, which logs it once', async () => {
    const lines: string[] = [];
    const log = { error: (_: unknown, msg: string) => lines.push(msg) } as unknown as FastifyBaseLogger;
    const dbWatch = createOutageWatch({
      name: 'database',
      log,
      isOutage: isDatabaseUnavailable,
      meanwhile: 'requests answer 503 until it is back',
    });
    const closed = { execute: () => Promise.reject(new Error('PGlite is closed')) } as unknown as Db;
    const readiness = createReadiness(coreChecks({ db: closed, dbWatch, redis: undefined }));
    expect((await readiness.report()).checks).toEqual([
      expect.objectContaining({ name: 'database', required: true, state: 'down' }),
    ]);
    await readiness.report();
    expect(dbWatch.down).toBe(true);
    expect(lines).toEqual(['database unreachable: requests answer 503 until it is back']);
    dbWatch.close();
  });
});
