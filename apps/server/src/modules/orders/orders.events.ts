import type { TaskStatus } from '@brushline/shared/orders/constants';
import type { Deps } from '../../platform/deps.ts';
import type { FormRow } from './orders.repo.ts';

/** What the orders module announces (platform/events.ts); the reactions are wired in reactions.ts. */

/**
 * After an order's status move is committed: the commissionStatusChanged event, so the artist's
 * kanban task follows its status (the board's reaction).
 */
export async function announceStatusMove(
  ctx: Pick<Deps, 'events'>,
  row: Pick<FormRow, 'id' | 'artistId' | 'senderId'>,
  status: TaskStatus,
): Promise<void> {
  await ctx.events.emit('commissionStatusChanged', {
    formId: row.id,
    artistId: row.artistId,
    buyerId: row.senderId,
    status,
  });
}
