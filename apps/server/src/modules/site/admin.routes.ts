import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../platform/deps.ts';
import { errorResponses } from '../../platform/openapi.ts';
import { jobCounts } from './admin.service.ts';

const count = z.number().int().min(0);
const queueCountsSchema = z.object({
  name: z.string().describe('the queue; dead-letter holds copies of jobs that failed every try'),
  waiting: count.describe('scheduled for later, due, or waiting for a retry'),
  retrying: count.describe('failed at least once, waiting for their next try'),
  active: count,
  completed: count.describe('finished and not yet archived (12 hours)'),
  failed: count.describe('failed every try; kept 30 days'),
});

export const adminRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/admin/jobs',
      {
        schema: {
          tags: ['site'],
          security: [{ session: [] }],
          summary: 'Job queue counts per queue and the e-mail outbox (staff)',
          description:
            'Path not in the SPEC; chosen here (docs/decisions/0021-job-queue.md). Admins and moderators ' +
            'only; anyone else, signed in or not, gets 404.',
          response: {
            200: z.object({
              queues: z.array(queueCountsSchema),
              emailOutbox: z.object({
                waiting: count.describe('notification events waiting to be mailed'),
                failing: count.describe('of those, events whose mail failed at least once (retried)'),
              }),
            }),
            ...errorResponses(404),
          },
        },
      },
      async (req) => jobCounts(deps, req.actor),
    );
  };
