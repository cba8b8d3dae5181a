import { ORDER_UPDATES_MAX } from '@brushline/shared/orders/constants';
import { orderMessages } from '@brushline/shared/orders/messages';
import type { TxCtx } from '../../platform/deps.ts';
import { AppError } from '../../platform/errors.ts';
import { countUpdates } from './deliveries.repo.ts';

const tooManyUpdates = () => new AppError(409, 'too_many_updates', orderMessages.tooManyUpdates);

/** Refuses one more update once an order holds ORDER_UPDATES_MAX (inside the writing transaction). */
export async function assertRoomForUpdate(ctx: TxCtx, formId: number): Promise<void> {
  if ((await countUpdates(ctx.db, formId)) >= ORDER_UPDATES_MAX) throw tooManyUpdates();
}
