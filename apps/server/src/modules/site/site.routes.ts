import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PRODUCT_NAME } from '@brushline/shared/site';
import { ping } from '../../db/client.ts';
import type { Deps } from '../../platform/deps.ts';
import { errorResponses } from '../../platform/openapi.ts';

export const siteRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/health',
      {
        schema: {
          tags: ['site'],
          summary: 'Liveness and database check',
          response: {
            200: z.object({ status: z.literal('ok'), database: z.literal('ok') }),
            ...errorResponses(503),
          },
        },
      },
      async (req, reply) => {
        try {
          await ping(deps.db);
          return { status: 'ok' as const, database: 'ok' as const };
        } catch (err) {
          req.log.error({ err }, 'health check: database unreachable');
          return reply
            .code(503)
            .send({ error: { code: 'database_unavailable', message: 'The database is not reachable' } });
        }
      },
    );

    app.get(
      '/site',
      {
        schema: {
          tags: ['site'],
          summary: 'Public facts about this installation (product name, contact mailbox)',
          response: { 200: z.object({ productName: z.string(), contactEmail: z.string() }) },
        },
      },
      async () => ({ productName: PRODUCT_NAME, contactEmail: deps.config.CONTACT_EMAIL }),
    );
  };
