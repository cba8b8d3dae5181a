import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@brushline/shared/messages';
import { buildApp } from '../app.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { registerErrorHandling } from './errors.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('platform', () => {
  it('GET /api/health checks the database, and Redis when REDIS_URL is set', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(
      process.env.REDIS_URL
        ? { status: 'ok', database: 'ok', redis: 'ok' }
        : { status: 'ok', database: 'ok' },
    );
  });

  it('serves the OpenAPI document with every account route, and the docs page', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json<{ paths: Record<string, object> }>();
    for (const path of [
      '/api/register/request',
      '/api/register/verify',
      '/api/auth/login',
      '/api/auth/logout',
      '/api/sessioncheck',
      '/api/reset/send-email',
      '/api/reset/send-code',
      '/api/reset/new-password',
      '/api/user/{login}',
      '/api/user/id/{id}',
      '/api/user/settings/login/{login}',
      '/api/user/update/settings/id/{id}',
      '/api/health',
      '/api/site',
    ]) {
      expect(doc.paths, path).toHaveProperty([path]);
    }
    const docs = await t.app.inject({ url: '/api/docs' });
    expect([200, 302]).toContain(docs.statusCode);
  });

  it('answers unknown API paths with the one error shape', async () => {
    const res = await t.app.inject({ url: '/api/nothing/here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'not_found', message: 'Not found' } });
  });

  it('sends security headers', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('answers the contact mailbox from CONTACT_EMAIL', async () => {
    const s = await createTestApp({ CONTACT_EMAIL: 'privacy@art.example' }, t.app.database);
    try {
      expect((await s.app.inject({ url: '/api/site' })).json()).toEqual({
        productName: 'Brushline',
        contactEmail: 'privacy@art.example',
      });
    } finally {
      await s.close();
    }
  });

  it('hides the internals of a server error', async () => {
    const app = Fastify({ logger: false });
    registerErrorHandling(app);
    app.get('/boom', () => {
      throw new Error('password=hunter2 at /srv/secret.ts:12');
    });
    const res = await app.inject({ url: '/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: { code: 'internal_error', message: messages.serverError } });
    expect(res.body).not.toContain('hunter2');
    await app.close();
  });
});

describe('configuration', () => {
  it('names the bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ SEED_DEMO: 'maybe' })).toThrow(/SEED_DEMO/);
  });

  it('sizes the image pool from the CPU count within the libuv threads, and checks IMAGE_WORKERS', () => {
    // 4 libuv threads by default: two image slots + the express slot leave one for file I/O.
    expect(loadConfig({}).IMAGE_WORKERS).toBe(Math.min(availableParallelism(), 2));
    expect(loadConfig({ IMAGE_WORKERS: '1' }).IMAGE_WORKERS).toBe(1);
    expect(loadConfig({ IMAGE_WORKERS: '6', UV_THREADPOOL_SIZE: '8' }).IMAGE_WORKERS).toBe(6);
    expect(loadConfig({ UV_THREADPOOL_SIZE: '64' }).IMAGE_WORKERS).toBe(availableParallelism());
    for (const bad of ['0', 'two', '1.5', '3']) {
      expect(() => loadConfig({ IMAGE_WORKERS: bad })).toThrow(/IMAGE_WORKERS/);
    }
    expect(() => loadConfig({ IMAGE_WORKERS: '3' })).toThrow(/raise UV_THREADPOOL_SIZE/);
  });

  it('uses defaults and derives the cookie security from PUBLIC_URL', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      PORT: 3000,
      DATA_DIR: './data',
      SEED_DEMO: true,
      publicUrl: 'http://localhost:3000',
      secureCookies: false,
    });
    expect(loadConfig({ PUBLIC_URL: 'https://art.example/' })).toMatchObject({
      publicUrl: 'https://art.example',
      secureCookies: true,
    });
  });
});

describe('the built web app on the same port', () => {
  it('serves pages, assets (also ones built after start) and keeps API 404s as JSON', async () => {
    const dist = await mkdtemp(join(tmpdir(), 'brushline-dist-'));
    await mkdir(join(dist, 'assets'));
    await writeFile(join(dist, 'index.html'), '<!doctype html><title>Brushline</title>');
    await writeFile(join(dist, 'assets', 'app-1.js'), 'console.log(1)');
    const web = await buildApp({
      config: loadConfig({ DATA_DIR: t.dataDir, LOG_LEVEL: 'silent', SEED_DEMO: 'false' }),
      database: t.app.database,
      logger: false,
      webDist: dist,
      hubChannel: `web-test-${process.pid}`,
    });
    try {
      const home = await web.inject({ url: '/' });
      expect(home.statusCode).toBe(200);
      expect(home.body).toContain('<title>Brushline</title>');
      expect(home.headers['cache-control']).toBe('no-cache');
      const page = await web.inject({ url: '/feed' });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<title>Brushline</title>');
      expect(page.headers['cache-control']).toBe('no-cache');

      const asset = await web.inject({ url: '/assets/app-1.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');

      // A rebuild while the server runs: the new file is served, a missing one is a plain 404.
      await writeFile(join(dist, 'assets', 'app-2.js'), 'console.log(2)');
      expect((await web.inject({ url: '/assets/app-2.js' })).body).toBe('console.log(2)');
      expect((await web.inject({ url: '/assets/app-3.js' })).statusCode).toBe(404);

      const api = await web.inject({ url: '/api/no-such-route' });
      expect(api.statusCode).toBe(404);
      expect(api.json()).toEqual({ error: { code: 'not_found', message: 'Not found' } });
    } finally {
      await web.close();
      await rm(dist, { recursive: true, force: true });
    }
  });
});
