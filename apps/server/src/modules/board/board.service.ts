import { BOARD_COLUMNS_MAX, BOARD_PERSONAL_TASKS_MAX } from '@brushline/shared/board/constants';
import { boardMessages } from '@brushline/shared/board/messages';
import {
  type Board,
  type BoardSettingsBody,
  type CreateColumnBody,
  type CreateTaskBody,
  type MoveColumnBody,
  type UpdateBoardBody,
  type UpdateColumnBody,
  type UpdateTaskBody,
} from '@brushline/shared/board/schemas';
import type { Tx } from '../../db/client.ts';
import type { Deps, TxCtx } from '../../platform/deps.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { Actor } from '../../platform/session.ts';
import { markOrderNotificationsRead, unreadAboutOrders } from '../notifications/notifications.service.ts';
import { listBoardCommissions, type BoardCommissionRow } from '../orders/board-feed.service.ts';
import {
  bumpVersion,
  countPersonalTasks,
  deleteColumn as deleteColumnRow,
  deleteTasks,
  ensureBoard,
  findBoardOf,
  findColumns,
  findTasks,
  insertColumn,
  insertTasks,
  lockBoard,
  placeColumns,
  placeTasks,
  setSlots,
  updateColumnFields,
  updateTaskFields,
  type BoardRow,
  type ColumnRow,
  type TaskRow,
} from './board.repo.ts';
import { planSave, reconcile, type Fixes } from './board.rules.ts';
import { toBoard } from './board.dto.ts';

type Ctx = Pick<Deps, 'db' | 'hub' | 'log'>;

const missing = () => notFound(boardMessages.notFound);
const stale = () => new AppError(409, 'board_stale', boardMessages.stale);

interface State {
  columns: ColumnRow[];
  tasks: TaskRow[];
  commissions: BoardCommissionRow[];
}

/** Inside a transaction: one connection, so one query after another. */
async function loadState(ctx: TxCtx, board: BoardRow): Promise<State> {
  const [columns, tasks, commissions] = [
    await findColumns(ctx.db, board.guid),
    await findTasks(ctx.db, board.guid),
    await listBoardCommissions(ctx, null, board.ownerId),
  ];
  return { columns, tasks, commissions };
}

/**
 * Outside a transaction (the owner's read, the public queue): the reads go to the pool at once,
 * so the answer waits for the slowest of them, not for their sum.
 */
async function loadStateAtOnce(ctx: TxCtx, board: BoardRow): Promise<State> {
  const [columns, tasks, commissions] = await Promise.all([
    findColumns(ctx.db, board.guid),
    findTasks(ctx.db, board.guid),
    listBoardCommissions(ctx, null, board.ownerId),
  ]);
  return { columns, tasks, commissions };
}

async function applyFixes(tx: Tx, guid: string, fixes: Fixes): Promise<void> {
  await deleteTasks(tx, fixes.deletes);
  await placeTasks(tx, fixes.moves);
  await insertTasks(
    tx,
    fixes.inserts.map((i) => ({ boardGuid: guid, ...i })),
  );
}

function pushBoard(ctx: Pick<Deps, 'hub' | 'log'>, ownerId: string, guid: string, version: number): void {
  try {
    ctx.hub.toUser(ownerId, 'BoardUpdated', { guid, version });
  } catch (err) {
    ctx.log.warn({ err }, 'could not push a board change');
  }
}

/**
 * One change to the actor's board: the board row is locked for the transaction, the layout is
 * first made to agree with the orders, `fn` makes the change, the version grows, and after the
 * commit the owner's other tabs and devices hear of it. With `version`, a board that changed
 * since (another tab's save, a commission that moved) answers 409 and nothing is written.
 */
async function change(
  ctx: Ctx,
  actor: Actor,
  version: number | null,
  fn: (tx: Tx, board: BoardRow, state: State) => Promise<void>,
): Promise<Board> {
  const { guid } = await ensureBoard(ctx.db, actor.id);
  const newVersion = await ctx.db.transaction(async (tx) => {
    const board = (await lockBoard(tx, guid))!;
    if (version !== null && board.version !== version) throw stale();
    let state = await loadState({ db: tx }, board);
    const fixes = reconcile(state.columns, state.tasks, state.commissions);
    if (fixes.changed) {
      if (version !== null) throw stale();
      await applyFixes(tx, guid, fixes);
      state = await loadState({ db: tx }, board);
    }
    await fn(tx, board, state);
    return bumpVersion(tx, guid);
  });
  pushBoard(ctx, actor.id, guid, newVersion);
  return getOwnBoard(ctx, actor);
}

/**
 * The actor's board (SPEC §7 GET own board), made on first use with its four system columns.
 * Commissions accepted, moved or approved elsewhere since the last read are placed first (and
 * the version grows, so an older tab's save is refused).
 */
