import { columnStatus } from '@brushline/shared/board/drop-rules';
import type { Board, BoardColumn, BoardTask, Queue, QueueEntry } from '@brushline/shared/board/schemas';
import type { BoardCommissionRow } from '../orders/board-feed.service.ts';
import type { BoardRow, ColumnRow, TaskRow } from './board.repo.ts';

export function toBoardColumn(c: ColumnRow): BoardColumn {
  return {
    id: c.id,
    order: c.position,
    title: c.title,
    isPublic: c.isPublic,
    isSystem: c.systemKey !== null,
    systemKey: c.systemKey,
    status: columnStatus(c.systemKey),
    wipLimit: c.wipLimit,
  };
}

/** Tasks column by column, each column's by position. */
function ordered(columns: ColumnRow[], tasks: TaskRow[]): TaskRow[] {
  const rank = new Map(columns.map((c, i) => [c.id, i]));
  return [...tasks].sort(
    (a, b) =>
      (rank.get(a.columnId) ?? 0) - (rank.get(b.columnId) ?? 0) || a.position - b.position || a.id - b.id,
  );
}

/** SPEC §3 Kanban board as its owner sees it. */
export function toBoard(
  board: BoardRow,
  columns: ColumnRow[],
  tasks: TaskRow[],
  commissions: Map<number, BoardCommissionRow>,
  unread: Map<number, number>,
): Board {
  const out: BoardTask[] = [];
  for (const t of ordered(columns, tasks)) {
    if (t.commissionTaskId === null) {
      out.push({
        id: t.id,
        columnId: t.columnId,
        title: t.title,
        description: t.description,
        dueDate: t.dueDate,
        commission: null,
      });
      continue;
    }
    const c = commissions.get(t.commissionTaskId);
    if (!c) continue;
    out.push({
      id: t.id,
      columnId: t.columnId,
      title: c.cardTitle,
      description: '',
      dueDate: null,
      commission: {
        taskId: c.taskId,
        formId: c.formId,
        status: c.status,
        cardTitle: c.cardTitle,
        buyer: c.buyer,
        totalPrice: c.totalPrice,
        options: c.options,
        unread: unread.get(c.formId) ?? 0,
        since: c.since.toISOString(),
      },
    });
  }
  return {
    guid: board.guid,
    version: board.version,
    slots: board.slots,
    columns: columns.map(toBoardColumn),
    tasks: out,
  };
}

/**
 * The public columns as anonymous queue entries: the order number, the card's title, the status
 * and since when. Never the brief, the references or the price, and the buyer's name and options
 * only when that buyer chose to show them; personal tasks show as "Other work" without their title.
 */
export function toQueueColumns(
  columns: ColumnRow[],
  tasks: TaskRow[],
  commissions: Map<number, BoardCommissionRow>,
): Queue['columns'] {
  const sorted = ordered(columns, tasks);
  return columns
    .filter((c) => c.isPublic)
    .map((c) => ({
      title: c.title,
      entries: sorted
        .filter((t) => t.columnId === c.id)
        .flatMap((t): QueueEntry[] => {
          if (t.commissionTaskId === null)
            return [
              { label: 'Other work', title: '', status: null, since: null, buyer: null, options: null },
            ];
          const k = commissions.get(t.commissionTaskId);
          if (!k) return [];
          return [
            {
              label: `Commission #${k.formId}`,
              title: k.cardTitle,
              status: k.status,
              since: k.since.toISOString(),
              // Only what the buyer chose to show: their name and options, never brief or price.
              buyer: k.showInQueue ? k.buyer : null,
              options: k.showInQueue && k.options !== '' ? k.options : null,
            },
          ];
        }),
    }));
}
