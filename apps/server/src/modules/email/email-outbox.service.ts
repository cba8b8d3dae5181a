import type { OutboxDepth } from '@brushline/shared/ops/schemas';
import type { Deps } from '../../platform/deps.ts';
import { countOutbox } from './email.repo.ts';

export type { OutboxDepth } from '@brushline/shared/ops/schemas';

/**
 * The notification e-mail outbox as operators watch it: staff on GET /api/admin/jobs, Prometheus
 * on the metrics (docs/decisions/0027-observability.md). The site asks for itself: no actor.
 */
export async function outboxDepth(ctx: Pick<Deps, 'db'>, _actor: null): Promise<OutboxDepth> {
  return countOutbox(ctx.db);
}
