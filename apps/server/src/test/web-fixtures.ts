import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { buildApp, type App } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { TestApp } from './harness.ts';

/** Well above the compression threshold, so every rule about compressing applies to it. */
export const builtScript = `export const app = ${JSON.stringify('brushline '.repeat(400))};\n`;
export const PUBLIC_URL = 'https://art.example';

/**
 * A built web app as Vite leaves it: index.html (with the description tag beside the title), a
 * hashed script with its .br and .gz copies and a source map, a stylesheet without copies, and a
 * file at the root.
 */
export async function createDist(): Promise<string> {
  const dist = await mkdtemp(join(tmpdir(), 'brushline-dist-'));
  await mkdir(join(dist, 'assets'));
  const index = [
    '<!doctype html>',
    '<html lang="en">',
    '  <head>',
    '    <meta charset="UTF-8" />',
    '    <meta name="description" content="Built description" />',
    '    <title>Brushline</title>',
    '    <script type="module" crossorigin src="/assets/index-a1b2.js"></script>',
    '  </head>',
    // Padding like a real build's head, so the page itself is over the compression threshold.
    `  <body><div id="root"></div><!-- ${'x'.repeat(1200)} --></body>`,
    '</html>',
  ].join('\n');
  await writeFile(join(dist, 'index.html'), index);
  await writeFile(join(dist, 'assets', 'index-a1b2.js'), builtScript);
  await writeFile(join(dist, 'assets', 'index-a1b2.js.br'), brotliCompressSync(builtScript));
  await writeFile(join(dist, 'assets', 'index-a1b2.js.gz'), gzipSync(builtScript));
  await writeFile(join(dist, 'assets', 'index-a1b2.js.map'), '{"version":3,"sources":["secret.ts"]}');
  await writeFile(join(dist, 'assets', 'index-c3d4.css'), `body{color:red}\n`.repeat(200));
  await writeFile(join(dist, '.build-stamp'), 'f00d');
  await writeFile(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dist;
}

/** The real app serving `dist`, on the test file's database. */
export async function buildWebApp(t: TestApp, dist: string): Promise<App> {
  const app = await buildApp({
    config: loadConfig({
      DATA_DIR: t.dataDir,
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      PUBLIC_URL,
    }),
    database: t.app.database,
    logger: false,
    webDist: dist,
    hubChannel: `web-test-${process.pid}-${Math.random()}`,
  });
  await app.ready();
  return app;
}

export const removeDist = (dist: string) => rm(dist, { recursive: true, force: true });
