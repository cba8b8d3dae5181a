// `npm run bench`: requests/s and p99 of the account platform's hot routes, on the embedded
// database (or DATABASE_URL when set). Loopback only; bounded in time.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { measure } from './measure.ts';

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

console.log(`database: ${app.database.kind}; ${seconds}s per route, 20 connections`);
const opts = { seconds, connections: 20 };
const health = await measure(address, 'GET /api/health', '/api/health', opts);
const site = await measure(address, 'GET /api/site (no DB)', '/api/site', opts);
const session = await measure(address, 'GET /api/sessioncheck', '/api/sessioncheck', opts, {
  cookie: `sid=${token}`,
});
const user = await measure(address, 'GET /api/user/{login}', '/api/user/bench_user', opts);
console.log(
  `ratios to the no-DB route: health ${(health.rps / site.rps).toFixed(2)}, sessioncheck ${(session.rps / site.rps).toFixed(2)}, user ${(user.rps / site.rps).toFixed(2)}`,
);

await app.close();
await rm(dataDir, { recursive: true, force: true });

// The feed benchmark seeds its own fresh databases (PGlite, and PostgreSQL when configured).
const { runFeedBench } = await import('./feed.ts');
if (!(await runFeedBench())) process.exitCode = 1;
