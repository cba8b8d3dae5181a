import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_TTL_MS } from '@brushline/shared/limits';
import type { Role } from '@brushline/shared/roles';
import type { Db, DbOrTx } from '../db/client.ts';
import { findLiveSession, insertSession, touchSession } from '../modules/auth/auth.repo.ts';
import { unauthorized } from './errors.ts';
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

/** Resolves request.actor from the session cookie on every /api request. */
export function registerSessions(app: FastifyInstance, db: Db) {
  app.decorateRequest('actor', null);
  app.addHook('onRequest', async (request) => {
    const token = request.cookies[SESSION_COOKIE];
    if (!token || token.length > 100 || !request.url.startsWith('/api/')) return;
    const idHash = sha256(token);
    const row = await findLiveSession(db, idHash);
    if (!row) return;
    request.actor = {
      id: row.userId,
      login: row.login,
      roles: row.roles,
      sessionHash: idHash,
      displayNsfw: row.displayNsfw,
      displayQuestionable: row.displayQuestionable,
    };
    if (Date.now() - row.lastSeenAt.getTime() > TOUCH_EVERY_MS)
      await touchSession(db, idHash, new Date(Date.now() + SESSION_TTL_MS));
  });
}
