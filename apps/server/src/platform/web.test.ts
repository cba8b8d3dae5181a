import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { createTestApp, registerUser, type TestApp } from '../test/harness.ts';
import { multipartBody, pngBytes, uploadImage } from '../test/media-fixtures.ts';
import { buildWebApp, builtScript, createDist, removeDist } from '../test/web-fixtures.ts';
import { COMPRESS_MIN_BYTES } from './compression.ts';
import { registerErrorHandling } from './errors.ts';
import { registerWeb } from './web.ts';

let t: TestApp;
let dist: string;
let web: App;
beforeAll(async () => {
  t = await createTestApp();
  dist = await createDist();
  web = await buildWebApp(t, dist);
});
afterAll(async () => {
  await web.close();
  await removeDist(dist);
  await t.close();
});

const get = (url: string, acceptEncoding?: string) =>
  web.inject({ url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

describe('built assets', () => {
  it('sends the build’s brotli or gzip copy when the browser takes it, the plain file otherwise', async () => {
    const br = await get('/assets/index-a1b2.js', 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(builtScript);

    const gz = await get('/assets/index-a1b2.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(builtScript);

    const plain = await get('/assets/index-a1b2.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(builtScript);
  });

  it('caches hashed files for a year and everything else never', async () => {
    for (const url of ['/assets/index-a1b2.js', '/assets/index-c3d4.css']) {
      expect((await get(url, 'br')).headers['cache-control'], url).toBe(
        'public, max-age=31536000, immutable',
      );
    }
    expect((await get('/favicon.svg')).headers['cache-control']).toBe('no-cache');
    expect((await get('/feed')).headers['cache-control']).toBe('no-cache');
  });

  it('compresses a file the build left without a copy', async () => {
    const css = await get('/assets/index-c3d4.css', 'br');
    expect(css.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(css.rawPayload).toString()).toContain('body{color:red}');
  });

  it('never serves a source map, nor the bare page template', async () => {
    const map = await get('/assets/index-a1b2.js.map');
    expect(map.statusCode).toBe(404);
    expect(map.body).not.toContain('secret.ts');
    expect((await get('/index.html')).statusCode).toBe(404);
    expect((await get('/.build-stamp')).statusCode).toBe(404);
  });

  it('serves files added by a rebuild while running; a missing asset is a JSON 404, never the page', async () => {
    await writeFile(join(dist, 'assets', 'later-e5f6.js'), 'console.log(2)');
    expect((await get('/assets/later-e5f6.js')).body).toBe('console.log(2)');
    const missing = await get('/assets/gone-0000.js');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: { code: 'not_found', message: 'Not found' } });
  });
});

describe('API compression', () => {
  it('compresses answers above the threshold with brotli, else gzip, and leaves small ones alone', async () => {
    const plain = await get('/api/openapi.json');
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_MIN_BYTES);
    const br = await get('/api/openapi.json', 'gzip, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    const gz = await get('/api/openapi.json', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());

    const small = await get('/api/health', 'br');
    expect(small.rawPayload.length).toBeLessThan(COMPRESS_MIN_BYTES);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('takes multipart uploads as before and never compresses images', async () => {
    const user = await registerUser(t.app, t.dataDir);
    const body = multipartBody(await pngBytes(800, 600));
    const upload = await web.inject({
      method: 'POST',
      url: '/api/media?purpose=post',
      headers: { ...body.headers, cookie: user.cookie, 'accept-encoding': 'br, gzip' },
      payload: body.payload,
    });
    expect(upload.statusCode, upload.body).toBe(200);

    // Noise: no encoding squeezes it, so even the miniature is over the threshold.
    const noise = await sharp(randomBytes(600 * 400 * 3), { raw: { width: 600, height: 400, channels: 3 } })
      .png()
      .toBuffer();
    const media = await uploadImage(t.app, user.cookie, { bytes: noise });
    for (const variant of ['full', 'miniature']) {
      const image = await get(`/api/media/${media.id}/${variant}`, 'br, gzip');
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toMatch(/^image\//);
      expect(image.rawPayload.length).toBeGreaterThan(COMPRESS_MIN_BYTES);
      expect(image.headers['content-encoding']).toBeUndefined();
    }
  });

  it('leaves the Socket.IO path to Socket.IO', async () => {
    const address = await web.listen({ port: 0, host: '127.0.0.1' });
    const res = await fetch(`${address}/api/hub/?EIO=4&transport=polling`, {
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBeNull();
    // An engine.io handshake ("0" and the session as JSON), not a page or a Fastify 404.
    expect(await res.text()).toMatch(/^0\{"sid":/);
  });
});

describe('pages', () => {
  it('answers screens of the paths table with the page, and anything else with the page and 404', async () => {
    for (const url of ['/', '/feed', '/feed/', '/login?from=x', '/hub', '/crm/pending/new']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(res.body, url).toContain('<div id="root"></div>');
    }
    for (const url of ['/nope', '/feed/extra', '/profile', '/crm/cards/x', '/favicon.ico']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      // The SPA still loads, so its 404 screen shows.
      expect(res.body, url).toContain('<script type="module" crossorigin src="/assets/index-a1b2.js">');
      expect(res.body, url).toContain('<title>Page not found · Brushline</title>');
    }
    const api = await get('/api/no-such-route');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ error: { code: 'not_found', message: 'Not found' } });
  });

  it('still serves the page when its preview cannot be made', async () => {
    const bare = Fastify({ logger: false });
    registerErrorHandling(bare);
    await registerWeb(bare, {
      dist,
      publicUrl: 'https://art.example',
      describePage: () => Promise.reject(new Error('connection refused')),
    });
    try {
      const res = await bare.inject({ url: '/profile/ann/home' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<title>Brushline</title>');
    } finally {
      await bare.close();
    }
  });

  it('compresses the page and reads the template again after a rebuild', async () => {
    const page = await get('/feed', 'br');
    expect(page.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(page.rawPayload).toString()).toContain('/assets/index-a1b2.js');

    // A new hash of another length: the change shows even where file times are coarse.
    const index = join(dist, 'index.html');
    await writeFile(index, (await readFile(index, 'utf8')).replace('index-a1b2.js', 'index-99999.js'));
    expect((await get('/feed')).body).toContain('/assets/index-99999.js');
  });
});
