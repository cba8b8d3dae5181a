import type { TaskStatus } from '../orders/constants.ts';
import { nextStatus, type TaskAction } from '../orders/status-machine.ts';
import {
  BOARD_SYSTEM_COLUMNS,
  CUSTOM_COLUMN_STATUS,
  SYSTEM_COLUMN_STATUS,
  type BoardSystemColumn,
} from './constants.ts';
import { boardMessages } from './messages.ts';

/**
 * What dropping a task into a column means, as data both sides read: the server refuses a save
 * that would put a commission where its status does not belong, and the web decides from the same
 * answer whether a drop just reorders, starts the work, opens the delivery dialog, or snaps back.
 */
export type DropOutcome =
  /** The column holds the task's status (or the task is personal): only the layout changes. */
  | { kind: 'place' }
  /** The status machine's move the drop stands for, made by the artist through the orders service. */
  | { kind: 'move'; action: Extract<TaskAction, 'start' | 'deliver'> }
  /** Not allowed: nothing changes; `why` goes after "Couln't move. ". */
  | { kind: 'refused'; why: string };

/** The status a column holds: a system column its own, the artist's columns "in progress". */
export function columnStatus(systemKey: BoardSystemColumn | null): TaskStatus {
  return systemKey ? SYSTEM_COLUMN_STATUS[systemKey] : CUSTOM_COLUMN_STATUS;
}

/** The system column a status lives in when nothing else says where (a new or moved commission). */
export function systemColumnOf(status: TaskStatus): BoardSystemColumn | null {
  return BOARD_SYSTEM_COLUMNS.find((c) => SYSTEM_COLUMN_STATUS[c] === status) ?? null;
}

/** Whether a commission of `status` may sit in a column (SPEC §3: a column never contradicts it). */
export function fitsColumn(status: TaskStatus, systemKey: BoardSystemColumn | null): boolean {
  return columnStatus(systemKey) === status;
}

/** The drop of a commission task of `status` into a column; personal tasks always `place`. */
export function dropOutcome(status: TaskStatus | null, target: BoardSystemColumn | null): DropOutcome {
  if (status === null) return { kind: 'place' };
  const to = columnStatus(target);
  if (to === status) return { kind: 'place' };
  for (const action of ['start', 'deliver'] as const) {
    if (nextStatus(status, action, 'artist') === to) return { kind: 'move', action };
  }
  if (status === 'done') return { kind: 'refused', why: boardMessages.doneStaysDone };
  if (to === 'done') return { kind: 'refused', why: boardMessages.onlyApprovalMovesToDone };
  if (status === 'finished') return { kind: 'refused', why: boardMessages.waitingForBuyer };
  if (status === 'waiting' && to === 'finished') {
    return { kind: 'refused', why: boardMessages.startBeforeDelivering };
  }
  return { kind: 'refused', why: boardMessages.noGoingBack };
}
