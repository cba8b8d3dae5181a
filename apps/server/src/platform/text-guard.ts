import type { FastifyInstance } from 'fastify';
import { findNul, textNulMessage } from '@brushline/shared/text';
import { AppError } from './errors.ts';

/**
 * Refuses NUL (U+0000) in any path segment, query value or JSON body string of every route, with
 * the shared text rule, before the route's schema runs. PostgreSQL cannot store NUL in text, so
 * without this a route whose schema forgot the rule would answer 500 from deep inside a query.
 * Input schemas in packages/shared refuse it too (forms show the same message as you type).
 */
export function registerTextGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    for (const [where, value] of [
      ['params', request.params],
      ['query', request.query],
      ['body', request.body],
    ] as const) {
      const path = findNul(value);
      if (path === undefined) continue;
      throw new AppError(400, 'validation_error', textNulMessage, {}, { [path || where]: textNulMessage });
    }
  });
}