export async function getOwnBoard(ctx: Ctx, actor: Actor): Promise<Board> {
  let board = await ensureBoard(ctx.db, actor.id);
  // The unread counts go with the layout: all of the owner's unread about orders, kept for the
  // commissions on the board below (docs/decisions/0014-kanban-board.md, "Reading fast").
  const unreadNow = unreadAboutOrders(ctx, actor, null);
  // Awaited at the end; marked handled now, so a failure before then is not an unhandled rejection.
  unreadNow.catch(() => undefined);
  let state = await loadStateAtOnce(ctx, board);
  if (reconcile(state.columns, state.tasks, state.commissions).changed) {
    const version = await ctx.db.transaction(async (tx) => {
      const locked = (await lockBoard(tx, board.guid))!;
      const now = await loadState({ db: tx }, locked);
      const fixes = reconcile(now.columns, now.tasks, now.commissions);
      if (!fixes.changed) return null;
      await applyFixes(tx, locked.guid, fixes);
      return bumpVersion(tx, locked.guid);
    });
    if (version !== null) pushBoard(ctx, actor.id, board.guid, version);
    board = (await findBoardOf(ctx.db, actor.id))!;
    state = await loadStateAtOnce(ctx, board);
  }
  const byTask = new Map(state.commissions.map((c) => [c.taskId, c]));
  return toBoard(board, state.columns, state.tasks, byTask, await unreadNow);
}

/**
 * The board's reaction to commissionStatusChanged (reactions.ts): a commission of `artistId`
 * changed status (accepted, started, delivered, sent back, approved), so its task moves to the
 * matching column now and the artist's open boards hear of it. It runs after the status change committed; if it fails, the artist's
 * next read places the task all the same (reconcile), so the failure is only logged.
 */
export async function followCommissionStatus(ctx: Ctx, _actor: null, artistId: string): Promise<void> {
  try {
    const board = await findBoardOf(ctx.db, artistId);
    if (!board) return;
    const version = await ctx.db.transaction(async (tx) => {
      const locked = (await lockBoard(tx, board.guid))!;
      const state = await loadState({ db: tx }, locked);
      const fixes = reconcile(state.columns, state.tasks, state.commissions);
      if (!fixes.changed) return null;
      await applyFixes(tx, locked.guid, fixes);
      return bumpVersion(tx, locked.guid);
    });
    if (version !== null) pushBoard(ctx, artistId, board.guid, version);
  } catch (err) {
    ctx.log.warn({ err }, 'the board did not follow a commission status; the next read will');
  }
}

/** SPEC §7 PATCH update board after a drop: the whole layout, checked as a whole (board.rules.ts). */
export async function saveBoard(ctx: Ctx, actor: Actor, body: UpdateBoardBody): Promise<Board> {
  const own = await findBoardOf(ctx.db, actor.id);
  if (!own || own.guid !== body.guid) throw missing();
  return change(ctx, actor, body.version, async (tx, _board, state) => {
    const statusOf = new Map(state.commissions.map((c) => [c.taskId, c.status]));
    const plan = planSave(
      state.columns,
      state.tasks.map((t) => ({ ...t })),
      statusOf,
      body,
    );
    const colPos = new Map(state.columns.map((c) => [c.id, c.position]));
    const taskAt = new Map(state.tasks.map((t) => [t.id, t]));
    await placeColumns(
      tx,
      plan.columns.filter((c) => colPos.get(c.id) !== c.position),
    );
    await placeTasks(
      tx,
      plan.tasks.filter((t) => {
        const was = taskAt.get(t.id)!;
        return was.columnId !== t.columnId || was.position !== t.position;
      }),
    );
  });
}

/** SPEC §7 PATCH move column (guid, newOrder): the column goes to that place, the others close up. */
export async function moveColumn(ctx: Ctx, actor: Actor, body: MoveColumnBody): Promise<Board> {
  // Someone else's column is missing here, whatever version was sent.
  const own = await findBoardOf(ctx.db, actor.id);
  if (!own || !(await findColumns(ctx.db, own.guid)).some((c) => c.id === body.guid)) throw missing();
  return change(ctx, actor, body.version, async (tx, _board, state) => {
    const ids = state.columns.map((c) => c.id);
    const from = ids.indexOf(body.guid);
    if (from < 0) throw missing();
    ids.splice(from, 1);
    ids.splice(Math.min(body.newOrder, ids.length), 0, body.guid);
    await placeColumns(
      tx,
      ids.map((id, position) => ({ id, position })),
    );
  });
}

/**
 * SPEC §7 POST create column: public and non-system unless said (SPEC §4), placed just before
 * "Awaiting approval" — the artist's own columns are stages of the work in progress.
 */
