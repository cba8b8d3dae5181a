import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PRODUCT_NAME } from '@brushline/shared/site';
import { ping } from '../../db/client.ts';
import type { Deps } from '../../platform/deps.ts';
import { OUTAGE_RETRY_AFTER_SECONDS } from '../../platform/errors.ts';
import { errorResponses } from '../../platform/openapi.ts';

const readinessSchema = z.object({
  status: z
    .enum(['ready', 'not_ready', 'draining'])
    .describe('not_ready: a required dependency is down; draining: the instance is shutting down'),
  checks: z.array(
    z.object({
      name: z.string().describe('database, redis, or a dependency the installation adds'),
      required: z.boolean().describe('whether its being down makes the instance not ready'),
      state: z.enum(['up', 'down']),
      latencyMs: z.number().min(0).describe('how long the check took (a check is given up after 2 s)'),
    }),
  ),
});

export const siteRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/health',
      {
        schema: {
          tags: ['site'],
          summary: 'Liveness, database and Redis check',
          description:
            '200 ok, or 200 degraded while Redis (REDIS_URL) is down; 503 while the database is unreachable.',
          response: {
            200: z.object({
              status: z.enum(['ok', 'degraded']).describe('degraded: the app serves, Redis is down'),
              database: z.literal('ok'),
              redis: z.enum(['ok', 'down']).optional().describe('only with REDIS_URL'),
            }),
            ...errorResponses(503),
          },
        },
      },
      async (req, reply) => {
        try {
          await ping(deps.db);
        } catch (err) {
          // Logged once per outage by dbWatch; anything else is a bug worth its own line.
          if (!deps.dbWatch.report(err)) req.log.error({ err }, 'health check: database check failed');
          return reply
            .code(503)
            .header('retry-after', String(OUTAGE_RETRY_AFTER_SECONDS))
            .send({ error: { code: 'database_unavailable', message: 'The database is not reachable' } });
        }
        deps.dbWatch.recover();
        if (!deps.checkRedis) return { status: 'ok' as const, database: 'ok' as const };
        // Without Redis every instance still serves (limits per instance, caches bypassed): degraded.
        const redisUp = await deps.checkRedis();
        return {
          status: redisUp ? ('ok' as const) : ('degraded' as const),
          database: 'ok' as const,
          redis: redisUp ? ('ok' as const) : ('down' as const),
        };
      },
    );

    app.get(
      '/ready',
      {
        schema: {
          tags: ['site'],
          summary: 'Readiness: whether this instance should get traffic, per dependency',
          description:
            'Path not in the SPEC; chosen here (docs/decisions/0027-observability.md). Each dependency ' +
            '(the database; Redis with REDIS_URL; any other the installation adds) with its state and ' +
            'how long its check took. 200 when every required one is up; 503 with the same body when ' +
            'one is down, or while the instance drains before shutting down. Redis is reported but not ' +
            'required: without it the app serves, degraded. `GET /api/health` stays the liveness check.',
          response: { 200: readinessSchema, 503: readinessSchema },
        },
      },
      async (_req, reply) => {
        const report = await deps.readiness.report();
        return reply.code(report.status === 'ready' ? 200 : 503).send(report);
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
