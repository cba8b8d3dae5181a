// The folder a production server runs from: the built bundles, the migrations, the built web app,
// and the production dependencies of apps/server and nothing else (no TypeScript, no dev tools,
// no web packages). The Dockerfile's build stage makes it with this script and the runtime stage
// copies it whole; `npm run check:prod` (scripts/prod-bundle-check.mjs) makes the same folder and
// starts the server from it. One list, so what is checked is what the image holds.
//   node scripts/runtime-bundle.mjs <out>       (after `npm run build`)
import { spawnSync } from 'node:child_process';
import { cp, mkdir, readdir, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * What the runtime needs from the repository. The package files let `npm ci` install from the
 * lockfile (it checks every workspace's package.json against it); the bundles carry the server's
 * and packages/shared's code (scripts/build.mjs), so no source folder is copied.
 */
export const RUNTIME_FILES = [
  'package.json',
  'package-lock.json',
  '.npmrc',
  'packages/shared/package.json',
  'apps/web/package.json',
  'apps/web/dist',
  'apps/server/package.json',
  'apps/server/dist',
  'apps/server/drizzle',
  'scripts/healthcheck.mjs',
];

/** The production install: apps/server's dependencies from the lockfile, dev ones left out. */
export const INSTALL = ['ci', '--omit=dev', '--workspace', 'apps/server', '--no-audit', '--no-fund'];

/** Packages that must never reach the runtime folder: loaders, compilers, bundlers, test tools, web-only packages. */
export const FORBIDDEN_PACKAGES = [
  'tsx',
  'typescript',
  'esbuild',
  'vite',
  'vitest',
  'drizzle-kit',
  'eslint',
  'prettier',
  's3rver',
  '@playwright/test',
  'react',
  '@mantine/core',
];

const exists = (path) =>
  stat(path).then(
    () => true,
    () => false,
  );

/** Copies RUNTIME_FILES into `out` (emptied first) and installs the production dependencies there. */
export async function makeRuntimeFolder(out, { from = root, npmArgs = [] } = {}) {
  for (const built of ['apps/server/dist/main.js', 'apps/web/dist/index.html']) {
    if (!(await exists(join(from, built))))
      throw new Error(`${built} is missing: run \`npm run build\` first`);
  }
  await rm(out, { recursive: true, force: true });
  for (const path of RUNTIME_FILES) {
    await mkdir(dirname(join(out, path)), { recursive: true });
    await cp(join(from, path), join(out, path), { recursive: true });
  }
  const result = spawnSync('npm', [...INSTALL, ...npmArgs], { cwd: out, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`npm ${INSTALL.join(' ')} failed in ${out}`);
}

/** The FORBIDDEN_PACKAGES found anywhere under `out`'s node_modules folders (nested ones too). */
export async function forbiddenPackagesIn(out) {
  const found = [];
  const visit = async (modules) => {
    if (!(await exists(modules))) return;
    for (const entry of await readdir(modules)) {
      const names = entry.startsWith('@')
        ? (await readdir(join(modules, entry))).map((n) => `${entry}/${n}`)
        : [entry];
      for (const name of names) {
        if (FORBIDDEN_PACKAGES.includes(name)) found.push(join(modules, name));
        await visit(join(modules, name, 'node_modules'));
      }
    }
  };
  for (const folder of ['', 'apps/server', 'apps/web', 'packages/shared'])
    await visit(join(out, folder, 'node_modules'));
  return found;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const out = process.argv[2];
  if (!out) {
    console.error('usage: node scripts/runtime-bundle.mjs <out>');
    process.exit(2);
  }
  await makeRuntimeFolder(resolve(out));
  const forbidden = await forbiddenPackagesIn(resolve(out));
  if (forbidden.length) {
    console.error(`dev packages in the runtime folder:\n  ${forbidden.join('\n  ')}`);
    process.exit(1);
  }
}
