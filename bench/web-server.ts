// A seeded server for the browser benches: the production start (`npm run build`, then
// `npm run serve`) on a fresh embedded database with the demo content, or BENCH_URL when given.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { toPath } from '@brushline/shared/paths';

export interface BenchServer {
  url: string;
  /** The pages decision 0008 measures: the feed, a profile and a commission page of the demo. */
  pages: { name: string; path: string }[];
  stop: () => Promise<void>;
}

/** The demo seed's artist (apps/server/src/cli/demo-seed.ts): a profile with pictures and an open card. */
const DEMO_ARTIST = 'demo_artist';
const STARTUP_TIMEOUT_MS = 300_000;

async function waitForHealth(url: string, exited: () => boolean): Promise<void> {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (exited()) throw new Error('the server exited before it answered /api/health');
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await sleep(250);
  }
  throw new Error(`no answer from ${url}/api/health within ${STARTUP_TIMEOUT_MS / 1000} s`);
}

async function demoPages(url: string): Promise<BenchServer['pages']> {
  const res = await fetch(`${url}/api/comissioncards/user/${DEMO_ARTIST}`);
  const cards = (await res.json()) as { uuid: string }[];
  if (!res.ok || cards.length === 0) throw new Error(`${DEMO_ARTIST} has no open commission card to measure`);
  return [
    { name: 'feed', path: toPath('feed') },
    { name: 'profile', path: toPath('profileHome', { login: DEMO_ARTIST }) },
    { name: 'commission', path: toPath('commission', { uuid: cards[0]!.uuid }) },
  ];
}

const answers = (url: string) =>
  fetch(`${url}/api/health`).then(
    () => true,
    () => false,
  );

/**
 * Stops a server started in its own process group (npm, a loader, the server): SIGTERM to the
 * group, and SIGKILL if it still answers after the server's own 10 s shutdown allowance, so no
 * bench leaves a server behind on its port.
 */
export async function stopGroup(child: ChildProcess, url: string): Promise<void> {
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, name);
    } catch {
      // The whole group is gone already.
    }
  };
  signal('SIGTERM');
  for (let waited = 0; (await answers(url)) && waited < 15_000; waited += 250) await sleep(250);
  if (await answers(url)) signal('SIGKILL');
  while (await answers(url)) await sleep(250);
}

export async function startBenchServer(): Promise<BenchServer> {
  const given = process.env.BENCH_URL?.replace(/\/+$/, '');
  if (given) return { url: given, pages: await demoPages(given), stop: async () => {} };

  const port = Number(process.env.BENCH_PORT ?? 3198);
  const url = `http://127.0.0.1:${port}`;
  const dataDir = await mkdtemp(join(tmpdir(), 'brushline-web-bench-'));
  execFileSync('npm', ['run', 'build', '--silent'], { stdio: 'inherit' });
  // Its own process group, so stopping it stops npm and the server under it.
  const child = spawn('npm', ['run', 'serve', '--silent'], {
    detached: true,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      REDIS_URL: '',
    },
  });
  let exited = false;
  child.on('exit', () => (exited = true));
  const stop = async () => {
    await stopGroup(child, url);
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(url, () => exited);
    return { url, pages: await demoPages(url), stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
