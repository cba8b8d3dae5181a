// `npm run bench:start`: how long `npm start` takes until /api/health answers, cold (both builds
// forced by removing their stamps) and on a restart with nothing changed, plus the old way of
// serving for comparison (a Vite build on every start, then the TypeScript loader on the sources). The database is created before
// the first measure, so each one is a restart of an existing installation.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { stopGroup } from './web-server.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const port = Number(process.env.BENCH_PORT ?? 3198);
const url = `http://127.0.0.1:${port}/api/health`;
const dataDir = await mkdtemp(join(tmpdir(), 'brushline-start-bench-'));
const env = {
  ...process.env,
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  SEED_DEMO: 'false',
  LOG_LEVEL: 'warn',
  DATABASE_URL: '',
  REDIS_URL: '',
};

/** Milliseconds from spawning `command` until the health route answers; then stops it. */
async function timeToHealth(command: string, args: string[]): Promise<number> {
  const started = performance.now();
  // Its own process group, so stopping it stops npm and the server under it.
  const child = spawn(command, args, {
    cwd: root,
    env,
    detached: true,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let answered: number | undefined;
  while (answered === undefined && child.exitCode === null) {
    try {
      if ((await fetch(url)).ok) answered = performance.now() - started;
    } catch {
      await sleep(50);
    }
  }
  await stopGroup(child, `http://127.0.0.1:${port}`);
  if (answered === undefined) throw new Error(`${command} ${args.join(' ')} exited before answering`);
  return answered;
}

const removeStamps = () =>
  Promise.all(
    ['apps/web/dist', 'apps/server/dist'].map((d) => rm(join(root, d, '.build-stamp'), { force: true })),
  );

try {
  await timeToHealth('npm', ['start']); // creates the database
  await removeStamps();
  const cold = await timeToHealth('npm', ['start']);
  const restart = await timeToHealth('npm', ['start']);
  const loader = await timeToHealth('npx', ['tsx', 'apps/server/src/main.ts']);
  // Last: Vite empties dist, stamp included, so the next `npm start` builds again.
  const before = await timeToHealth('sh', [
    '-c',
    'npm run build --silent -w apps/web && exec npx tsx apps/server/src/main.ts',
  ]);
  const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  console.log(`npm start, cold (web and server built): ${s(cold)}`);
  console.log(
    `npm start, restart with nothing changed: ${s(restart)} (${(restart / cold).toFixed(2)}x cold)`,
  );
  console.log(`the sources through tsx, no build: ${s(loader)}`);
  console.log(
    `before (every start built the web app, then tsx): ${s(before)} (restart is ${(restart / before).toFixed(2)}x)`,
  );
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
