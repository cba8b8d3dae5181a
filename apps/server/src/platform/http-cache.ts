import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from './session.ts';

/**
 * HTTP caching of the answers that allow it (docs/caches.md): the public lists' Cache-Control, so
 * a proxy or CDN in front of the servers can answer anonymous readers, and ETags from the version
 * stamps the server computes anyway.
 */

/** The max-age of a list whose server-side cache keeps pages `ttlMs`: whole seconds, at least 1. */
export const listMaxAgeSeconds = (ttlMs: number) => Math.max(1, Math.floor(ttlMs / 1000));

/** What the API document says about a public list's caching. */
export const listCachingNote = (ttlMs: number) =>
  `Caching: without a session cookie the answer is the anonymous one, the same for everyone, sent with ` +
  `Cache-Control: public, max-age=${listMaxAgeSeconds(ttlMs)} (as long as the server keeps the page); with a ` +
  'session cookie Cache-Control: private, no-store. Vary: Cookie on both.';

/**
 * The onSend hook of a public list: a 200 to a request without a session cookie is the anonymous
 * answer, kept by shared caches for `ttlMs` (rounded down to whole seconds, at least 1); any other
 * answer is not stored. `Vary: Cookie` on both, so no shared cache gives the anonymous answer to
 * someone signed in.
 */
export function publicListCaching(ttlMs: number) {
  const maxAge = listMaxAgeSeconds(ttlMs);
  return async <P>(request: FastifyRequest, reply: FastifyReply, payload: P): Promise<P> => {
    const anonymous = reply.statusCode === 200 && !request.cookies[SESSION_COOKIE];
    reply.header('cache-control', anonymous ? `public, max-age=${maxAge}` : 'private, no-store');
    reply.header('vary', 'Cookie');
    return payload;
  };
}

/** A strong ETag of `parts` (a hash: the parts, an owner's id among them, are not shown). */
export const etagOf = (...parts: string[]) =>
  `"${createHash('sha256').update(parts.join('\n')).digest('base64url').slice(0, 32)}"`;

/** Whether the request's If-None-Match names `etag` (or is `*`); weak and strong tags compare alike. */
export function ifNoneMatch(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === etag;
  });
}
