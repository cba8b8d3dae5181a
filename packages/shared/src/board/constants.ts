import type { RateLimit } from '../rate-limit.ts';
import type { TaskStatus } from '../orders/constants.ts';

/**
 * The kanban board (SPEC §3 Kanban board, §4 Kanban, §9). System columns stand for statuses of the
 * commission status machine (../orders/status-machine.ts); the artist's own columns are stages
 * inside "in progress" (docs/decisions/0014-kanban-board.md).
 */
export const BOARD_SYSTEM_COLUMNS = ['accepted', 'inProgress', 'awaitingApproval', 'done'] as const;
export type BoardSystemColumn = (typeof BOARD_SYSTEM_COLUMNS)[number];

/** The one status each system column holds. */
export const SYSTEM_COLUMN_STATUS: Readonly<Record<BoardSystemColumn, TaskStatus>> = {
  accepted: 'waiting',
  inProgress: 'processing',
  awaitingApproval: 'finished',
  done: 'done',
};

export const SYSTEM_COLUMN_TITLES: Readonly<Record<BoardSystemColumn, string>> = {
  accepted: 'Accepted',
  inProgress: 'In progress',
  awaitingApproval: 'Awaiting approval',
  done: 'Done',
};

/** The status the artist's own columns hold: they are stages of the work in progress. */
export const CUSTOM_COLUMN_STATUS: TaskStatus = 'processing';

/** Commission statuses that have a place on the board (accepted and not canceled or declined). */
export const BOARD_TASK_STATUSES: readonly TaskStatus[] = ['waiting', 'processing', 'finished', 'done'];

/** Columns on one board, the four system ones included. */
export const BOARD_COLUMNS_MAX = 20;
export const BOARD_COLUMN_TITLE_MAX = 40;
/** A column's work-in-progress limit warns above this many tasks; it never blocks a drop. */
export const BOARD_WIP_LIMIT_MAX = 99;
/** Personal tasks one board holds (commission tasks come from orders, which are limited there). */
export const BOARD_PERSONAL_TASKS_MAX = 500;
export const BOARD_TASK_TITLE_MAX = 120;
export const BOARD_TASK_DESCRIPTION_MAX = 2000;
/**
 * Done commissions shown on the board, newest first: years of finished work would otherwise make
 * every board read and save grow without end. Older ones stay in the CRM lists.
 */
export const BOARD_DONE_SHOWN = 100;
/** Slots: how many active commissions the artist takes at once (the public queue shows the open ones). */
export const QUEUE_SLOTS_MAX = 100;

/**
 * Board writes per user (whole-board saves after a drop, columns, tasks, slots): a person dragging
 * as fast as they can makes about one a second; a script saving in a loop is stopped here.
 */
export const BOARD_WRITE_LIMIT: RateLimit = { points: 60, seconds: 60 };

/** SPEC §9: the web keeps the board fresh for 2 minutes; a drag starts after 5 px. */
export const BOARD_STALE_TIME_MS = 120_000;
export const DRAG_START_DISTANCE_PX = 5;
/** Touch drags start after pressing and holding this long (a swipe still scrolls the columns). */
export const TOUCH_DRAG_DELAY_MS = 250;
export const TOUCH_DRAG_TOLERANCE_PX = 8;
