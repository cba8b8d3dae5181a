// `npm run build`: the web app (Vite → apps/web/dist) and the server (esbuild → apps/server/dist),
// each only when its inputs changed since its last build. The inputs' hash is kept in a stamp file
// inside the output, so `npm start` after a crash (nothing changed) starts at once.
//   node scripts/build.mjs [web] [server] [--force]     (no target: both)
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inputsHash, isBuilt, writeStamp } from './build-stamp.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

// Every dependency is pinned to versions that run on the Node of package.json's "engines"
// (decision 0001): an older Node gets one plain sentence here, not an error deep inside one.
const { engines } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const least = /^>=\s*(\d+)\.(\d+)/.exec(engines.node);
const [major, minor] = process.versions.node.split('.').map(Number);
if (least && (major < Number(least[1]) || (major === Number(least[1]) && minor < Number(least[2])))) {
  console.error(`Brushline needs Node.js ${engines.node}; this is Node.js ${process.versions.node}.`);
  process.exit(1);
}

/** Everything a build reads besides its own folder: the shared package, the lockfile, the configs. */
const common = [
  'packages/shared/src',
  'packages/shared/package.json',
  'package.json',
  'package-lock.json',
  'tsconfig.base.json',
  'scripts/build.mjs',
  'scripts/build-stamp.mjs',
];

const targets = {
  web: {
    inputs: ['apps/web', ...common],
    out: 'apps/web/dist',
    output: 'index.html',
    build: () => run('npm', ['run', 'build', '--silent', '-w', 'apps/web']),
  },
  server: {
    inputs: ['apps/server/src', 'apps/server/package.json', ...common],
    out: 'apps/server/dist',
    output: 'main.js',
    build: buildServer,
  },
};

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed`);
}

/**
 * One ESM bundle per entry point, flat in dist/ (src/locations.ts relies on it): the server's
 * TypeScript and packages/shared's, with every npm package left to node_modules.
 */
async function buildServer() {
  const { build } = await import('esbuild');
  const out = join(root, 'apps/server/dist');
  await rm(out, { recursive: true, force: true });
  await build({
    absWorkingDir: root,
    entryPoints: {
      main: 'apps/server/src/main.ts',
      seed: 'apps/server/src/cli/seed.ts',
      admin: 'apps/server/src/cli/admin.ts',
      'media-to-s3': 'apps/server/src/cli/media-to-s3.ts',
      backup: 'apps/server/src/cli/backup.ts',
      restore: 'apps/server/src/cli/restore.ts',
    },
    outdir: out,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    logLevel: 'warning',
    plugins: [
      {
        name: 'npm-packages-external',
        setup(b) {
          // Bare imports are npm packages, except the workspace's own TypeScript package.
          b.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@brushline/') ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
  });
}

const args = process.argv.slice(2);
const force = args.includes('--force');
const names = args.filter((a) => !a.startsWith('--'));
for (const name of names.length ? names : Object.keys(targets)) {
  const target = targets[name];
  if (!target) throw new Error(`unknown build target ${name} (web, server)`);
  const started = Date.now();
  const out = join(root, target.out);
  const hash = await inputsHash(root, target.inputs);
  if (!force && (await isBuilt(out, target.output, hash))) {
    console.error(`${name}: up to date (${target.out})`);
    continue;
  }
  await target.build();
  await writeStamp(out, hash);
  console.error(`${name}: built in ${((Date.now() - started) / 1000).toFixed(1)} s (${target.out})`);
}
