import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { errorBody } from './errors.ts';

/**
 * Serves the built SPA from the same port: hashed assets cached for a year, index.html never
 * cached, and every non-API GET that matches no file answered with index.html (client routes).
 */
export async function registerWeb(app: FastifyInstance, dist: string | null) {
  const hasWeb = dist !== null && existsSync(join(dist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: dist,
      // Files are looked up per request, so a rebuild is served without restarting the server.
      wildcard: true,
      index: 'index.html',
      setHeaders(res, path) {
        res.header(
          'cache-control',
          path.includes(`${join(dist, 'assets')}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  } else if (dist !== null) {
    app.log.warn({ dist }, 'web app not built: run `npm run build` to serve it');
  }
  app.setNotFoundHandler((request, reply) => {
    // A missing asset is a 404, never the page: a browser must not run HTML as a script.
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !request.url.startsWith('/api') &&
      !request.url.startsWith('/assets/');
    if (hasWeb && isPage) return reply.header('cache-control', 'no-cache').sendFile('index.html');
    return reply.code(404).send(errorBody('not_found', 'Not found'));
  });
}
