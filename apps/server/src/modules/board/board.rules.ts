import { dropOutcome, fitsColumn, systemColumnOf } from '@brushline/shared/board/drop-rules';
import { boardMessages, moveRefused } from '@brushline/shared/board/messages';
import type { UpdateBoardBody } from '@brushline/shared/board/schemas';
import type { TaskStatus } from '@brushline/shared/orders/constants';
import { AppError } from '../../platform/errors.ts';
import type { BoardCommissionRow } from '../orders/board-feed.service.ts';
import type { ColumnRow, TaskRow } from './board.repo.ts';

/** A task's place: new commission placements have no id yet (id 0). */
export interface Placement {
  id: number;
  columnId: string;
  position: number;
  commissionTaskId: number | null;
}

export interface Fixes {
  /** Placements of commissions no longer on the board (declined before, or beyond the Done shown). */
  deletes: number[];
  /** Commissions whose status changed: to the system column of their status, at its end. */
  moves: { id: number; columnId: string; position: number }[];
  /** Commissions accepted since: into their status's system column, at its end. */
  inserts: { commissionTaskId: number; columnId: string; position: number }[];
  /** The layout after the fixes. */
  placements: Placement[];
  changed: boolean;
}

/**
 * Makes the stored layout agree with the orders (SPEC §3: a task's column never contradicts its
 * status): a commission sits in a column holding its status, or moves to its status's system
 * column; a new one joins its system column; one that left the board leaves. Reads nothing, so
 * the owner's read, every save and the public queue all see the same board.
 */
export function reconcile(columns: ColumnRow[], tasks: TaskRow[], commissions: BoardCommissionRow[]): Fixes {
  const colById = new Map(columns.map((c) => [c.id, c]));
  const homeOf = (status: TaskStatus) => columns.find((c) => c.systemKey === systemColumnOf(status))!;
  const statusOf = new Map(commissions.map((c) => [c.taskId, c.status]));
  const nextPos = new Map<string, number>();
  for (const t of tasks) nextPos.set(t.columnId, Math.max(nextPos.get(t.columnId) ?? 0, t.position + 1));
  const append = (columnId: string) => {
    const p = nextPos.get(columnId) ?? 0;
    nextPos.set(columnId, p + 1);
    return p;
  };
  const fixes: Fixes = { deletes: [], moves: [], inserts: [], placements: [], changed: false };
  const placed = new Set<number>();
  for (const t of tasks) {
    const kept: Placement = {
      id: t.id,
      columnId: t.columnId,
      position: t.position,
      commissionTaskId: t.commissionTaskId,
    };
    if (t.commissionTaskId !== null) {
      const status = statusOf.get(t.commissionTaskId);
      if (!status || placed.has(t.commissionTaskId)) {
        fixes.deletes.push(t.id);
        continue;
      }
      placed.add(t.commissionTaskId);
      const col = colById.get(t.columnId);
      if (!col || !fitsColumn(status, col.systemKey)) {
        const home = homeOf(status);
        const move = { id: t.id, columnId: home.id, position: append(home.id) };
        fixes.moves.push(move);
        Object.assign(kept, move);
      }
    }
    fixes.placements.push(kept);
  }
  const joining = commissions
    .filter((c) => !placed.has(c.taskId))
    .sort((a, b) => a.since.getTime() - b.since.getTime() || a.taskId - b.taskId);
  for (const c of joining) {
    const home = homeOf(c.status);
    const insert = { commissionTaskId: c.taskId, columnId: home.id, position: append(home.id) };
    fixes.inserts.push(insert);
    fixes.placements.push({ id: 0, ...insert });
  }
  fixes.changed = fixes.deletes.length + fixes.moves.length + fixes.inserts.length > 0;
  return fixes;
}

/** The layout after the fixes without writing them (the public queue reads, it never writes). */
export function fixedInMemory(stored: TaskRow[], fixes: Fixes): TaskRow[] {
  const byId = new Map(stored.map((t) => [t.id, t]));
  let fresh = 0;
  return fixes.placements.map((p) => {
    const kept = p.id === 0 ? undefined : byId.get(p.id);
    fresh -= 1;
    return {
      ...(kept ?? {
        id: fresh,
        boardGuid: '',
        title: '',
        description: '',
        dueDate: null,
        createdAt: new Date(0),
      }),
      columnId: p.columnId,
      position: p.position,
      commissionTaskId: p.commissionTaskId,
    };
  });
}

const malformed = () => new AppError(400, 'board_malformed', boardMessages.saveMalformed);

/**
 * Checks a whole-board save against the stored board (SPEC §4: saved as a whole after a drop) and
 * answers the new positions. Every column and task must be listed exactly once and be this
 * board's (else 400, nothing changes); a commission may only sit where its status belongs — the
 * status itself is moved by the orders service (start, deliver), never by a save (else 409).
 */
export function planSave(
  columns: ColumnRow[],
  placements: Placement[],
  statusOf: Map<number, TaskStatus>,
  body: Pick<UpdateBoardBody, 'columns' | 'tasks'>,
): {
  columns: { id: string; position: number }[];
  tasks: { id: number; columnId: string; position: number }[];
} {
  const colById = new Map(columns.map((c) => [c.id, c]));
  const listedCols = new Set(body.columns.map((c) => c.id));
  const orders = new Set(body.columns.map((c) => c.order));
  if (
    body.columns.length !== columns.length ||
    listedCols.size !== columns.length ||
    orders.size !== columns.length ||
    body.columns.some((c) => !colById.has(c.id))
  ) {
    throw malformed();
  }
  const byId = new Map(placements.map((p) => [p.id, p]));
  const listedTasks = new Set(body.tasks.map((t) => t.id));
  if (
    body.tasks.length !== placements.length ||
    listedTasks.size !== placements.length ||
    body.tasks.some((t) => !byId.has(t.id) || !colById.has(t.columnId))
  ) {
    throw malformed();
  }
  for (const t of body.tasks) {
    const p = byId.get(t.id)!;
    if (p.commissionTaskId === null) continue;
    const status = statusOf.get(p.commissionTaskId)!;
    const target = colById.get(t.columnId)!.systemKey;
    if (fitsColumn(status, target)) continue;
    const outcome = dropOutcome(status, target);
    const why = outcome.kind === 'refused' ? outcome.why : boardMessages.statusFirst;
    throw new AppError(409, 'illegal_drop', moveRefused(why));
  }
  const newColumns = [...body.columns]
    .sort((a, b) => a.order - b.order)
    .map((c, position) => ({ id: c.id, position }));
  const count = new Map<string, number>();
  const newTasks = body.tasks.map((t) => {
    const position = count.get(t.columnId) ?? 0;
    count.set(t.columnId, position + 1);
    return { id: t.id, columnId: t.columnId, position };
  });
  return { columns: newColumns, tasks: newTasks };
}
