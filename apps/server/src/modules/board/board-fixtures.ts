import type { Board } from '@brushline/shared/board/schemas';
import type { SentForm } from '@brushline/shared/orders/schemas';
import type { TestApp } from '../../test/harness.ts';
import { call, createCard, moveOrder, sendForm, type OrderStatus, type TestUser } from '../../test/kit.ts';

/** Test helpers of the board suites (not a test file itself). */
export async function getBoard(t: TestApp, user: TestUser): Promise<Board> {
  const res = await call(t.app, 'GET', '/api/board', user.cookie);
  if (res.statusCode !== 200) throw new Error(`board ${res.statusCode}: ${res.body}`);
  return res.json<Board>();
}

export const columnOf = (board: Board, key: string) => board.columns.find((c) => c.systemKey === key)!;

/** The column title a form's task sits in, or null when it is not on the board. */
export function whereIs(board: Board, formId: number): string | null {
  const task = board.tasks.find((x) => x.commission?.formId === formId);
  return task ? board.columns.find((c) => c.id === task.columnId)!.title : null;
}

/** The whole layout as a save body, with `edit` applied to the task list first. */
export function saveBody(board: Board, tasks = board.tasks.map((x) => ({ id: x.id, columnId: x.columnId }))) {
  return {
    guid: board.guid,
    version: board.version,
    columns: board.columns.map((c) => ({ id: c.id, order: c.order })),
    tasks,
  };
}

/** Moves one task to a column (at its end) in a save body. */
export function moved(board: Board, taskId: number, columnId: string) {
  const rest = board.tasks.filter((x) => x.id !== taskId).map((x) => ({ id: x.id, columnId: x.columnId }));
  return saveBody(board, [...rest, { id: taskId, columnId }]);
}

/** A form of `buyer` to `artist`, moved by the artist up to `status`. */
export async function orderAt(
  t: TestApp,
  artist: TestUser,
  buyer: TestUser,
  status: OrderStatus,
  title = 'Full body portrait',
): Promise<SentForm> {
  const card = await createCard(t, artist, { title });
  const form = await sendForm(t, buyer, card);
  await moveOrder(t, form, { artist, buyer }, status);
  return form;
}
