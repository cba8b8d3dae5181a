import type { TaskStatus } from './constants.ts';

/**
 * The commission task status machine (SPEC §4), as data: both the server (which enforces it) and
 * the web (which shows only the buttons that can work) read this table.
 */
export const TASK_ACTIONS = [
  'accept',
  'decline',
  'cancel',
  'start',
  'deliver',
  'approve',
  'sendBack',
] as const;
export type TaskAction = (typeof TASK_ACTIONS)[number];

/** Who acts: the artist owns the card, the buyer (commissioner) sent the form. */
export const TASK_SIDES = ['artist', 'buyer'] as const;
export type TaskSide = (typeof TASK_SIDES)[number];

export interface TaskTransition {
  from: TaskStatus;
  to: TaskStatus;
  side: TaskSide;
  /** sendBack carries the commissioner's comment saying what to change. */
  needsComment: boolean;
}

export const TASK_TRANSITIONS: Readonly<Record<TaskAction, TaskTransition>> = {
  accept: { from: 'none', to: 'waiting', side: 'artist', needsComment: false },
  decline: { from: 'none', to: 'declined', side: 'artist', needsComment: false },
  cancel: { from: 'none', to: 'canceled', side: 'buyer', needsComment: false },
  start: { from: 'waiting', to: 'processing', side: 'artist', needsComment: false },
  deliver: { from: 'processing', to: 'finished', side: 'artist', needsComment: false },
  approve: { from: 'finished', to: 'done', side: 'buyer', needsComment: false },
  sendBack: { from: 'finished', to: 'processing', side: 'buyer', needsComment: true },
};

/**
 * The one move outside the SPEC's machine (decision 0020): the buyer may cancel an accepted order
 * that is past its due date with nothing delivered. The clock guards it, so it is not among the
 * buttons allowedActions shows; the order page offers it when the money view says "overdue".
 */
export const OVERDUE_CANCEL = {
  from: ['waiting', 'processing'] as readonly TaskStatus[],
  to: 'canceled' as TaskStatus,
  side: 'buyer' as TaskSide,
} as const;

/** The status after `action` by `side`, or null when that move is not allowed. */
export function nextStatus(status: TaskStatus, action: TaskAction, side: TaskSide): TaskStatus | null {
  const t = TASK_TRANSITIONS[action];
  return t.from === status && t.side === side ? t.to : null;
}

/** The actions `side` may take now (the buttons to show). */
export function allowedActions(status: TaskStatus, side: TaskSide): TaskAction[] {
  return TASK_ACTIONS.filter((a) => nextStatus(status, a, side) !== null);
}

/** No one can move a task out of these. */
export const FINAL_TASK_STATUSES: readonly TaskStatus[] = ['done', 'canceled', 'declined'];

export function isFinalStatus(status: TaskStatus): boolean {
  return FINAL_TASK_STATUSES.includes(status);
}

/**
 * Whose move a task waits for (decision 0005: lists put the viewer's own turn first and mark it).
 * A new request waits for the artist's answer (the buyer's cancel is a way out, not the next
 * step); accepted and in-progress work waits for the artist; delivered work waits for the buyer's
 * approval or send-back; final statuses wait for no one. status-machine.test.ts holds it to
 * TASK_TRANSITIONS: the side named here always has a move.
 */
export const TASK_WAITS_FOR: Readonly<Record<TaskStatus, TaskSide | null>> = {
  none: 'artist',
  waiting: 'artist',
  processing: 'artist',
  finished: 'buyer',
  done: null,
  canceled: null,
  declined: null,
};

/** Whether the task waits for a move by `side`. */
export function waitsFor(status: TaskStatus, side: TaskSide): boolean {
  return TASK_WAITS_FOR[status] === side;
}

/** Accepted and not yet approved: counted as "active" in the artist's commissioner list. */
export const ACTIVE_TASK_STATUSES: readonly TaskStatus[] = ['waiting', 'processing', 'finished'];

/** SPEC §4 commissioner columns of the outgoing requests page. */
export const COMMISSIONER_COLUMNS = ['pending', 'inProgress', 'finished', 'canceled', 'done'] as const;
export type CommissionerColumn = (typeof COMMISSIONER_COLUMNS)[number];

export const COMMISSIONER_COLUMN_STATUSES: Readonly<Record<CommissionerColumn, readonly TaskStatus[]>> = {
  pending: ['none', 'waiting'],
  inProgress: ['processing'],
  finished: ['finished'],
  canceled: ['canceled', 'declined'],
  done: ['done'],
};

export const COMMISSIONER_COLUMN_TITLES: Readonly<Record<CommissionerColumn, string>> = {
  pending: 'Pending',
  inProgress: 'In progress',
  finished: 'Finished',
  canceled: 'Canceled',
  done: 'Done',
};

export function commissionerColumnOf(status: TaskStatus): CommissionerColumn {
  const found = COMMISSIONER_COLUMNS.find((c) => COMMISSIONER_COLUMN_STATUSES[c].includes(status));
  // Every status is in exactly one column (checked by status-machine.test.ts).
  return found ?? 'pending';
}

/** Human words for a status, for badges. */
export const TASK_STATUS_LABELS: Readonly<Record<TaskStatus, string>> = {
  none: 'Waiting for the artist to accept',
  waiting: 'Accepted, waiting to start',
  processing: 'In progress',
  finished: 'Finished, waiting for approval',
  done: 'Done',
  canceled: 'Canceled',
  declined: 'Declined',
};
