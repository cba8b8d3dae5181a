// The load of bench/cluster.ts: what users do, through the balancer, for a while.
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import sharp from 'sharp';
import { io, type Socket } from 'socket.io-client';
import { HUB_PATH, type ClientToServerEvents, type ServerToClientEvents } from '@brushline/shared/realtime';
import { percentile } from './chat-tools.ts';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;

export interface Scene {
  base: string;
  users: { id: string; login: string; cookie: string }[];
  rooms: { id: number; a: number; b: number }[];
  cardUuid: string;
}

/** What the app acknowledged (2xx, or a chat ack): each must be stored afterwards. */
export interface Acked {
  posts: number[];
  media: string[];
  forms: number[];
  messages: number[];
}

export interface Load {
  rps: number;
  p99: number;
  /** Answers other than 2xx and 429, and requests that got no answer. */
  failed: number;
  /** 429s: a user's own limit (shared by every instance through Redis). */
  limited: number;
  chatAcked: number;
  chatFailed: number;
  chatReceived: number;
  socketsAtEnd: number;
  /** The first unexpected answer of each kind of request, to say what failed. */
  firstFailures: Record<string, string>;
}

const HTTP_LOOPS = 16;
const CHAT_EVERY_MS = 500;
const png = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#2e86c1' } })
  .png()
  .toBuffer();

/** The mix, in turn: mostly reads, a write in four. */
const MIX = [
  'feed',
  'card',
  'feed',
  'notifications',
  'post',
  'feed',
  'card',
  'upload',
  'feed',
  'form',
] as const;

export async function runLoad(
  scene: Scene,
  seconds: number,
  acked: Acked,
  meanwhile: () => Promise<void> = async () => {},
): Promise<Load> {
  const { base, users } = scene;
  const latencies: number[] = [];
  let failed = 0;
  let limited = 0;
  const firstFailures: Record<string, string> = {};
  const ends = Date.now() + seconds * 1000;
  // 1 + n: user 0 is the artist; the chat's users are 1..2×rooms; writers are spread over the rest but the last two (cluster-checks.ts).
  const writer = (n: number) =>
    users[1 + 2 * scene.rooms.length + (n % (users.length - 3 - 2 * scene.rooms.length))]!;

  const request = async (path: string, init: RequestInit, onOk?: (body: unknown) => void) => {
    const kind = `${init.method ?? 'GET'} ${path.replace(/[?].*|[0-9a-f-]{36}/g, '')}`;
    const t0 = performance.now();
    try {
      const res = await fetch(`${base}${path}`, init);
      const body = res.headers.get('content-type')?.includes('json')
        ? await res.json()
        : await res.arrayBuffer();
      latencies.push(performance.now() - t0);
      if (res.status === 429) limited += 1;
      else if (res.status >= 300) {
        failed += 1;
        firstFailures[kind] ??= `${res.status} ${JSON.stringify(body).slice(0, 160)}`;
      } else onOk?.(body);
    } catch (err) {
      failed += 1;
      firstFailures[kind] ??= String(err);
    }
  };
  const json = (cookie: string, body: unknown): RequestInit => ({
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

  const loop = async (k: number) => {
    for (let n = k; Date.now() < ends; n += HTTP_LOOPS) {
      const user = writer(n);
      const op = MIX[n % MIX.length]!;
      if (op === 'feed') await request('/api/posts/filter?page=1', { headers: { cookie: user.cookie } });
      else if (op === 'card') await request(`/api/comissioncard/get/${scene.cardUuid}`, {});
      else if (op === 'notifications')
        await request('/api/notifications', { headers: { cookie: user.cookie } });
      else if (op === 'post')
        await request('/api/post', json(user.cookie, { postContent: `cluster ${n}`, maturity: 'sfw' }), (b) =>
          acked.posts.push((b as { id: number }).id),
        );
      else if (op === 'upload') {
        const form = new FormData();
        form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), `u${n}.png`);
        await request(
          '/api/media?purpose=post',
          { method: 'POST', headers: { cookie: user.cookie }, body: form },
          (b) => acked.media.push((b as { id: string }).id),
        );
      } else
        await request(
          '/api/comissionform/send',
          json(user.cookie, {
            cardUUID: scene.cardUuid,
            description: `order ${n}`,
            totalPrice: 20,
            showInQueue: false,
          }),
          (b) => acked.forms.push((b as { form: { id: number } }).form.id),
        );
    }
  };

  // Chat: both members of every room connected through the balancer, reconnecting as browsers do.
  let chatAcked = 0;
  let chatFailed = 0;
  let chatReceived = 0;
  const sockets: Client[] = [];
  for (const room of scene.rooms)
    for (const member of [room.a, room.b]) {
      const socket: Client = io(base, {
        path: HUB_PATH,
        transports: ['websocket'],
        extraHeaders: { cookie: users[member]!.cookie },
        forceNew: true,
        reconnectionDelay: 200,
        reconnectionDelayMax: 1000,
      });
      socket.on('MessageReceived', () => (chatReceived += 1));
      sockets.push(socket);
    }
  await Promise.all(
    sockets.map((s) => (s.connected ? null : new Promise((r) => s.once('connect', () => r(null))))),
  );
  const chat = async () => {
    for (let tick = 0; Date.now() < ends; tick += 1) {
      await Promise.all(
        scene.rooms.map(async (room, r) => {
          const socket = sockets[2 * r + (tick % 2)]!;
          if (!socket.connected) return void (chatFailed += 1);
          try {
            const ack = await socket.timeout(3000).emitWithAck('MessageSend', {
              room: room.id,
              clientId: randomUUID(),
              text: `t${tick}`,
              attachments: [],
            });
            if (ack.ok) {
              chatAcked += 1;
              acked.messages.push(ack.data.id);
            } else chatFailed += 1;
          } catch {
            chatFailed += 1;
          }
        }),
      );
      await sleep(CHAT_EVERY_MS);
    }
  };

  const started = performance.now();
  await Promise.all([...Array.from({ length: HTTP_LOOPS }, (_, k) => loop(k)), chat(), meanwhile()]);
  const elapsed = (performance.now() - started) / 1000;
  await sleep(1500); // a reconnecting socket has time to come back before it is counted
  const socketsAtEnd = sockets.filter((s) => s.connected).length;
  for (const s of sockets) s.disconnect();
  return {
    rps: latencies.length / elapsed,
    p99: Math.round(percentile(latencies, 99)),
    failed,
    limited,
    chatAcked,
    chatFailed,
    chatReceived,
    socketsAtEnd,
    firstFailures,
  };
}
