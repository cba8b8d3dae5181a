import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_TOKEN_MAX, SESSION_TTL_MS } from '@brushline/shared/auth/constants';
import type { Role } from '@brushline/shared/roles';
import type { Db, DbOrTx } from '../db/client.ts';
import { unauthorized } from './errors.ts';
import { findLiveSession, insertSession, touchSession } from './sessions.repo.ts';
import { newToken, sha256 } from './tokens.ts';

export const SESSION_COOKIE = 'sid';
/** Refresh the sliding expiry at most this often, so reads do not write on every request. */
const TOUCH_EVERY_MS = 60 * 60 * 1000;

export interface Actor {
  id: string;
  login: string;
  roles: Role[];
  sessionHash: string;
  /** The reader's mature-content settings, read with the session: the feed needs no extra query. */
  displayNsfw: boolean;
  displayQuestionable: boolean;
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

/**
 * The signed-in user of a session token (from the cookie), or null. One lookup for HTTP requests
 * and hub connections alike. `lastSeenAt` tells the caller whether the sliding expiry is due.
 */
export async function actorFromToken(
  db: Db,
  token: string | undefined,
): Promise<(Actor & { lastSeenAt: Date }) | null> {
  if (!token || token.length > SESSION_TOKEN_MAX) return null;
  const idHash = sha256(token);
  const row = await findLiveSession(db, idHash);
  if (!row) return null;
  return {
    id: row.userId,
    login: row.login,
    roles: row.roles,
    sessionHash: idHash,
    displayNsfw: row.displayNsfw,
    displayQuestionable: row.displayQuestionable,
    lastSeenAt: row.lastSeenAt,
  };
}

/** Resolves request.actor from the session cookie on every /api request. */
export function registerSessions(app: FastifyInstance, db: Db) {
  app.decorateRequest('actor', null);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const found = await actorFromToken(db, request.cookies[SESSION_COOKIE]);
    if (!found) return;
    const { lastSeenAt, ...actor } = found;
    request.actor = actor;
    if (Date.now() - lastSeenAt.getTime() > TOUCH_EVERY_MS)
      await touchSession(db, actor.sessionHash, new Date(Date.now() + SESSION_TTL_MS));
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
