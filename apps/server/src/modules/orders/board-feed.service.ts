import { and, eq, inArray } from 'drizzle-orm';
import { BOARD_DONE_SHOWN } from '@brushline/shared/board/constants';
import { fromCents } from '@brushline/shared/cards/pricing';
import { ORDER_LIST_MAX } from '@brushline/shared/orders/constants';
import { optionsInShort } from '@brushline/shared/orders/row-summary';
import type { TaskStatus } from '@brushline/shared/orders/constants';
import type { Person } from '@brushline/shared/users/schemas';
import { commissionTasks } from '../../db/schema/orders.ts';
import type { TxCtx } from '../../platform/deps.ts';
import type { Actor } from '../../platform/session.ts';
import { toPerson } from '../users/users.dto.ts';
import { findFormRows, receivedBy, type FormRow } from './orders.repo.ts';

/** An artist's commission as the kanban board needs it (the board module never reads order tables). */
export interface BoardCommissionRow {
  taskId: number;
  formId: number;
  status: TaskStatus;
  cardTitle: string;
  buyer: Person;
  totalPrice: number;
  options: string;
  since: Date;
}

const toBoardRow = (r: FormRow): BoardCommissionRow => ({
  taskId: r.taskId,
  formId: r.id,
  status: r.taskStatus,
  cardTitle: r.cardTitle,
  buyer: toPerson({
    id: r.senderId,
    login: r.senderLogin,
    displayName: r.senderDisplayName,
    avatarId: r.senderAvatarId,
  }),
  totalPrice: fromCents(r.totalPriceCents),
  options: optionsInShort(
    r.chosen.map((s) => ({
      title: s.title,
      options: s.options.map((o) => ({ key: o.key, option: o.option, price: 0 })),
    })),
  ),
  since: r.taskUpdatedAt,
});

/**
 * The commissions that have a place on an artist's board: every accepted one not yet done
 * (waiting, processing, finished) and the newest BOARD_DONE_SHOWN done ones. The board decides
 * who sees what of them (its owner everything, the public queue anonymous entries only).
 */
export async function listBoardCommissions(
  ctx: TxCtx,
  _actor: Actor | null,
  artistId: string,
): Promise<BoardCommissionRow[]> {
  const active = await findFormRows(
    ctx.db,
    and(receivedBy(artistId), inArray(commissionTasks.status, ['waiting', 'processing', 'finished'])),
    ORDER_LIST_MAX,
  );
  const done = await findFormRows(
    ctx.db,
    and(receivedBy(artistId), eq(commissionTasks.status, 'done')),
    BOARD_DONE_SHOWN,
  );
  return [...active, ...done].map(toBoardRow);
}
