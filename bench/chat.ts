// `npm run bench:chat`: the chat's real-time path under load (decision 0016). Two server instances
// (the compiled server, `npm run build` first) share a fresh PostgreSQL database and Redis;
// BENCH_SOCKETS sockets (default 1,000) in half as many rooms, each room's two members on
// different instances, so every message crosses Redis.
//
// The offered load is fixed and realistic, not "as fast as possible": every socket sends one
// message every BENCH_INTERVAL_MS (default 5,000 ms: 1,000 sockets offer 200 messages/s), the
// sends spread evenly over the interval and scheduled by the clock (a late tick sends what is
// due, so the rate does not drift with timer lag). An offered rate above what the machine can
// serve would measure the bench's own queue, not the chat. Users and sessions are written
// straight to the database before the run (no sign-in, no argon2 in the window), the sockets
// connect before it, and the first BENCH_WARMUP_SECONDS (default 5) of load are not counted.
// Reports MessageSend → MessageReceived (at the other member) p50/p99, MessageSend → ack p99,
// the achieved messages/s, any refused sends by code (a rate limit answering would show here),
// and the load average, beside a bare Socket.IO echo round trip at the same rate in the same run.
// Then a fault run: instance B is killed (SIGKILL) mid-load; its clients reconnect to A, resend
// what was not acknowledged with the same client id and fetch what they missed. Every
// acknowledged message must be stored and reach its recipient: the count lost must be 0.
// Needs BENCH_DATABASE_URL (or DATABASE_URL: a server where a database may be created) and REDIS_URL.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import type { ChatMessage, ChatMessagePage } from '@brushline/shared/chat/schemas';
import { HUB_PATH, type ClientToServerEvents, type ServerToClientEvents } from '@brushline/shared/realtime';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { runMigrations } from '../apps/server/src/db/migrate.ts';
import { upsertRoom } from '../apps/server/src/modules/chat/chat.repo.ts';
import { insertUser } from '../apps/server/src/modules/users/users.repo.ts';
import { startSession } from '../apps/server/src/platform/session.ts';

import { atRate, p99PerSecond, percentile, waitFor } from './chat-tools.ts';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 1000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const WARMUP = Number(process.env.BENCH_WARMUP_SECONDS ?? 5);
/** Each socket sends one message this often. */
const INTERVAL_MS = Number(process.env.BENCH_INTERVAL_MS ?? 5000);
/** The offered rate over all sockets, messages per second. */
const RATE = (SOCKETS * 1000) / INTERVAL_MS;
const BASE_PORT = Number(process.env.BENCH_PORT ?? 3220);
const PORTS = { a: BASE_PORT, b: BASE_PORT + 1, echo: BASE_PORT + 2 };

const baseUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
if (!baseUrl || !redisUrl) {
  console.error('bench:chat needs BENCH_DATABASE_URL (or DATABASE_URL) and REDIS_URL');
  process.exit(2);
}
const dbName = `brushline_chat_bench_${process.pid}`;
const admin = new pg.Client({ connectionString: baseUrl });
await admin.connect();
await admin.query(`create database "${dbName}"`);
const target = new URL(baseUrl);
target.pathname = `/${dbName}`;
const dataDir = await mkdtemp(join(tmpdir(), 'brushline-chat-bench-'));
const children: ChildProcess[] = [];

function startInstance(port: number): ChildProcess {
  // BENCH_NODE_ARGS: extra node flags for both instances (e.g. `--cpu-prof --cpu-prof-dir=/tmp/p`).
  const nodeArgs = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeArgs, 'apps/server/dist/main.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: target.toString(),
      REDIS_URL: redisUrl,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  children.push(child);
  return child;
}