export async function createColumn(ctx: Ctx, actor: Actor, body: CreateColumnBody): Promise<Board> {
  return change(ctx, actor, null, async (tx, board, state) => {
    if (state.columns.length >= BOARD_COLUMNS_MAX) {
      throw new AppError(409, 'too_many_columns', boardMessages.tooManyColumns);
    }
    const before = state.columns.findIndex((c) => c.systemKey === 'awaitingApproval');
    const at = before < 0 ? state.columns.length : before;
    const ids = state.columns.map((c) => c.id);
    await placeColumns(
      tx,
      ids.map((id, i) => ({ id, position: i < at ? i : i + 1 })),
    );
    await insertColumn(tx, {
      boardGuid: board.guid,
      position: at,
      title: body.title,
      isPublic: body.isPublic,
      wipLimit: body.wipLimit,
    });
  });
}

function ownColumn(state: State, guid: string): ColumnRow {
  const col = state.columns.find((c) => c.id === guid);
  if (!col) throw missing();
  return col;
}

/** The column modal's save: title, public or not, WIP limit. A system column keeps its title. */
export async function updateColumn(
  ctx: Ctx,
  actor: Actor,
  body: UpdateColumnBody,
  guid: string,
): Promise<Board> {
  return change(ctx, actor, null, async (tx, _board, state) => {
    const col = ownColumn(state, guid);
    if (col.systemKey !== null && body.title !== col.title) {
      throw new AppError(400, 'system_column', boardMessages.systemColumnRename);
    }
    await updateColumnFields(tx, col.id, {
      title: body.title,
      isPublic: body.isPublic,
      wipLimit: body.wipLimit,
    });
  });
}

/** Deletes one of the artist's own columns; its tasks go back to In progress (at its end). */
export async function deleteColumn(ctx: Ctx, actor: Actor, guid: string): Promise<Board> {
  return change(ctx, actor, null, async (tx, _board, state) => {
    const col = ownColumn(state, guid);
    if (col.systemKey !== null) throw new AppError(409, 'system_column', boardMessages.systemColumnDelete);
    const home = state.columns.find((c) => c.systemKey === 'inProgress')!;
    let next = Math.max(-1, ...state.tasks.filter((t) => t.columnId === home.id).map((t) => t.position)) + 1;
    await placeTasks(
      tx,
      state.tasks
        .filter((t) => t.columnId === col.id)
        .map((t) => ({ id: t.id, columnId: home.id, position: next++ })),
    );
    await deleteColumnRow(tx, col.id);
  });
}

/** SPEC §7 POST create task (column guid): a personal task at the end of that column. */
export async function createTask(ctx: Ctx, actor: Actor, body: CreateTaskBody): Promise<Board> {
  return change(ctx, actor, null, async (tx, board, state) => {
    const col = ownColumn(state, body.columnGuid);
    if ((await countPersonalTasks(tx, board.guid)) >= BOARD_PERSONAL_TASKS_MAX) {
      throw new AppError(409, 'too_many_tasks', boardMessages.tooManyTasks);
    }
    const position =
      Math.max(-1, ...state.tasks.filter((t) => t.columnId === col.id).map((t) => t.position)) + 1;
    await insertTasks(tx, [
      {
        boardGuid: board.guid,
        columnId: col.id,
        position,
        title: body.title,
        description: body.description,
        dueDate: body.dueDate,
      },
    ]);
  });
}

function personalTask(state: State, id: number): TaskRow {
  const task = state.tasks.find((t) => t.id === id);
  if (!task) throw missing();
  if (task.commissionTaskId !== null) {
    throw new AppError(409, 'commission_task', boardMessages.commissionTaskEdit);
  }
  return task;
}

export async function updateTask(ctx: Ctx, actor: Actor, body: UpdateTaskBody, id: number): Promise<Board> {
  return change(ctx, actor, null, async (tx, _board, state) => {
    await updateTaskFields(tx, personalTask(state, id).id, body);
  });
}

/** Deletes a personal task; a commission task leaves the board only with its order. */
export async function deleteTask(ctx: Ctx, actor: Actor, id: number): Promise<Board> {
  return change(ctx, actor, null, async (tx, _board, state) => {
    await deleteTasks(tx, [personalTask(state, id).id]);
  });
}

/** SPEC §4: opening a task marks its notifications read (a commission's: those about its order). */
export async function readTaskNotifications(
  ctx: Ctx,
  actor: Actor,
  id: number,
): Promise<{ updated: number }> {
  const board = await findBoardOf(ctx.db, actor.id);
  if (!board) throw missing();
  const state = await loadState(ctx, board);
  const task = state.tasks.find((t) => t.id === id);
  if (!task) throw missing();
  if (task.commissionTaskId === null) return { updated: 0 };
  const commission = state.commissions.find((c) => c.taskId === task.commissionTaskId);
  if (!commission) return { updated: 0 };
  return markOrderNotificationsRead(ctx, actor, commission.formId);
}

/** How many active commissions the artist takes at once (null: not said). */
export async function updateBoardSettings(ctx: Ctx, actor: Actor, body: BoardSettingsBody): Promise<Board> {
  return change(ctx, actor, null, async (tx, board) => {
    await setSlots(tx, board.guid, body.slots);
  });
}
