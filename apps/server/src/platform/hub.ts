import type { IncomingMessage } from 'node:http';
import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { Server } from 'socket.io';
import { HUB_PATH, type ClientToServerEvents, type ServerToClientEvents } from '@brushline/shared/realtime';
import type { Db } from '../db/client.ts';
import { findLiveSession } from '../modules/auth/auth.repo.ts';
import { SESSION_COOKIE } from './session.ts';
import { sha256 } from './tokens.ts';

interface SocketData {
  userId: string;
}

type Io = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

/** What features use of the real-time hub: push to one user's sockets, ask who is online. */
export interface Hub {
  toUser<E extends keyof ServerToClientEvents>(
    userId: string,
    event: E,
    ...args: Parameters<ServerToClientEvents[E]>
  ): void;
  /** The ids among `userIds` with at least one connected socket on any instance. */
  onlineAmong(userIds: string[]): Promise<Set<string>>;
  close(): Promise<void>;
}

const userRoom = (id: string) => `user:${id}`;

function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return undefined;
}

function sameOrigin(req: IncomingMessage, publicUrl: string): boolean {
  const origin = req.headers.origin;
  if (!origin) return true;
  return origin === new URL(publicUrl).origin || origin === `http://${req.headers.host ?? ''}`;
}

/**
 * Socket.IO on the app's own HTTP server under /api/hub. A socket is signed in by the session
 * cookie and joins its user's room; with Redis, rooms span every instance (redis adapter), so
 * `toUser` reaches the user wherever they are connected.
 */
export function createHub(opts: {
  server: HttpServer;
  db: Db;
  publicUrl: string;
  redis?: Redis;
  log: FastifyBaseLogger;
}): Hub {
  const io: Io = new Server(opts.server, {
    path: HUB_PATH,
    serveClient: false,
    allowRequest: (req, callback) => callback(null, sameOrigin(req, opts.publicUrl)),
  });
  let pub: Redis | undefined;
  let sub: Redis | undefined;
  if (opts.redis) {
    pub = opts.redis.duplicate();
    sub = opts.redis.duplicate();
    io.adapter(createAdapter(pub, sub, { key: 'brushline-hub', requestsTimeout: 3000 }));
  }

  io.use((socket, next) => {
    const token = cookieValue(socket.request.headers.cookie, SESSION_COOKIE);
    if (!token || token.length > 100) return next(new Error('unauthorized'));
    findLiveSession(opts.db, sha256(token))
      .then((row) => {
        if (!row) return next(new Error('unauthorized'));
        socket.data.userId = row.userId;
        next();
      })
      .catch((err: unknown) => {
        opts.log.error({ err }, 'hub auth failed');
        next(new Error('unavailable'));
      });
  });

  io.on('connection', (socket) => {
    const { userId } = socket.data;
    const room = userRoom(userId);
    void socket.join(room);
    // Tell everyone only when the first socket of this user arrives and the last one leaves.
    void io
      .in(room)
      .fetchSockets()
      .then((sockets) => {
        if (sockets.length === 1) io.emit('UserConnected', { userId });
      })
      .catch(() => {});
    socket.on('disconnect', () => {
      void io
        .in(room)
        .fetchSockets()
        .then((sockets) => {
          if (sockets.length === 0) io.emit('UserDisconnected', { userId });
        })
        .catch(() => {});
    });
    socket.on('WhoIsOnline', (ids, reply) => {
      if (!Array.isArray(ids) || typeof reply !== 'function') return;
      const wanted = ids.filter((x): x is string => typeof x === 'string').slice(0, 200);
      onlineAmong(wanted)
        .then((set) => reply([...set]))
        .catch(() => reply([]));
    });
  });

  async function onlineAmong(userIds: string[]): Promise<Set<string>> {
    const online = new Set<string>();
    if (userIds.length === 0) return online;
    const sockets = await io.in(userIds.map(userRoom)).fetchSockets();
    for (const s of sockets) online.add(s.data.userId);
    return online;
  }

  return {
    toUser(userId, event, ...args) {
      io.to(userRoom(userId)).emit(event, ...args);
    },
    onlineAmong,
    async close() {
      // Not io.close(): that would also close the HTTP server, which Fastify owns and closes itself.
      io.local.disconnectSockets(true);
      io.engine.close();
      pub?.disconnect();
      sub?.disconnect();
    },
  };
}
