// `npm run bench:email`: what notification e-mail costs. (1) Storing a notification whose kind is
// mailed (one extra INSERT … SELECT in its transaction) against one that never is (likes), and one
// whose kind the user turned off; rounds alternate so machine load hits all three alike. (2) How
// fast a flush turns a backlog of 200 users × 5 events into 200 mails in the file outbox.
// In-memory PGlite, or PostgreSQL with BENCH_DATABASE_URL (a database you can spare: rows are added).
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NotificationType } from '@brushline/shared/notifications/constants';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { runMigrations } from '../apps/server/src/db/migrate.ts';
import { upsertPreferences } from '../apps/server/src/modules/email/email.repo.ts';
import { flushEmailQueue } from '../apps/server/src/modules/email/email-flusher.ts';
import { createNotification } from '../apps/server/src/modules/notifications/notifications.service.ts';
import { insertUser } from '../apps/server/src/modules/users/users.repo.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const PER_ROUND = 200;
const USERS = 200;
const EVENTS_EACH = 5;

const dataDir = await mkdtemp(join(tmpdir(), 'brushline-email-bench-'));
const url = process.env.BENCH_DATABASE_URL;
const database = await openDatabase(url ? { url } : {});
await runMigrations(database);
const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...(url ? { DATABASE_URL: url } : {}) });
const app = await buildApp({ config, database, logger: false, webDist: null, emailFlushIntervalMs: null });
const { db } = app.deps;

const tag = `${process.pid}${Date.now().toString(36)}`;
const newUser = (i: number | string) =>
  insertUser(db, { login: `eb${tag}${i}`, email: `eb${tag}${i}@bench.test`, passwordHash: 'x' });

const mailed = await newUser('m');
const optedOut = await newUser('o');
await upsertPreferences(db, optedOut, [{ kind: 'statusChanges', byEmail: false }], new Date());

/** Notifications per second, each in its own transaction as the order services store them. */
async function rate(userId: string, type: NotificationType): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < PER_ROUND; i += 1)
    await db.transaction((tx) =>
      createNotification({ db: tx }, null, { userId, type, message: 'bench event' }),
    );
  return PER_ROUND / ((performance.now() - started) / 1000);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const runs = { never: [] as number[], mailed: [] as number[], off: [] as number[] };
await rate(mailed, 'post_liked'); // warm-up
for (let r = 0; r < ROUNDS; r += 1) {
  runs.never.push(await rate(mailed, 'post_liked'));
  runs.mailed.push(await rate(mailed, 'commission_status'));
  runs.off.push(await rate(optedOut, 'commission_status'));
}
const never = median(runs.never);
console.log(`${database.kind}: notifications stored per second (median of ${ROUNDS} rounds × ${PER_ROUND})`);
console.log(`  never mailed (post_liked)      ${never.toFixed(0)}  1.00x`);
for (const [name, key] of [
  ['mailed (queued)', 'mailed'],
  ['kind turned off', 'off'],
] as const)
  console.log(
    `  ${name.padEnd(30)} ${median(runs[key]).toFixed(0)}  ${(median(runs[key]) / never).toFixed(2)}x`,
  );

// A backlog: the queue rows of the rounds above are flushed first, so only this backlog is timed.
await flushEmailQueue(app.deps, new Date(Date.now() + 86_400_000));
const before = (await readdir(join(dataDir, 'mail')).catch(() => [])).length;
for (let i = 0; i < USERS; i += 1) {
  const userId = await newUser(i);
  for (let j = 0; j < EVENTS_EACH; j += 1)
    await createNotification({ db }, null, { userId, type: 'commission_status', message: `event ${j}` });
}
const started = performance.now();
let mails = 0;
for (;;) {
  const r = await flushEmailQueue(app.deps, new Date(Date.now() + 86_400_000));
  if (r.mails === 0) break;
  mails += r.mails;
}
const seconds = (performance.now() - started) / 1000;
const written = (await readdir(join(dataDir, 'mail'))).length - before;
console.log(
  `flush: ${USERS} users × ${EVENTS_EACH} events → ${mails} mails (${written} files) in ${seconds.toFixed(2)} s, ${(mails / seconds).toFixed(0)} mails/s`,
);

await app.close();
await database.close();
await rm(dataDir, { recursive: true, force: true });
