import type { IncomingMessage } from 'node:http';
import type { Server as HttpServer } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { attachRedisAdapter } from './hub-redis.ts';
import type { RedisConnection } from './redis.ts';
import type { Actor } from './session.ts';
import { Server } from 'socket.io';
import {
  HUB_PATH,
  WHO_IS_ONLINE_MAX,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '@brushline/shared/realtime';
import { isUuid } from '@brushline/shared/uuid';

interface SocketData {
  userId: string;
  /** Who signed the socket in, as the session check found them when it connected. */
  actor: Actor;
  /** The session the socket signed in with, so ending that session can drop the socket. */
  sessionHash: string;
}

type Io = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

/** Who sent a client event: the socket's user, and the socket (for per-socket throttles). */
export interface HubCaller {
  actor: Actor;
  socketId: string;
}

/**
 * A feature's handler of one client event. `args` is every argument the client sent before its
 * acknowledgement callback, untrusted (parse it): one object in the web app's form, or the SPEC's
 * argument list (`MessageSend(room, login, text, attachments)`). `reply` is the client's
 * acknowledgement callback when it sent one (always the last argument).
 */
export type HubHandler = (
  caller: HubCaller,
  args: unknown[],
  reply: ((answer: unknown) => void) | null,
) => void;

/** Client events features answer (the platform answers WhoIsOnline itself). */
export type HubClientEvent = Exclude<keyof ClientToServerEvents, 'WhoIsOnline'>;

/** What features use of the real-time hub: push to users' sockets, ask who is online, answer client events. */
export interface Hub {
  toUser<E extends keyof ServerToClientEvents>(
    userId: string,
    event: E,
    ...args: Parameters<ServerToClientEvents[E]>
  ): void;
  /** One emit to several users' sockets on every instance (each socket gets it once). */
  toUsers<E extends keyof ServerToClientEvents>(
    userIds: string[],
    event: E,
    ...args: Parameters<ServerToClientEvents[E]>
  ): void;
  /** Registers the handler of a client event (modules register theirs when the app is built). */
  handle(event: HubClientEvent, handler: HubHandler): void;
  /** The ids among `userIds` with at least one connected socket on any instance. */
  onlineAmong(userIds: string[]): Promise<Set<string>>;
  /**
   * Drops, on every instance, the sockets signed in with this session (logout). A socket checks
   * its session only when it connects, so without this it would keep receiving the user's events.
   */
  endSession(sessionHash: string): void;
  /** Drops every socket of the user on every instance (a password reset ended all their sessions). */
  endUserSessions(userId: string): void;
  /** Sockets connected to this instance now (metrics). */
  openSockets(): number;
  close(): Promise<void>;
}

const userRoom = (id: string) => `user:${id}`;
const sessionRoom = (sessionHash: string) => `session:${sessionHash}`;
/** The sockets watching a user's presence: those that asked WhoIsOnline about them. */
const presenceRoom = (id: string) => `presence:${id}`;
/** Users one socket watches at most; past this, the longest-watched are dropped first. */
export const PRESENCE_WATCH_MAX = 1000;

/** Who a connection signs in as, from its Cookie header; null refuses it. */
export type HubAuthenticator = (cookieHeader: string | undefined) => Promise<Actor | null>;

/**
 * Cross-site WebSocket hijacking guard: a browser always sends Origin, and it must be
 * PUBLIC_URL or the host the socket was opened on (either scheme, for a TLS proxy in front).
 * Clients without Origin (not a browser) carry no ambient cookies and pass to the session check.
 */
function sameOrigin(req: IncomingMessage, publicUrl: string): boolean {
  const origin = req.headers.origin;
  if (!origin) return true;
  const host = req.headers.host ?? '';
  return origin === new URL(publicUrl).origin || origin === `http://${host}` || origin === `https://${host}`;
}

/**
 * Socket.IO on the app's own HTTP server under /api/hub. A socket is signed in by the session
 * cookie and joins its user's room; with Redis, rooms span every instance (redis adapter), so
 * `toUser` reaches the user wherever they are connected.
 */
export function createHub(opts: {
  server: HttpServer;
  /** The session check (platform/session.ts): the hub itself knows no cookies and no tables. */
  authenticate: HubAuthenticator;
  publicUrl: string;
  redis?: RedisConnection;
  /** Redis channel prefix: every instance of one deployment uses the same. */
  channel?: string;
  log: FastifyBaseLogger;
  /** A failed session check (not a refused one); logged as an error unless given. */
  onAuthError?: (err: unknown) => void;
}): Hub {
  const io: Io = new Server(opts.server, {
    path: HUB_PATH,
    serveClient: false,
    allowRequest: (req, callback) => callback(null, sameOrigin(req, opts.publicUrl)),
  });
  // With Redis, rooms span every instance (the redis adapter, hub-redis.ts).
  const redisAdapter = opts.redis ? attachRedisAdapter(io, opts.redis, opts.channel) : null;
  /** Every instance's sockets, or only this one's while Redis is down (no waiting for a timeout). */
  const reach = () => (opts.redis?.watch.down ? io.local : io);

  io.use((socket, next) => {
    opts
      .authenticate(socket.request.headers.cookie)
      .then((actor) => {
        if (!actor) return next(new Error('unauthorized'));
        socket.data.userId = actor.id;
        socket.data.actor = actor;
        socket.data.sessionHash = actor.sessionHash;
        next();
      })
      .catch((err: unknown) => {
        if (opts.onAuthError) opts.onAuthError(err);
        else opts.log.error({ err }, 'hub auth failed');
        next(new Error('unavailable'));
      });
  });

  // While shutting down, sockets leaving are not users going offline: they reconnect elsewhere.
  let closing = false;
  const handlers = new Map<HubClientEvent, HubHandler>();

  io.on('connection', (socket) => {
    const { userId } = socket.data;
    const room = userRoom(userId);
    void socket.join([room, sessionRoom(socket.data.sessionHash)]);
    // Announced on every connection (not only the first): counting sockets first would race when
    // two tabs connect at once and neither would announce. Clients treat it as idempotent.
    // Only to the sockets watching this user (they asked WhoIsOnline about them): told to every
    // socket, N connections would cost N² events (decision 0016, "Presence").
    io.to(presenceRoom(userId)).emit('UserConnected', { userId });
    socket.on('disconnect', () => {
      if (closing) return;
      // Offline only when the last socket of this user, on any instance, has gone.
      reach()
        .in(room)
        .fetchSockets()
        .then((sockets) => {
          if (sockets.length === 0 && !closing)
            io.to(presenceRoom(userId)).emit('UserDisconnected', { userId });
        })
        .catch((err: unknown) => opts.log.warn({ err }, 'hub presence check failed'));
    });
    for (const [event, handler] of handlers) {
      (socket as unknown as { on: (e: string, f: (...args: unknown[]) => void) => void }).on(
        event,
        (...args: unknown[]) => {
          const caller = { actor: socket.data.actor, socketId: socket.id };
          const last = args.at(-1);
          const reply = typeof last === 'function' ? (last as (answer: unknown) => void) : null;
          try {
            handler(caller, reply ? args.slice(0, -1) : args, reply);
          } catch (err) {
            opts.log.error({ err, event }, 'hub handler failed');
          }
        },
      );
    }
    /** The users this socket watches, oldest first (a Set keeps insertion order). */
    const watching = new Set<string>();
    socket.on('WhoIsOnline', (ids, reply) => {
      if (!Array.isArray(ids) || typeof reply !== 'function') return;
      const wanted = ids.filter(isUuid).slice(0, WHO_IS_ONLINE_MAX);
      // Asking is watching: from now on this socket hears when they connect and leave.
      for (const id of wanted) {
        watching.delete(id);
        watching.add(id);
      }
      // Past the cap, the longest-watched go first (a Set iterates in insertion order).
      for (const id of watching) {
        if (watching.size <= PRESENCE_WATCH_MAX) break;
        watching.delete(id);
        void socket.leave(presenceRoom(id));
      }
      void socket.join(wanted.map(presenceRoom));
      onlineAmong(wanted)
        .then((set) => reply([...set]))
        .catch(() => reply([]));
    });
  });

  async function onlineAmong(userIds: string[]): Promise<Set<string>> {
    const online = new Set<string>();
    if (userIds.length === 0) return online;
    const rooms = userIds.map(userRoom);
    let sockets: { data: SocketData }[];
    try {
      sockets = await reach().in(rooms).fetchSockets();
    } catch (err) {
      // An instance that stops mid-request makes the Redis round trip time out. A presence dot is
      // not worth failing the page it sits on: answer what this instance knows.
      opts.log.warn({ err }, 'hub presence query failed; answering from this instance only');
      sockets = await io.local.in(rooms).fetchSockets();
    }
    for (const s of sockets) online.add(s.data.userId);
    return online;
  }

  return {
    toUser(userId, event, ...args) {
      io.to(userRoom(userId)).emit(event, ...args);
    },
    toUsers(userIds, event, ...args) {
      io.to(userIds.map(userRoom)).emit(event, ...args);
    },
    handle(event, handler) {
      handlers.set(event, handler);
    },
    onlineAmong,
    // The session rows are already gone when these run: a hub hiccup must not fail the logout or
    // reset that called them (those sockets can no longer reconnect anyway).
    endSession(sessionHash) {
      try {
        io.in(sessionRoom(sessionHash)).disconnectSockets(true);
      } catch (err) {
        opts.log.warn({ err }, 'could not drop the sockets of an ended session');
      }
    },
    endUserSessions(userId) {
      try {
        io.in(userRoom(userId)).disconnectSockets(true);
      } catch (err) {
        opts.log.warn({ err }, "could not drop the sockets of a user's ended sessions");
      }
    },
    openSockets: () => io.of('/').sockets.size,
    async close() {
      // Not io.close(): that would also close the HTTP server, which Fastify owns and closes itself.
      // Without this, open WebSockets would keep Fastify's server.close() waiting.
      closing = true;
      io.local.disconnectSockets(true);
      await Promise.allSettled([io.of('/').adapter.close()]);
      io.engine.close();
      await redisAdapter?.close();
    },
  };
}
