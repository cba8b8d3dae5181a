// `npm run bench:chat`: the chat's real-time path under load (issue 10 §5). Two server instances
// (the compiled server, `npm run build` first) share a fresh PostgreSQL database and Redis;
// BENCH_SOCKETS sockets (default 1,000) in half as many rooms, each room's two members on
// different instances, so every message crosses Redis. Reports MessageSend → MessageReceived
// p50/p99 and messages/s beside a bare Socket.IO echo round trip measured in the same run, then a
// fault run: instance B is killed (SIGKILL) mid-load; its clients reconnect to A, resend what was
// not acknowledged with the same client id and fetch what they missed. Every acknowledged message
// must be stored and reach its recipient: the count lost must be 0.
// Needs BENCH_DATABASE_URL (or DATABASE_URL: a server where a database may be created) and REDIS_URL.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
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

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;

/** The p-th percentile of `xs` (nearest rank). */
function percentile(xs: number[], p: number): number {
  if (xs.length === 0) return NaN;
  const sorted = [...xs].sort((x, y) => x - y);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 1000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
/** Messages per second over all rooms; each room's first member sends in turn. */
const RATE = Number(process.env.BENCH_RATE ?? 500);
const PORTS = { a: 3335, b: 3336, echo: 3337 };

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

async function waitFor(url: string) {
  for (let i = 0; i < 600; i += 1) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not yet
    }
    await sleep(200);
  }
  throw new Error(`${url} did not answer`);
}

