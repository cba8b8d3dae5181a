// `npm run bench:cluster` (decision 0030): the compiled server (`npm run build` first) as
// 1 and then 2 instances on one fresh PostgreSQL database, Redis and an S3 protocol server (s3rver),
// behind HAProxy (Debian's package: `apt-get install -y haproxy`), driven through the balancer as
// users drive it: the feed, card pages, notifications, posts, uploads, order forms, and chat over
// WebSocket. It checks that sessions, caches, rate limits and rooms behave the same whichever
// instance answers, reports requests/s and p99 for 1 and 2 instances in the same run, then kills one
// instance mid-load (SIGKILL) and restarts both in turn (SIGTERM): every acknowledged write must be
// stored, sockets must reconnect, and failures are counted (they may happen only while the balancer
// notices a crash). Needs BENCH_DATABASE_URL (or DATABASE_URL) and REDIS_URL.
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { sql } from 'drizzle-orm';
import { grantRole, insertUser } from '../apps/server/src/modules/users/users.repo.ts';
import { upsertRoom } from '../apps/server/src/modules/chat/chat.repo.ts';
import { startSession } from '../apps/server/src/platform/session.ts';
import { createTestBucket } from '../apps/server/src/test/s3-server.ts';
import { freshPostgres } from './fresh-postgres.ts';
import {
  haproxyAvailable,
  startHaproxy,
  startInstance,
  stopInstance,
  type Instance,
} from './cluster-tools.ts';
import { runLoad, type Acked, type Load, type Scene } from './cluster-load.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const BASE_PORT = Number(process.env.BENCH_PORT ?? 3240);
const USERS = 200;
const ROOMS = 10;

const pgUrl = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
if (!pgUrl || !redisUrl) {
  console.error('bench:cluster needs BENCH_DATABASE_URL (or DATABASE_URL) and REDIS_URL');
  process.exit(2);
}
if (!existsSync('apps/server/dist/main.js')) {
  console.error('bench:cluster runs the compiled server: `npm run build` first');
  process.exit(2);
}
if (!haproxyAvailable()) {
  console.error('bench:cluster needs HAProxy: `apt-get install -y haproxy`');
  process.exit(2);
}

const fresh = await freshPostgres(pgUrl);
const s3Child = fork(new URL('./s3-child.ts', import.meta.url));
const s3 = {
  endpoint: ((await once(s3Child, 'message')) as [{ endpoint: string }])[0].endpoint,
  close: async () => {
    const exited = once(s3Child, 'exit');
    s3Child.send('close');
    await exited;
  },
};
const dir = await mkdtemp(join(tmpdir(), 'brushline-cluster-'));
const instances: Instance[] = [];
const proxies: { stop(): Promise<void> }[] = [];
const ok = (what: string, pass: boolean, detail = '') => {
  console.log(`  ${pass ? 'PASS' : 'FAIL'}  ${what}${detail ? ` (${detail})` : ''}`);
  if (!pass) process.exitCode = 1;
};
const line = (title: string, m: Load) =>
  console.log(
    `  ${title.padEnd(30)} ${m.rps.toFixed(0).padStart(6)} req/s  p99 ${String(m.p99).padStart(5)} ms  ` +
      `failed ${m.failed}, limited ${m.limited}; chat ${m.chatAcked} acked, ${m.chatFailed} not (socket away or no ack in 3 s), ${m.chatReceived} received` +
      Object.entries(m.firstFailures)
        .map(([kind, what]) => `\n      first failure of ${kind}: ${what}`)
        .join(''),
  );

