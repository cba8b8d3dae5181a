// Board benchmark (decision 0014): a board of 500 tasks in 12 columns, then `GET /api/board` and a
// whole-board save at 20 connections beside the raw health route, in one run, on a fresh PostgreSQL
// database (BENCH_DATABASE_URL or DATABASE_URL; created for the run and dropped after) or, without
// one, on in-memory PGlite (info only). Target: read p99 ≤ 25 ms on PostgreSQL.
// Run: `npx tsx bench/board.ts` (BENCH_SECONDS, default 10).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { Board } from '@brushline/shared/board/schemas';
import { cardBodySchema } from '@brushline/shared/cards/schemas';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import {
  createColumn,
  createTask,
  getOwnBoard,
  saveBoard,
} from '../apps/server/src/modules/board/board.service.ts';
import { createCard } from '../apps/server/src/modules/cards/cards.service.ts';
import { sendForm } from '../apps/server/src/modules/orders/orders.service.ts';
import { moveTask } from '../apps/server/src/modules/orders/transitions.service.ts';
import { grantRole, insertUser } from '../apps/server/src/modules/users/users.repo.ts';
import { hashPassword } from '../apps/server/src/platform/passwords.ts';
import { startSession, type Actor } from '../apps/server/src/platform/session.ts';
import { serveInChild } from './fresh-postgres.ts';
import { measure } from './measure.ts';

const READ_P99_MAX_MS = 25;
const TASKS = 500;
const COMMISSIONS = 60;
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = 20;

