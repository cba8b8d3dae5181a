import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_TOKEN_MAX, SESSION_TTL_MS } from '@brushline/shared/auth/constants';
import type { Role } from '@brushline/shared/roles';
import type { Db, DbOrTx } from '../db/client.ts';
import { cacheTopic, defineBusCache, hear } from './bus-cache.ts';
import type { CacheBus } from './cache-bus.ts';
import { unauthorized } from './errors.ts';
import { findLiveSession, insertSession, touchSession } from './sessions.repo.ts';
import { newToken, sha256 } from './tokens.ts';

export const SESSION_COOKIE = 'sid';
/** Refresh the sliding expiry at most this often, so reads do not write on every request. */
const TOUCH_EVERY_MS = 60 * 60 * 1000;
/**
 * How long a session lookup is reused without asking the database (docs/decisions/0006). Logout,
 * password reset and settings changes made through the app reach every instance's cache at once
 * over the cache bus; this bounds only what changes behind the app's back (the admin CLI, SQL).
 */
export const SESSION_CACHE_TTL_MS = 2000;
const SESSION_CACHE_MAX = 10_000;
type SessionMessage = { sessionHash: string } | { userId: string };
/** The cache bus topic of session invalidations. */
const sessionTopic = cacheTopic<SessionMessage>('session');
export const SESSION_TOPIC = sessionTopic.name;

export interface Actor {
  id: string;
  login: string;
  roles: Role[];
  sessionHash: string;
  /** The reader's mature-content settings, read with the session: the feed needs no extra query. */
  displayNsfw: boolean;
  displayQuestionable: boolean;
  /** Decision 0025: AI-labelled posts, images and cards leave this reader's lists. */
  hideAi: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
  }
}

export function requireActor(request: FastifyRequest): Actor {
  if (!request.actor) throw unauthorized();
  return request.actor;
}

export function setSessionCookie(reply: FastifyReply, token: string, secure: boolean) {
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: '/',
    maxAge: Math.floor(SESSION_TTL_MS / 1000),
  });
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean) {
  reply.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', secure, path: '/' });
}

/** Creates a session: the token goes to the cookie, only its hash is stored. */
export async function startSession(db: DbOrTx, userId: string): Promise<string> {
  const token = newToken();
  await insertSession(db, {
    idHash: sha256(token),
    userId,
    expiresAt: new Date(Date.now() + SESSION_TTL_MS),
  });
  return token;
}

interface FoundSession {
  actor: Actor;
  /** Whether the sliding expiry is due (ms since the epoch). */
  lastSeenAt: number;
  expiresAt: number;
}

async function findSession(db: Db, idHash: string): Promise<FoundSession | null> {
  const row = await findLiveSession(db, idHash);
  if (!row) return null;
  return {
    actor: {
      id: row.userId,
      login: row.login,
      roles: row.roles,
      sessionHash: idHash,
      displayNsfw: row.displayNsfw,
      displayQuestionable: row.displayQuestionable,
      hideAi: row.hideAi,
    },
    lastSeenAt: row.lastSeenAt.getTime(),
    expiresAt: row.expiresAt.getTime(),
  };
}

/** The signed-in user of a session token (from the cookie), or null: the hub's check on connect. */
export async function actorFromToken(db: Db, token: string | undefined): Promise<Actor | null> {
  if (!token || token.length > SESSION_TOKEN_MAX) return null;
  return (await findSession(db, sha256(token)))?.actor ?? null;
}

/** Session lookups by token hash (one cache per bus). */
const sessionCache = defineBusCache<FoundSession>({
  name: 'sessions',
  max: SESSION_CACHE_MAX,
  ttlMs: SESSION_CACHE_TTL_MS,
  hears: [
    hear(sessionTopic, (cache, m) => {
      if ('sessionHash' in m) cache.forget(m.sessionHash);
      else cache.invalidate((s) => s.actor.id === m.userId);
    }),
  ],
});

/** Every instance drops this session from its cache (logout); applied here before it resolves. */
export const sessionEnded = (bus: CacheBus, sessionHash: string) =>
  sessionTopic.publish(bus, { sessionHash });

/** Every instance re-reads the user's sessions (all ended, or settings and roles changed). */
export const userSessionsChanged = (bus: CacheBus, userId: string) => sessionTopic.publish(bus, { userId });

/**
 * Resolves request.actor from the session cookie on every /api request. Lookups are cached for
 * SESSION_CACHE_TTL_MS: a signed-in page then costs no session query (docs/decisions/0006).
 */
export function registerSessions(app: FastifyInstance, db: Db, bus: CacheBus) {
  const cache = sessionCache(bus);

  app.decorateRequest('actor', null);
  app.addHook('onRequest', async (request) => {
    const token = request.cookies[SESSION_COOKIE];
    if (!token || token.length > SESSION_TOKEN_MAX || !request.url.startsWith('/api/')) return;
    const idHash = sha256(token);
    // Kept never past the session's own expiry.
    const session = await cache.load(idHash, () => findSession(db, idHash), {
      ttlMs: (s) => s.expiresAt - Date.now(),
    });
    if (!session) return;
    request.actor = session.actor;
    if (Date.now() - session.lastSeenAt > TOUCH_EVERY_MS) {
      session.lastSeenAt = Date.now();
      await touchSession(db, idHash, new Date(Date.now() + SESSION_TTL_MS));
    }
  });
}

/**
 * The hub's session check: the Cookie header of a handshake read by the same parser Fastify uses
 * for requests (@fastify/cookie, registered on `app` before the first connection arrives).
 */
export function hubAuthenticator(app: FastifyInstance, db: Db) {
  return (cookieHeader: string | undefined) =>
    actorFromToken(db, cookieHeader ? app.parseCookie(cookieHeader)[SESSION_COOKIE] : undefined);
}
