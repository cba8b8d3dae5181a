import type { Board, BoardColumn, BoardTask, UpdateBoardBody } from '@brushline/shared/board/schemas';

/** What the board shows while dragging: column order and each column's task ids in order. */
export interface Layout {
  columns: string[];
  items: Record<string, number[]>;
}

/** dnd-kit ids: tasks and columns share one id space, so they carry a prefix. */
export const taskDndId = (id: number) => `t:${id}`;
export const columnDndId = (id: string) => `c:${id}`;
export const isColumnDndId = (id: string) => id.startsWith('c:');
export const taskIdOf = (dndId: string) => Number(dndId.slice(2));
export const columnIdOf = (dndId: string) => dndId.slice(2);

export function layoutOf(board: Board): Layout {
  const items: Record<string, number[]> = {};
  for (const c of board.columns) items[c.id] = [];
  for (const t of board.tasks) items[t.columnId]?.push(t.id);
  return { columns: [...board.columns].sort((a, b) => a.order - b.order).map((c) => c.id), items };
}

/** The column a dnd id is in: a column's own id, or the column holding the task. */
export function containerOf(layout: Layout, dndId: string): string | undefined {
  if (isColumnDndId(dndId)) return columnIdOf(dndId);
  const id = taskIdOf(dndId);
  return layout.columns.find((c) => layout.items[c]?.includes(id));
}

/** The layout with `taskId` taken out of its column and put into `columnId` at `index`. */
export function withTaskAt(layout: Layout, taskId: number, columnId: string, index: number): Layout {
  const items = Object.fromEntries(
    Object.entries(layout.items).map(([c, ids]) => [c, ids.filter((id) => id !== taskId)]),
  );
  const target = items[columnId] ?? [];
  target.splice(Math.max(0, Math.min(index, target.length)), 0, taskId);
  items[columnId] = target;
  return { columns: layout.columns, items };
}

/** Where a task is: its column and its 0-based index there. */
export function placeOf(layout: Layout, taskId: number): { columnId: string; index: number } | null {
  for (const c of layout.columns) {
    const index = layout.items[c]?.indexOf(taskId) ?? -1;
    if (index >= 0) return { columnId: c, index };
  }
  return null;
}

/** SPEC §7 PATCH update board: the whole layout as it is now, from the version shown. */
export function saveBodyOf(board: Board, layout: Layout): UpdateBoardBody {
  return {
    guid: board.guid,
    version: board.version,
    columns: layout.columns.map((id, order) => ({ id, order })),
    tasks: layout.columns.flatMap((c) => (layout.items[c] ?? []).map((id) => ({ id, columnId: c }))),
  };
}

export const columnById = (board: Board, id: string): BoardColumn | undefined =>
  board.columns.find((c) => c.id === id);
export const taskById = (board: Board, id: number): BoardTask | undefined =>
  board.tasks.find((t) => t.id === id);

/** "Full body portrait moved to Colour, position 2 of 4": what screen readers hear (decision 0014). */
export function positionText(board: Board, layout: Layout, taskId: number, verb: string): string {
  const task = taskById(board, taskId);
  const place = placeOf(layout, taskId);
  if (!task || !place) return '';
  const col = columnById(board, place.columnId);
  const n = layout.items[place.columnId]?.length ?? 0;
  return `${task.title} ${verb} ${col?.title ?? 'a column'}, position ${place.index + 1} of ${n}`;
}
