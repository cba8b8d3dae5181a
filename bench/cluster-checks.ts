// bench/cluster.ts's checks that a user meets the same app whichever instance answers: asked of the
// instances directly, so each half of a check is known to be answered by a different instance.
import { io, type Socket } from 'socket.io-client';
import { POST_LIMITS } from '@brushline/shared/posts/constants';
import { HUB_PATH, type ClientToServerEvents, type ServerToClientEvents } from '@brushline/shared/realtime';
import type { Instance } from './cluster-tools.ts';
import type { Scene } from './cluster-load.ts';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;
type Ok = (what: string, pass: boolean, detail?: string) => void;

export async function checkSameEverywhere(scene: Scene, [a, b]: [Instance, Instance], ok: Ok) {
  const at = (i: Instance, path: string, init: RequestInit = {}) =>
    fetch(`http://127.0.0.1:${i.port}${path}`, init);
  // Users nobody else in the run writes as: the last two.
  const poster = scene.users.at(-1)!;
  const reader = scene.users.at(-2)!;

  // A session started anywhere is known everywhere (sessions live in PostgreSQL, cached per instance).
  const [sa, sb] = await Promise.all(
    [a, b].map((i) => at(i, '/api/sessioncheck', { headers: { cookie: reader.cookie } })),
  );
  ok('one session on both instances', sa!.ok && sb!.ok, `${sa!.status}, ${sb!.status}`);

  // A post written on a shows on b's feed at once: b's cached page was dropped through Redis.
  await at(b, '/api/posts/filter?page=1');
  const made = await at(a, '/api/post', {
    method: 'POST',
    headers: { cookie: poster.cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ postContent: 'cache check', maturity: 'sfw' }),
  });
  const id = ((await made.json()) as { id: number }).id;
  const page = (await (await at(b, '/api/posts/filter?page=1')).json()) as { items: { id: number }[] };
  const first = page.items[0]?.id;
  ok("b's cached feed shows a's new post at once", first === id, `first ${first}, new ${id}`);

  // A user's post limit is one count, whichever instance takes each post.
  const limit = POST_LIMITS.perMinute.points;
  const codes: number[] = [];
  for (let n = 1; n < limit + 2; n += 1) {
    const res = await at(n % 2 ? b : a, '/api/post', {
      method: 'POST',
      headers: { cookie: poster.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ postContent: `limit ${n}`, maturity: 'sfw' }),
    });
    codes.push(res.status);
  }
  const accepted = 1 + codes.filter((c) => c === 200 || c === 201).length;
  ok(
    `the post limit (${limit} a minute) counts across instances`,
    accepted === limit && codes.at(-1) === 429,
    `${accepted} accepted, then ${codes.at(-1)}`,
  );

  // A chat room spans instances: a member on a writes, the member on b receives.
  const room = scene.rooms[0]!;
  const connect = (i: Instance, cookie: string) =>
    new Promise<Client>((resolve, reject) => {
      const s: Client = io(`http://127.0.0.1:${i.port}`, {
        path: HUB_PATH,
        transports: ['websocket'],
        extraHeaders: { cookie },
        forceNew: true,
        reconnection: false,
      });
      s.once('connect', () => resolve(s));
      s.once('connect_error', reject);
    });
  const [sender, receiver] = await Promise.all([
    connect(a, scene.users[room.a]!.cookie),
    connect(b, scene.users[room.b]!.cookie),
  ]);
  const received = new Promise<string>((resolve) => receiver.once('MessageReceived', (m) => resolve(m.text)));
  await sender.emitWithAck('MessageSend', {
    room: room.id,
    clientId: crypto.randomUUID(),
    text: 'across',
    attachments: [],
  });
  const text = await Promise.race([
    received,
    new Promise<string>((r) => setTimeout(() => r('(nothing in 3 s)'), 3000)),
  ]);
  ok('a message sent on a reaches the member on b', text === 'across', text);
  sender.disconnect();
  receiver.disconnect();
}