const url = (port: number) => `http://127.0.0.1:${port}`;
function connect(port: number, cookie: string): Promise<Client> {
  const socket: Client = io(url(port), {
    path: HUB_PATH,
    transports: ['websocket'],
    extraHeaders: { cookie },
    reconnection: false,
    forceNew: true,
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

interface Member {
  id: string;
  cookie: string;
  port: number;
  socket: Client;
}
interface Room {
  id: number;
  members: [Member, Member];
}

try {
  // 1. Database, users with sessions, rooms: straight through the repositories (not measured).
  const database = await openDatabase({ url: target.toString() });
  await runMigrations(database);
  const users: { id: string; cookie: string }[] = [];
  for (let i = 0; i < SOCKETS; i += 1) {
    const id = await insertUser(database.db, {
      login: `cb${i}`,
      email: `cb${i}@bench.test`,
      passwordHash: 'x',
    });
    users.push({ id, cookie: `sid=${await startSession(database.db, id)}` });
  }
  const roomIds: number[] = [];
  for (let i = 0; i < SOCKETS / 2; i += 1)
    roomIds.push(await upsertRoom(database.db, 'casual', users[2 * i]!.id, users[2 * i + 1]!.id));

  // 2. Two instances and the bare echo server.
  const a = startInstance(PORTS.a);
  const b = startInstance(PORTS.b);
  const echo = spawn(process.execPath, ['bench/echo-server.mjs'], {
    env: { ...process.env, PORT: String(PORTS.echo) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(echo);
  await Promise.all([waitFor(`${url(PORTS.a)}/api/health`), waitFor(`${url(PORTS.b)}/api/health`)]);
  await sleep(500);

  // Each room's first member on A, the second on B: every message crosses Redis.
  const rooms: Room[] = [];
  for (let i = 0; i < roomIds.length; i += 1) {
    const [s, r] = [users[2 * i]!, users[2 * i + 1]!];
    const first: Member = { ...s, port: PORTS.a, socket: await connect(PORTS.a, s.cookie) };
    const second: Member = { ...r, port: PORTS.b, socket: await connect(PORTS.b, r.cookie) };
    rooms.push({ id: roomIds[i]!, members: [first, second] });
  }
  // Presence (UserConnected) goes only to sockets that asked WhoIsOnline about the user; none here
  // did, so 1,000 connections cost no N² events (before, ~500,000 had to arrive before timing).
  let presence = 0;
  for (const room of rooms) for (const m of room.members) m.socket.on('UserConnected', () => (presence += 1));
  await sleep(1000);
  console.log(`presence: ${presence} UserConnected events arrived (watchers only: expected 0)`);
  console.log(
    `${SOCKETS} sockets connected in ${rooms.length} rooms (one member on A, the other on B); ` +
      `offered load: each socket sends one message every ${INTERVAL_MS} ms = ${RATE} messages/s`,
  );

  // 3. The bare echo: the same round trips per second, from 100 sockets.
  const echoClients = await Promise.all(
    Array.from({ length: 100 }, () => {
      const s = io(url(PORTS.echo), { transports: ['websocket'], forceNew: true, reconnection: false });
      return new Promise<Socket>((resolve) => s.once('connect', () => resolve(s)));
    }),
  );
  const echoTimes: number[] = [];
  await atRate(RATE, Math.min(SECONDS, 10), (n) => {
    const t0 = performance.now();
    void echoClients[n % echoClients.length]!.emitWithAck('echo', { n }).then(() =>
      echoTimes.push(performance.now() - t0),
    );
  });
  await sleep(1000);

  // 4. Chat load: MessageSend → MessageReceived at the other member, across instances.
  const sentAt = new Map<string, number>();
  let counting = false;
  const latencies: number[] = [];
  /** [sent at, latency]: where in the run the slow ones were (a stall, or spread out). */
  const timeline: [number, number][] = [];
  const ackTimes: number[] = [];
  const refused = new Map<string, number>();
  /** Message ids each member has received live, by user id. */
  const received = new Map<string, Set<number>>();
  const acked = new Map<string, { roomId: number; id: number; recipient: Member }>();
  const unacked = new Map<string, { room: Room; from: 0 | 1; text: string }>();
  const listen = (member: Member) =>
    member.socket.on('MessageReceived', (m: ChatMessage) => {
      if (m.senderId === member.id) return;
      const got = received.get(member.id) ?? received.set(member.id, new Set()).get(member.id)!;
      const t0 = sentAt.get(m.clientId);
      if (counting && t0 !== undefined && !got.has(m.id)) {
        latencies.push(performance.now() - t0);
        timeline.push([t0, performance.now() - t0]);
      }
      got.add(m.id);
    });
  for (const room of rooms) room.members.forEach(listen);
  const send = (room: Room, from: 0 | 1, clientId: string, text: string) => {
    const sender = room.members[from];
    unacked.set(clientId, { room, from, text });
    const t0 = performance.now();
    sentAt.set(clientId, t0);
    sender.socket
      .timeout(10_000)
      .emitWithAck('MessageSend', { room: room.id, clientId, text, attachments: [] })
      .then((answer) => {
        if (counting) ackTimes.push(performance.now() - t0);
        if (answer.ok) {
          acked.set(clientId, { roomId: room.id, id: answer.data.id, recipient: room.members[1 - from]! });
          unacked.delete(clientId);
        } else refused.set(answer.error.code, (refused.get(answer.error.code) ?? 0) + 1);
      })
      .catch(() => refused.set('no answer in 10 s', (refused.get('no answer in 10 s') ?? 0) + 1));
  };
  /** Socket n of the 2 × rooms sends: members alternate, so every socket sends once per interval. */
  const fire = (n: number) => {
    const i = n % SOCKETS;
    const room = rooms[Math.floor(i / 2)]!;
    const from = (i % 2) as 0 | 1;
    if (room.members[from].socket.connected) send(room, from, randomUUID(), `m${n}`);
  };
  await atRate(RATE, WARMUP, fire);
  counting = true;
  const load = await atRate(RATE, SECONDS, fire);
  const load1 = loadavg()[0]!;
  await sleep(3000);
  counting = false;
  const fmt = (xs: number[]) =>
    `p50 ${percentile(xs, 50).toFixed(1)} ms, p99 ${percentile(xs, 99).toFixed(1)} ms (${xs.length} samples)`;
  const p99 = percentile(latencies, 99);
  const echoP99 = percentile(echoTimes, 99);
  console.log(`bare Socket.IO echo:             ${fmt(echoTimes)}`);
  console.log(`MessageSend → MessageReceived:   ${fmt(latencies)}`);
  console.log(`MessageSend → ack:               ${fmt(ackTimes)}`);
  console.log(
    `throughput: ${load.sent} sent in ${load.seconds.toFixed(1)} s = ${(load.sent / load.seconds).toFixed(0)} messages/s ` +
      `(offered ${RATE}/s), ${latencies.length} delivered; refused: ${refused.size === 0 ? 'none' : JSON.stringify(Object.fromEntries(refused))}`,
  );
  console.log(`p99 per second of the run: ${p99PerSecond(timeline).join(' ')}`);
  console.log(
    `ratio p99 / echo p99: ${(p99 / echoP99).toFixed(1)}×; load average (1 min) at the end of the load: ${load1.toFixed(2)}`,
  );
  console.log(
    `targets: p99 ≤ 150 ms ${p99 <= 150 ? 'met' : 'MISSED'}; p99 ≤ 5× echo p99 (${(5 * echoP99).toFixed(1)} ms) ${p99 <= 5 * echoP99 ? 'met' : 'MISSED'}`,
  );

  // 5. Fault run: kill B mid-load. B holds one member of every room, so both sides of the fault
  // are exercised: sends whose ack died with B, and recipients dropped before delivery.
  acked.clear();
  unacked.clear();
  received.clear();
  let killed = false;
  await atRate(RATE, Math.max(10, SECONDS / 2), (n, elapsed) => {
    if (!killed && elapsed > 4000) {
      killed = true;
      b.kill('SIGKILL');
      console.log('fault: instance B killed (SIGKILL) mid-load');
    }
    fire(n);
  });
  // Everyone who was on B comes back through A (as a load balancer would send them), resends
  // what had no ack with the same client id, and fetches what arrived since the last message held.
  for (const room of rooms) {
    for (const m of room.members) {
      if (m.port !== PORTS.b) continue;
      m.socket.disconnect();
      m.port = PORTS.a;
      m.socket = await connect(PORTS.a, m.cookie);
      listen(m);
    }
  }
  for (const [clientId, { room, from, text }] of [...unacked]) send(room, from, clientId, text);
  await sleep(3000);
  let lost = 0;
  for (const room of rooms) {
    const reader = room.members[1];
    const get = async (after: number) =>
      (await (
        await fetch(`${url(PORTS.a)}/api/messages/chat/${room.id}/q?after=${after}`, {
          headers: { cookie: reader.cookie },
        })
      ).json()) as ChatMessagePage;
    let page = await get(0);
    const fetched = new Set(page.items.map((m) => m.id));
    while (page.nextCursor !== null) {
      page = await get(page.nextCursor);
      page.items.forEach((m) => fetched.add(m.id));
    }
    for (const ack of acked.values())
      if (ack.roomId === room.id && !fetched.has(ack.id) && !received.get(ack.recipient.id)?.has(ack.id))
        lost += 1;
  }
  const check = new pg.Client({ connectionString: target.toString() });
  await check.connect();
  const stored = await check.query<{ n: number }>(
    'select count(*)::int as n from chat_messages where id = any($1::int[])',
    [[...acked.values()].map((x) => x.id)],
  );
  await check.end();
  const storedCount = stored.rows[0]!.n;
  console.log(
    `fault run: ${acked.size} acknowledged, ${storedCount} of them in the database, lost ${lost + (acked.size - storedCount)} (must be 0)`,
  );
  for (const room of rooms) room.members.forEach((m) => m.socket.disconnect());
  echoClients.forEach((s) => s.disconnect());
  await database.close();
  // A graceful stop (a profile from BENCH_NODE_ARGS is written on exit), at most 10 s.
  const stopped = new Promise((resolve) => a.once('exit', resolve));
  a.kill('SIGTERM');
  await Promise.race([stopped, sleep(10_000)]);
  if (lost + (acked.size - storedCount) !== 0 || p99 > 150 || p99 > 5 * echoP99) process.exitCode = 1;
} finally {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  await sleep(500);
  await admin.query(`drop database if exists "${dbName}" with (force)`);
  await admin.end();
  await rm(dataDir, { recursive: true, force: true });
}