const pgUrl = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL;
let dbName: string | null = null;
let url: string | undefined;
if (pgUrl) {
  dbName = `brushline_bench_board_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  await admin.end();
  const u = new URL(pgUrl);
  u.pathname = `/${dbName}`;
  url = u.toString();
}
const dataDir = await mkdtemp(join(tmpdir(), 'brushline-bench-board-'));
const config = loadConfig({
  ...process.env,
  DATA_DIR: dataDir,
  DATABASE_URL: url ?? '',
  REDIS_URL: '',
  LOG_LEVEL: 'silent',
  SEED_DEMO: 'false',
});
const app = await buildApp({
  config,
  logger: false,
  webDist: null,
  rateLimitPrefix: `bench-board-${Date.now()}`,
});
try {
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const deps = app.deps;
  const user = async (login: string, artist: boolean): Promise<Actor> => {
    const id = await insertUser(deps.db, {
      login,
      email: `${login}@example.test`,
      passwordHash: await hashPassword('bench-pass'),
    });
    if (artist) await grantRole(deps.db, id, 'artist');
    const actor: Actor = {
      id,
      login,
      roles: artist ? ['artist'] : [],
      sessionHash: 'bench',
      displayNsfw: false,
      displayQuestionable: false,
      hideAi: false,
    };
    return actor;
  };
  const artist = await user('bench_artist', true);
  const buyer = await user('bench_buyer', false);
  const card = await createCard(
    deps,
    artist,
    cardBodySchema.parse({
      title: 'Portrait',
      infoProvidedByTheAuthor: '',
      startingPrice: 20,
      sections: [],
      cardBanner: null,
      thumbnailPicture: null,
      isOpenComission: true,
      isCommissionsOpen: true,
      // Paid on delivery (decision 0020), so the bench starts orders without a payment step.
      paymentPlan: {
        kind: 'milestones',
        milestones: [
          { name: 'First half', percent: 50, stage: 'delivery' },
          { name: 'Second half', percent: 50, stage: 'delivery' },
        ],
      },
    }),
  );
  for (let i = 0; i < COMMISSIONS; i += 1) {
    await deps.limits.reset('formSendUser', buyer.id);
    const form = await sendForm(deps, buyer, {
      cardUUID: card.uuid,
      description: `Order ${i}`,
      references: [],
      chosen: [],
      totalPrice: 20,
      showInQueue: false,
    });
    await moveTask(deps, artist, { taskId: form.task.id }, 'accept');
    if (i % 2 === 0) await moveTask(deps, artist, { taskId: form.task.id }, 'start');
  }
  for (let c = 0; c < 8; c += 1) {
    await createColumn(deps, artist, { title: `Stage ${c + 1}`, isPublic: c % 2 === 0, wipLimit: null });
  }
  let board = await getOwnBoard(deps, artist);
  for (let i = board.tasks.length; i < TASKS; i += 1) {
    const column = board.columns[i % board.columns.length]!;
    board = await createTask(deps, artist, {
      columnGuid: column.id,
      title: `Task ${i}`,
      description: 'Something to do',
      dueDate: null,
    });
  }
  // Spread the in-progress commissions over the stages, as an artist would.
  const stages = board.columns.filter((c) => c.systemKey === null);
  board = await saveBoard(deps, artist, {
    guid: board.guid,
    version: board.version,
    columns: board.columns.map((c) => ({ id: c.id, order: c.order })),
    tasks: board.tasks.map((t, i) => ({
      id: t.id,
      columnId: t.commission?.status === 'processing' ? stages[i % stages.length]!.id : t.columnId,
    })),
  });
  console.log(
    `board benchmark on ${app.database.kind}: ${board.tasks.length} tasks in ${board.columns.length} columns; ${seconds}s per route, ${connections} connections`,
  );
  const token = await startSession(deps.db, artist.id);
  const cookie = { cookie: `sid=${token}` };
  const opts = { seconds, connections };
  // On PostgreSQL the reads are measured on a server in its own process (as clients are not in the
  // server's event loop; BENCH_IN_PROCESS=1: this one); the saves below stay here, where the bench
  // can empty the per-user write limit between them.
  const child =
    url && process.env.BENCH_IN_PROCESS !== '1' ? await serveInChild(url, dataDir, 'board') : null;
  const readBase = child?.base ?? base;
  const raw = await measure(readBase, 'GET /api/health', '/api/health', opts);
  const read = await measure(readBase, 'GET /api/board (500 tasks)', '/api/board', opts, cookie);
  await child?.close();

  // Whole-board saves as the web app makes them: each connection sends the layout (one column's
  // tasks reversed) from the version it last saw; after a 409 board_stale it reads the board
  // again (GET /api/board, as the app reloads) and saves from that version. At 20 connections
  // many saves still lose the race (another connection saved in between): that is the design.
  const body = (version: number) => {
    const first = board.columns[0]!.id;
    const tasks = board.tasks.map((t) => ({ id: t.id, columnId: t.columnId }));
    const mine = tasks.filter((t) => t.columnId === first).reverse();
    const rest = tasks.filter((t) => t.columnId !== first);
    return JSON.stringify({
      guid: board.guid,
      version,
      columns: board.columns.map((c) => ({ id: c.id, order: c.order })),
      tasks: version % 2 ? [...mine, ...rest] : [...rest, ...mine.reverse()],
    });
  };
  const saveRun = async (conns: number) => {
    const codes = new Map<number, number>();
    const latencies: number[] = [];
    let refetches = 0;
    const ends = Date.now() + seconds * 1000;
    const readVersion = async () => {
      const res = await fetch(`${base}/api/board`, { headers: { ...cookie, 'accept-encoding': 'identity' } });
      if (res.status !== 200) throw new Error(`GET /api/board ${res.status}`);
      return ((await res.json()) as Board).version;
    };
    const worker = async () => {
      let version = await readVersion();
      while (Date.now() < ends) {
        // The bench measures what a save costs, not the per-user write limit (BOARD_WRITE_LIMIT),
        // which would refuse all but the first saves of the run: its counter is emptied first,
        // outside the timed part (a memory limiter here, so no round trip).
        await deps.limits.reset('boardWriteUser', artist.id);
        const t0 = performance.now();
        const res = await fetch(`${base}/api/board/update`, {
          method: 'PATCH',
          headers: { ...cookie, 'content-type': 'application/json', 'accept-encoding': 'identity' },
          body: body(version),
        });
        const text = await res.text();
        latencies.push(performance.now() - t0);
        codes.set(res.status, (codes.get(res.status) ?? 0) + 1);
        if (res.status === 200) version = (JSON.parse(text) as Board).version;
        else if (res.status === 409) {
          refetches += 1;
          version = await readVersion();
        }
      }
    };
    await Promise.all(Array.from({ length: conns }, worker));
    latencies.sort((a, b) => a - b);
    const p99 = Math.round(
      latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * 0.99))] ?? 0,
    );
    const ok = codes.get(200) ?? 0;
    const stale = codes.get(409) ?? 0;
    const other = [...codes].filter(([s]) => s !== 200 && s !== 409).reduce((n, [, k]) => n + k, 0);
    console.log(
      `  PATCH /api/board/update ×${String(conns).padEnd(2)}       ${(latencies.length / seconds).toFixed(0).padStart(7)} req/s   p99 ${String(p99).padStart(5)} ms   saved ${ok} (${(ok / seconds).toFixed(1)}/s), 409 stale ${stale} (each re-read: ${refetches}), other ${other}`,
    );
    return other;
  };
  // One connection: every save is from the current version, so each one validates and writes.
  let failures = await saveRun(1);
  failures += await saveRun(connections);
  const readOk = read.p99 <= READ_P99_MAX_MS;
  console.log(`  board read ÷ raw req/s          ${(read.rps / raw.rps).toFixed(2)}  (info)`);
  console.log(
    `  board read p99                  ${read.p99} ms  (target ≤ ${READ_P99_MAX_MS} ms on PostgreSQL)  ${
      app.database.kind === 'postgres' ? (readOk ? 'PASS' : 'FAIL') : 'info'
    }`,
  );
  if (raw.failures + read.failures + failures > 0 || (app.database.kind === 'postgres' && !readOk)) {
    process.exitCode = 1;
  }
} finally {
  await app.close();
  await rm(dataDir, { recursive: true, force: true });
  if (dbName && pgUrl) {
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${dbName}`);
    await admin.end();
  }
}
