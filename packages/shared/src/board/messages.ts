import {
  BOARD_COLUMN_TITLE_MAX,
  BOARD_COLUMNS_MAX,
  BOARD_PERSONAL_TASKS_MAX,
  BOARD_TASK_DESCRIPTION_MAX,
  BOARD_TASK_TITLE_MAX,
  BOARD_WIP_LIMIT_MAX,
  QUEUE_SLOTS_MAX,
} from './constants.ts';

/**
 * Board messages. SPEC §8's own ("Board was not updated", "Board data fetching", "no tasks",
 * "Couln't move", spelling kept) come first; the rest say why and what to do next.
 */
export const boardMessages = {
  notUpdated: 'Board was not updated',
  fetching: 'Board data fetching',
  noTasks: 'no tasks',
  moveFailed: "Couln't move",

  stale: 'Board was not updated: it changed in another tab or device meanwhile',
  notFound: 'This board, column or task does not exist',
  columnTitleRequired: 'Give the column a title',
  columnTitleTooLong: `A column title is limited to ${BOARD_COLUMN_TITLE_MAX} characters`,
  columnTitleBad: 'A column title is one line of plain text',
  tooManyColumns: `A board holds up to ${BOARD_COLUMNS_MAX} columns`,
  wipLimitInvalid: `A work-in-progress limit is a whole number from 1 to ${BOARD_WIP_LIMIT_MAX}`,
  systemColumnDelete: 'This column stands for a commission status and cannot be deleted',
  systemColumnRename: 'This column stands for a commission status: its title stays',
  taskTitleRequired: 'Give the task a title',
  taskTitleTooLong: `A task title is limited to ${BOARD_TASK_TITLE_MAX} characters`,
  taskTitleBad: 'A task title is one line of plain text',
  taskDescriptionTooLong: `A task description is limited to ${BOARD_TASK_DESCRIPTION_MAX} characters`,
  taskDescriptionBad: 'A task description cannot contain text-direction controls',
  taskDueDateInvalid: 'The due date must be a date written year-month-day',
  tooManyTasks: `A board holds up to ${BOARD_PERSONAL_TASKS_MAX} personal tasks`,
  statusFirst: 'Its status has not changed: start or deliver it from the board or its order first',
  commissionTaskEdit: 'A commission task follows its order: open the order to change it',
  slotsInvalid: `Slots are a whole number up to ${QUEUE_SLOTS_MAX}, or empty for no limit`,
  saveMalformed: 'Board was not updated: the save must list every column and task of the board exactly once',
  created: 'Task created',
  columnCreated: 'Column created',
  columnDeleted: 'Column deleted; its tasks went back to In progress',
  taskDeleted: 'Task deleted',
  saved: 'Changes saved',
  waitlistNotice:
    'No slot is open right now: if you send this request it joins the waitlist, and the artist sees it marked “waitlist”.',
  waitlistLabel: 'waitlist',
  showInQueueLabel: 'Show my name and chosen options in the artist’s public queue',
  showInQueueHint:
    'Otherwise the queue shows your order only as “Commission #number”. References and price are never shown.',

  // Why a drop of a commission task is refused (after "Couln't move. ").
  onlyApprovalMovesToDone: 'Only the buyer’s approval moves a commission to Done',
  startBeforeDelivering: 'Start the work before delivering it: drop it into In progress first',
  noGoingBack: 'A commission cannot go back to an earlier status',
  waitingForBuyer: 'Delivered work waits for the buyer to approve it or send it back',
  doneStaysDone: 'A done commission stays in Done',
  deliveryNotSent: 'The delivery was not sent, so the commission stays where it was',
} as const;

/** "Couln't move. Start the work …": SPEC §8's words first, then why. */
export const moveRefused = (why: string) => `${boardMessages.moveFailed}. ${why}`;
