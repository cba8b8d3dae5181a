import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@brushline/shared/messages';
import { ConfigError, loadConfig } from '../config.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { registerErrorHandling } from './errors.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('platform', () => {
  it('GET /api/health checks the database', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'ok' });
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
    expect(res.headers['x-frame-options']).toBeDefined();
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
