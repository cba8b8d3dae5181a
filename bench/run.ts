// `npm run bench`: requests/s and p99 of the account platform's hot routes, on the embedded
// database (or DATABASE_URL when set). Loopback only; bounded in time.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const dataDir = await mkdtemp(join(tmpdir(), 'brushline-bench-'));
const config = loadConfig({ ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent', SEED_DEMO: 'false' });
const app = await buildApp({ config, logger: false, webDist: null, rateLimitPrefix: `bench-${Date.now()}` });
const address = await app.listen({ port: 0, host: '127.0.0.1' });

// One signed-in user, created straight through the services' repos to skip the mail round trip.
const { hashPassword } = await import('../apps/server/src/platform/passwords.ts');
const { insertUser } = await import('../apps/server/src/modules/users/users.repo.ts');
const { startSession } = await import('../apps/server/src/platform/session.ts');
const userId = await insertUser(app.deps.db, {
  login: 'bench_user',
  email: 'bench@example.test',
  passwordHash: await hashPassword('bench-pass'),
});
const token = await startSession(app.deps.db, userId);

async function measure(title: string, path: string, headers: Record<string, string> = {}) {
  const r = await autocannon({ url: `${address}${path}`, connections: 20, duration: seconds, headers });
  console.log(
    `${title.padEnd(28)} ${r.requests.average.toFixed(0).padStart(7)} req/s   p99 ${String(r.latency.p99).padStart(4)} ms   errors ${r.errors + r.non2xx}`,
  );
  return r;
}

console.log(`database: ${app.database.kind}; ${seconds}s per route, 20 connections`);
const health = await measure('GET /api/health', '/api/health');
const site = await measure('GET /api/site (no DB)', '/api/site');
const session = await measure('GET /api/sessioncheck', '/api/sessioncheck', { cookie: `sid=${token}` });
const user = await measure('GET /api/user/{login}', '/api/user/bench_user');
console.log(
  `ratios to the no-DB route: health ${(health.requests.average / site.requests.average).toFixed(2)}, sessioncheck ${(session.requests.average / site.requests.average).toFixed(2)}, user ${(user.requests.average / site.requests.average).toFixed(2)}`,
);

await app.close();
await rm(dataDir, { recursive: true, force: true });

// The feed benchmark seeds its own fresh databases (PGlite, and PostgreSQL when configured).
const { runFeedBench } = await import('./feed.ts');
if (!(await runFeedBench())) process.exitCode = 1;
