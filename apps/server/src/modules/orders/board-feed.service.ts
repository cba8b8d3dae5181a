import { BOARD_DONE_SHOWN } from '@brushline/shared/board/constants';
import { fromCents } from '@brushline/shared/cards/pricing';
import { ORDER_LIST_MAX } from '@brushline/shared/orders/constants';
import { ACTIVE_TASK_STATUSES } from '@brushline/shared/orders/status-machine';
import { optionsInShort } from '@brushline/shared/orders/row-summary';
import type { TaskStatus } from '@brushline/shared/orders/constants';
import type { Person } from '@brushline/shared/users/schemas';
import type { TxCtx } from '../../platform/deps.ts';
import type { Actor } from '../../platform/session.ts';
import { toPerson } from '../users/users.dto.ts';
import { countFormRows, findFormRows, receivedBy, withTaskStatus, type FormRow } from './orders.repo.ts';

/** The board's read cache embeds this stamp of an artist's commissions in its own statement. */
export { boardCommissionsStamp } from './orders.repo.ts';

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
  /** The buyer chose to show their name and options in the public queue. */
  showInQueue: boolean;
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
  showInQueue: r.showInQueue,
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
    [receivedBy(artistId), withTaskStatus(['waiting', 'processing', 'finished'])],
    ORDER_LIST_MAX,
  );
  const done = await findFormRows(ctx.db, [receivedBy(artistId), withTaskStatus(['done'])], BOARD_DONE_SHOWN);
  return [...active, ...done].map(toBoardRow);
}

/** How many of the artist's commissions are active (accepted, in progress, awaiting approval). */
export async function countActiveCommissions(ctx: TxCtx, _actor: null, artistId: string): Promise<number> {
  return countFormRows(ctx.db, [receivedBy(artistId), withTaskStatus(ACTIVE_TASK_STATUSES)]);
}
