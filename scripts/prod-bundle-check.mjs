// `npm run check:prod`: the production server runs from a folder that holds only what the
// container image holds (scripts/runtime-bundle.mjs, the Dockerfile's runtime stage), with
// production dependencies only. Builds (skipped when up to date), makes the folder in a temporary
// directory, checks that no dev package is in it and that every package the bundles import
// resolves, starts `node apps/server/dist/main.js` on the embedded database, waits for
// /api/ready, reads /, a script of the page and /api/health, runs the container's health check,
// sends SIGTERM and expects exit 0.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { forbiddenPackagesIn, makeRuntimeFolder } from './runtime-bundle.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const started = Date.now();
const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`;
const step = (text) => console.log(`check:prod: ${text}`);
const fail = (text) => {
  throw new Error(text);
};

/** Bare package names the bundles import, statically or dynamically (node: built-ins aside). */
async function importedPackages(dist) {
  const names = new Set();
  for (const file of (await readdir(dist)).filter((f) => f.endsWith('.js'))) {
    const code = await readFile(join(dist, file), 'utf8');
    // esbuild writes each static import on a line of its own, and a dynamic one as import("x").
    const statics = code.matchAll(/^(?:import|export)\b[^;]*?\bfrom\s*"([^"\s]+)"|^import\s*"([^"\s]+)"/gm);
    const dynamics = code.matchAll(/\bimport\(\s*"([^"\s]+)"\s*\)/g);
    for (const match of [...statics, ...dynamics]) {
      const spec = match[1] ?? match[2];
      if (!spec.startsWith('node:') && !spec.startsWith('.')) names.add(spec);
    }
  }
  return [...names].sort();
}

const work = await mkdtemp(join(tmpdir(), 'brushline-prod-'));
const out = join(work, 'app');
let server;
try {
  let t = Date.now();
  const build = spawnSync('node', ['scripts/build.mjs'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) fail('the build failed');
  step(`build ${seconds(t)}`);

  t = Date.now();
  await makeRuntimeFolder(out, { npmArgs: ['--prefer-offline', '--loglevel=error'] });
  step(`runtime folder with production dependencies ${seconds(t)} (${out})`);

  const forbidden = await forbiddenPackagesIn(out);
  if (forbidden.length) fail(`dev packages in the runtime folder:\n  ${forbidden.join('\n  ')}`);
  for (const folder of ['apps/server/src', 'packages/shared/src', 'apps/web/src']) {
    if ((await readdir(join(out, folder)).catch(() => null)) !== null)
      fail(`${folder} is in the runtime folder`);
  }

  // Resolved from where the bundles are, as Node will at run time; dynamic imports included,
  // which a start alone would not load.
  const dist = join(out, 'apps/server/dist');
  const packages = await importedPackages(dist);
  const probe = join(dist, `resolve-probe-${process.pid}.mjs`);
  await writeFile(
    probe,
    `const missing = [];\nfor (const name of ${JSON.stringify(packages)}) {\n  try { import.meta.resolve(name); } catch { missing.push(name); }\n}\nif (missing.length) { console.error(missing.join('\\n')); process.exit(1); }\n`,
  );
  const resolved = spawnSync('node', [probe], { cwd: out, encoding: 'utf8' });
  await rm(probe);
  if (resolved.status !== 0) fail(`packages the bundles import are missing:\n${resolved.stderr}`);
  step(`no dev package; the ${packages.length} packages the bundles import all resolve`);

  t = Date.now();
  // A clean environment, as in the image: only what the start needs, no DATABASE_URL or REDIS_URL
  // of the caller's, no NODE_OPTIONS loader.
  const env = {
    PATH: process.env.PATH,
    HOME: work,
    NODE_ENV: 'production',
    // Port 0: the system picks a free one and the server logs it (no race with other processes).
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: join(work, 'data'),
    SEED_DEMO: 'true',
    LOG_LEVEL: 'info',
  };
  server = spawn('node', ['--enable-source-maps', 'apps/server/dist/main.js'], {
    cwd: out,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  server.stdout.on('data', (d) => (output += d));
  server.stderr.on('data', (d) => (output += d));
  const exited = new Promise((done) => server.once('exit', (code, signal) => done({ code, signal })));

  const deadline = Date.now() + 90_000;
  let last = 'none (not listening yet)';
  let base;
  for (;;) {
    if (server.exitCode !== null)
      fail(`the server exited with ${server.exitCode} before it was ready:\n${output}`);
    if (Date.now() > deadline)
      fail(`/api/ready did not answer 200 within 90 s; last answer: ${last}\n${output}`);
    base ??= /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
    const ready = base ? await fetch(`${base}/api/ready`).catch(() => null) : null;
    if (ready?.status === 200) break;
    if (ready) last = `${ready.status} ${await ready.text()}`;
    await new Promise((done) => setTimeout(done, 250));
  }
  step(`ready in ${seconds(t)} (migrations and demo content on PGlite; sharp and argon2 load at start)`);

  const page = await fetch(`${base}/`);
  const html = await page.text();
  if (page.status !== 200 || !html.includes('<div id="root"')) fail(`GET / answered ${page.status}`);
  const script = /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1] ?? fail('no script in the page');
  const asset = await fetch(`${base}${script}`, { headers: { 'accept-encoding': 'br' } });
  if (asset.status !== 200) fail(`GET ${script} answered ${asset.status}`);
  const health = await fetch(`${base}/api/health`);
  if (health.status !== 200) fail(`GET /api/health answered ${health.status}: ${await health.text()}`);
  step(`GET / 200, ${script} 200, /api/health 200 ${JSON.stringify(await health.json())}`);
  // The image's and compose.yaml's health check, run as they run it: from the folder, by PORT.
  const probeHealth = () =>
    spawnSync('node', ['scripts/healthcheck.mjs', '/api/ready'], {
      cwd: out,
      env: { ...env, PORT: new URL(base).port },
      encoding: 'utf8',
    }).status;
  if (probeHealth() !== 0) fail('scripts/healthcheck.mjs /api/ready failed on a ready server');

  t = Date.now();
  server.kill('SIGTERM');
  const end = await Promise.race([
    exited,
    new Promise((done) => setTimeout(() => done(null), 20_000).unref()),
  ]);
  if (!end) fail('the server did not exit within 20 s of SIGTERM');
  if (end.code !== 0) fail(`the server exited with ${end.code ?? end.signal} after SIGTERM:\n${output}`);
  server = undefined;
  step(`SIGTERM: exit 0 in ${seconds(t)}`);
  if (probeHealth() !== 1) fail('scripts/healthcheck.mjs passed with the server stopped');
  step('scripts/healthcheck.mjs: 0 while ready, 1 once stopped');
  step(`passed in ${seconds(started)}`);
} catch (err) {
  console.error(`check:prod failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
} finally {
  server?.kill('SIGKILL');
  await rm(work, { recursive: true, force: true });
}
