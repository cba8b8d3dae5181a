import type { FastifyInstance } from 'fastify';
import { messages } from '@brushline/shared/messages';
import { AppError } from './errors.ts';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF defence beside SameSite cookies: a state-changing request whose Origin is neither
 * PUBLIC_URL nor the host it was sent to is refused. Requests without Origin (curl, server to
 * server) carry no browser cookies by accident and pass, unless the browser says cross-site.
 */
export function registerOriginCheck(app: FastifyInstance, publicUrl: string) {
  const publicOrigin = new URL(publicUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (SAFE.has(request.method)) return;
    const origin = request.headers.origin;
    if (origin === undefined) {
      if (request.headers['sec-fetch-site'] === 'cross-site') throw refused();
      return;
    }
    const own = `${request.protocol}://${request.headers.host ?? ''}`;
    if (origin !== publicOrigin && origin !== own) throw refused();
  });
}

const refused = () => new AppError(403, 'foreign_origin', messages.foreignOrigin);