try {
  const { runMigrations } = await import('../apps/server/src/db/migrate.ts');
  await runMigrations(fresh.database);
  const db = fresh.database.db;
  const bucket = await createTestBucket(s3.endpoint);
  const signingSecret = randomBytes(32).toString('hex');
  const lbPort = BASE_PORT;
  const envOf = (name: string): Record<string, string> => ({
    ...bucket.env,
    DATABASE_URL: fresh.url,
    REDIS_URL: redisUrl,
    DATA_DIR: join(dir, name), // nothing shared on disk: media are in the bucket
    SIGNING_SECRET: signingSecret,
    SEED_DEMO: 'false',
    PUBLIC_URL: `http://127.0.0.1:${lbPort}`,
    SHUTDOWN_TIMEOUT_MS: '10000',
    SHUTDOWN_DRAIN_MS: '3000', // HAProxy checks every 500 ms, down after 2; margin for a loaded machine
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  });

  // Users with sessions (no argon2 in the measured window), an artist, chat rooms.
  const users: { id: string; login: string; cookie: string }[] = [];
  for (let i = 0; i < USERS; i += 1) {
    const login = `cl${i}`;
    const id = await insertUser(db, { login, email: `${login}@bench.test`, passwordHash: 'x' });
    users.push({ id, login, cookie: `sid=${await startSession(db, id)}` });
  }
  await grantRole(db, users[0]!.id, 'artist');
  const rooms: { id: number; a: number; b: number }[] = [];
  for (let r = 0; r < ROOMS; r += 1) {
    const a = 1 + 2 * r;
    const b = 2 + 2 * r;
    rooms.push({ id: await upsertRoom(db, 'casual', users[a]!.id, users[b]!.id), a, b });
  }

  const a = await startInstance('a', BASE_PORT + 1, envOf('a'));
  instances.push(a);
  const one = await startHaproxy(dir, lbPort, [a]);
  proxies.push(one);
  const scene: Scene = { base: one.base, users, rooms, cardUuid: '' };
  // The artist's open card, made through the balancer as the web app makes it.
  const card = await fetch(`${one.base}/api/commissioncard/create`, {
    method: 'POST',
    headers: { cookie: users[0]!.cookie, 'content-type': 'application/json' },
    body: JSON.stringify({
      title: 'Portrait',
      infoProvidedByTheAuthor: '',
      startingPrice: 20,
      sections: [],
      cardBanner: null,
      thumbnailPicture: null,
      isOpenComission: true,
      isCommissionsOpen: true,
      paymentPlan: { kind: 'full' },
    }),
  });
  if (!card.ok) throw new Error(`card: ${card.status} ${await card.text()}`);
  scene.cardUuid = ((await card.json()) as { card: { uuid: string } }).card.uuid;
  const acked: Acked = { posts: [], media: [], forms: [], messages: [] };

  console.log(
    `cluster benchmark: ${USERS} users, ${ROOMS} chat rooms (${ROOMS * 2} sockets, one message each per 500 ms); ` +
      `PostgreSQL, Redis, s3rver, HAProxy ${SECONDS}s per run; load ${loadavg()[0]!.toFixed(1)}`,
  );
  const single = await runLoad(scene, SECONDS, acked);
  line('1 instance', single);

  const b = await startInstance('b', BASE_PORT + 2, envOf('b'));
  instances.push(b);
  await one.stop();
  const two = await startHaproxy(dir, lbPort, [a, b]);
  proxies.push(two);
  const double = await runLoad(scene, SECONDS, acked);
  line('2 instances', double);
  console.log(
    `  2 ÷ 1 instance req/s           ${(double.rps / single.rps).toFixed(2)} (2 cores shared by everything)`,
  );

  // The same person, whichever instance answers: session, shared rate limit, cache drops, rooms.
  const { checkSameEverywhere } = await import('./cluster-checks.ts');
  await checkSameEverywhere(scene, [a, b], ok);

  // A crash: instance b is killed 3 s into the load; the balancer notices within ~1 s.
  const crash = await runLoad(scene, SECONDS, acked, async () => {
    await sleep(3000);
    await stopInstance(b, 'SIGKILL');
  });
  line('2 → 1 (b killed at 3 s)', crash);
  ok(
    'sockets reconnect to the survivor',
    crash.socketsAtEnd === ROOMS * 2,
    `${crash.socketsAtEnd} of ${ROOMS * 2}`,
  );
  const b2 = await startInstance('b', BASE_PORT + 2, envOf('b'));
  instances.push(b2);
  await sleep(1500); // the balancer's checks see b again (rise 2 × 500 ms)

  // A rolling restart: each instance in turn gets SIGTERM (finishes what it holds) and comes back.
  const rolling = await runLoad(scene, SECONDS * 2, acked, async () => {
    for (const [i, inst] of [a, b2].entries()) {
      await sleep(2000);
      const code = await stopInstance(inst, 'SIGTERM');
      ok(`instance ${inst.name} drains and exits 0 on SIGTERM`, code === 0, `exit ${code}`);
      const again = await startInstance(inst.name, inst.port, envOf(inst.name));
      instances.push(again);
      if (i === 0) await sleep(1500);
    }
  });
  line('rolling restart (SIGTERM each)', rolling);
  ok('a rolling restart fails no request', rolling.failed === 0, `${rolling.failed} failed`);

  // Every acknowledged write is stored (and every upload is in the bucket).
  const count = async (table: string, column: string, ids: (string | number)[]) => {
    if (ids.length === 0) return 0;
    const rows = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from ${sql.identifier(table)} where ${sql.identifier(column)}::text = any(${`{${ids.join(',')}}`}::text[])`,
    );
    return Number(rows.rows[0]!.n);
  };
  for (const [what, table, column, ids] of [
    ['posts', 'posts', 'id', acked.posts],
    ['uploads', 'media', 'id', acked.media],
    ['order forms', 'commission_forms', 'id', acked.forms],
    ['chat messages', 'chat_messages', 'id', acked.messages],
  ] as const) {
    const n = await count(table, column, ids);
    ok(`every acknowledged ${what} write is stored`, n === ids.length, `${n} of ${ids.length}`);
  }
  // Each stored upload's object, asked by key (HeadObject; s3rver's listing trips over the half-written
  // files of an instance killed mid-upload, which the app never acknowledged).
  const stored = await db.execute<{ key: string }>(
    sql`select storage_key as key from media where id::text = any(${`{${acked.media.join(',')}}`}::text[])`,
  );
  const s3Client = new S3Client({
    endpoint: s3.endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: {
      accessKeyId: bucket.env.S3_ACCESS_KEY_ID,
      secretAccessKey: bucket.env.S3_SECRET_ACCESS_KEY,
    },
  });
  const missing: string[] = [];
  for (const { key } of stored.rows)
    await s3Client
      .send(new HeadObjectCommand({ Bucket: bucket.bucket, Key: key }))
      .catch(() => missing.push(key));
  s3Client.destroy();
  ok('every acknowledged upload is in the bucket', missing.length === 0, `${missing.length} missing`);
  console.log(
    `  load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  bucket.close();
} finally {
  for (const p of proxies) await p.stop();
  for (const inst of instances) await stopInstance(inst, 'SIGKILL');
  await fresh.drop();
  await s3.close();
  await rm(dir, { recursive: true, force: true });
}
