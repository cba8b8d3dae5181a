import { isStaff } from '@brushline/shared/roles';
import type { Deps } from '../../platform/deps.ts';
import { notFound } from '../../platform/errors.ts';
import type { QueueCounts } from '../../platform/jobs.ts';
import type { Actor } from '../../platform/session.ts';
import { outboxDepth, type OutboxDepth } from '../email/email-outbox.service.ts';

/**
 * The job queue as staff watch it (decision 0021): per queue, what waits (scheduled timers and
 * retries), runs, finished and failed, and what the dead-letter queue holds; and the notification
 * e-mail outbox (events waiting, and those whose mail failed at least once). Anyone else, signed
 * in or not, gets the 404 of a path that does not exist.
 */
export async function jobCounts(
  ctx: Pick<Deps, 'jobs' | 'db'>,
  actor: Actor | null,
): Promise<{ queues: QueueCounts[]; emailOutbox: OutboxDepth }> {
  if (!actor || !isStaff(actor.roles)) throw notFound();
  const [queues, emailOutbox] = await Promise.all([ctx.jobs.counts(), outboxDepth(ctx, null)]);
  return { queues, emailOutbox };
}
