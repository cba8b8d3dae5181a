import type { Deps } from '../platform/deps.ts';
import type { Actor } from '../platform/session.ts';
import {
  createColumn,
  createTask,
  getOwnBoard,
  saveBoard,
  updateBoardSettings,
} from '../modules/board/board.service.ts';

/**
 * The demo artist's board (decision 0014): their accepted orders are on it by themselves; this adds the
 * stages they work in (Sketch, Colour with a WIP limit of 2), the order with a sketch shared moved
 * into Sketch, a personal task with a due date, and 5 slots for the public queue.
 */
export async function seedDemoBoard(deps: Deps, artist: Actor, sketchTaskId: number): Promise<void> {
  await createColumn(deps, artist, { title: 'Sketch', isPublic: true, wipLimit: null });
  await createColumn(deps, artist, { title: 'Colour', isPublic: true, wipLimit: 2 });
  const board = await getOwnBoard(deps, artist);
  const sketch = board.columns.find((c) => c.title === 'Sketch')!;
  const tasks = board.tasks.map((t) => ({
    id: t.id,
    columnId: t.commission?.taskId === sketchTaskId ? sketch.id : t.columnId,
  }));
  await saveBoard(deps, artist, {
    guid: board.guid,
    version: board.version,
    columns: board.columns.map((c) => ({ id: c.id, order: c.order })),
    tasks,
  });
  const inProgress = board.columns.find((c) => c.systemKey === 'inProgress')!;
  await createTask(deps, artist, {
    columnGuid: inProgress.id,
    title: 'Post the December slots',
    description: 'Open 5 slots on the profile and say when the next batch starts.',
    dueDate: '2026-12-01',
  });
  await updateBoardSettings(deps, artist, { slots: 5 });
}