function startInstance(port: number): ChildProcess {
  const child = spawn(process.execPath, ['apps/server/dist/main.js'], {
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
  sender: Member;
  recipient: Member;
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

  const rooms: Room[] = [];
  for (let i = 0; i < roomIds.length; i += 1) {
    const [s, r] = [users[2 * i]!, users[2 * i + 1]!];
    const sender: Member = { ...s, port: PORTS.a, socket: await connect(PORTS.a, s.cookie) };
    const recipient: Member = { ...r, port: PORTS.b, socket: await connect(PORTS.b, r.cookie) };
    rooms.push({ id: roomIds[i]!, sender, recipient });
  }
  console.log(`${SOCKETS} sockets connected in ${rooms.length} rooms (senders on A, recipients on B)`);

  // 3. The bare echo: the same number of round trips per second, from 100 sockets.
  const echoClients = await Promise.all(
    Array.from({ length: 100 }, () => {
      const s = io(url(PORTS.echo), { transports: ['websocket'], forceNew: true, reconnection: false });
      return new Promise<Socket>((resolve) => s.once('connect', () => resolve(s)));
    }),
  );
  const echoTimes: number[] = [];
  const echoEnd = Date.now() + Math.min(SECONDS, 10) * 1000;
  let e = 0;
  while (Date.now() < echoEnd) {
    const s = echoClients[e % echoClients.length]!;
    e += 1;
    const t0 = performance.now();
    void s.emitWithAck('echo', { n: e }).then(() => echoTimes.push(performance.now() - t0));
    await sleep(1000 / RATE);
  }
  await sleep(1000);

  // 4. Chat load: MessageSend → the recipient's MessageReceived, across instances.
  const sentAt = new Map<string, number>();
  const latencies: number[] = [];
  const received = new Map<number, Set<number>>();
  const acked = new Map<string, { roomId: number; id: number }>();
  const onReceived = (room: Room) => (m: ChatMessage) => {
    if (m.senderId === room.recipient.id) return;
    const t0 = sentAt.get(m.clientId);
    if (t0 !== undefined && !received.get(room.id)?.has(m.id)) latencies.push(performance.now() - t0);
    (received.get(room.id) ?? received.set(room.id, new Set()).get(room.id)!).add(m.id);
  };
  for (const room of rooms) room.recipient.socket.on('MessageReceived', onReceived(room));
  const unacked = new Map<string, { room: Room; text: string }>();
  const send = (room: Room, clientId: string, text: string) => {
    unacked.set(clientId, { room, text });
    sentAt.set(clientId, performance.now());
    room.sender.socket
      .timeout(10_000)
      .emitWithAck('MessageSend', { room: room.id, clientId, text, attachments: [] })
      .then((answer) => {
        if (answer.ok) {
          acked.set(clientId, { roomId: room.id, id: answer.data.id });
          unacked.delete(clientId);
        }
      })
      .catch(() => undefined);
  };
  async function load(seconds: number, during?: (elapsed: number) => void) {
    const end = Date.now() + seconds * 1000;
    const start = Date.now();
    let n = 0;
    while (Date.now() < end) {
      const room = rooms[n % rooms.length]!;
      n += 1;
      if (room.sender.socket.connected) send(room, randomUUID(), `m${n}`);
      during?.(Date.now() - start);
      await sleep(1000 / RATE);
    }
    return n;
  }
  const t0 = Date.now();
  const attempted = await load(SECONDS);
  await sleep(2000);
  const elapsed = (Date.now() - t0) / 1000;
  const delivered = latencies.length;
  const fmt = (xs: number[]) =>
    `p50 ${percentile(xs, 50).toFixed(1)} ms, p99 ${percentile(xs, 99).toFixed(1)} ms (${xs.length} samples)`;
  const p99 = percentile(latencies, 99);
  const echoP99 = percentile(echoTimes, 99);
  console.log(`bare Socket.IO echo:             ${fmt(echoTimes)}`);
  console.log(`MessageSend → MessageReceived:   ${fmt(latencies)}`);
  console.log(
    `throughput: ${(delivered / elapsed).toFixed(0)} messages/s delivered of ${attempted} sent at ${RATE}/s; acked ${acked.size}`,
  );
  console.log(
    `targets: p99 ≤ 150 ms ${p99 <= 150 ? 'met' : 'MISSED'}; p99 ≤ 5× echo p99 (${(5 * echoP99).toFixed(1)} ms) ${p99 <= 5 * echoP99 ? 'met' : 'MISSED'}`,
  );

  // 5. Fault run: kill B mid-load. Senders are on A and recipients on B, so move half the senders
  // to B first: both sides of the fault are then exercised (lost acks, dropped recipients).
  for (const room of rooms.slice(0, rooms.length / 2)) {
    room.sender.socket.disconnect();
    room.sender.port = PORTS.b;
    room.sender.socket = await connect(PORTS.b, room.sender.cookie);
  }
  acked.clear();
  unacked.clear();
  received.clear();
  let killed = false;
  await load(Math.max(10, SECONDS / 2), (ms) => {
    if (!killed && ms > 4000) {
      killed = true;
      b.kill('SIGKILL');
      console.log('fault: instance B killed (SIGKILL) mid-load');
    }
  });
  // Everyone who was on B comes back through A (as a load balancer would send them), resends
  // what had no ack with the same client id, and fetches what arrived since the last message held.
  for (const room of rooms) {
    for (const m of [room.sender, room.recipient]) {
      if (m.port !== PORTS.b) continue;
      m.socket.disconnect();
      m.port = PORTS.a;
      m.socket = await connect(PORTS.a, m.cookie);
      if (m === room.recipient) m.socket.on('MessageReceived', onReceived(room));
    }
  }
  for (const [clientId, { room, text }] of [...unacked]) send(room, clientId, text);
  await sleep(3000);
  let lost = 0;
  for (const room of rooms) {
    const res = await fetch(`${url(PORTS.a)}/api/messages/chat/${room.id}/q?after=0`, {
      headers: { cookie: room.recipient.cookie },
    });
    let page = (await res.json()) as ChatMessagePage;
    const all = [...page.items];
    while (page.nextCursor !== null) {
      const next = await fetch(`${url(PORTS.a)}/api/messages/chat/${room.id}/q?after=${page.nextCursor}`, {
        headers: { cookie: room.recipient.cookie },
      });
      page = (await next.json()) as ChatMessagePage;
      all.push(...page.items);
    }
    const have = new Set([...(received.get(room.id) ?? []), ...all.map((m) => m.id)]);
    for (const ack of acked.values()) if (ack.roomId === room.id && !have.has(ack.id)) lost += 1;
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
  for (const room of rooms) {
    room.sender.socket.disconnect();
    room.recipient.socket.disconnect();
  }
  echoClients.forEach((s) => s.disconnect());
  await database.close();
  a.kill('SIGTERM');
  if (lost + (acked.size - storedCount) !== 0 || p99 > 150) process.exitCode = 1;
} finally {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  await sleep(500);
  await admin.query(`drop database if exists "${dbName}" with (force)`);
  await admin.end();
  await rm(dataDir, { recursive: true, force: true });
}
