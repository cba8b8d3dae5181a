import type { Deps } from '../../platform/deps.ts';
import { countOutbox } from './email.repo.ts';

export interface OutboxDepth {
  /** Notification events waiting to be mailed (a user's burst is one mail). */
  waiting: number;
  /** Of those, the ones whose mail failed at least once and waits for another try. */
  failing: number;
}

/**
 * The notification e-mail outbox as operators watch it: staff on GET /api/admin/jobs, Prometheus
 * on the metrics (docs/decisions/0027-observability.md). The site asks for itself: no actor.
 */
export async function outboxDepth(ctx: Pick<Deps, 'db'>, _actor: null): Promise<OutboxDepth> {
  return countOutbox(ctx.db);
}
