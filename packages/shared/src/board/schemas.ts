import { z } from 'zod';
import { taskStatusSchema } from '../orders/schemas.ts';
import { rowIdSchema } from '../paging.ts';
import { proseText, singleLineText } from '../text.ts';
import { loginLookupSchema, personSchema } from '../users/schemas.ts';
import { uuidSchema } from '../uuid.ts';
import {
  BOARD_COLUMN_TITLE_MAX,
  BOARD_SYSTEM_COLUMNS,
  BOARD_TASK_DESCRIPTION_MAX,
  BOARD_TASK_TITLE_MAX,
  BOARD_WIP_LIMIT_MAX,
  QUEUE_SLOTS_MAX,
} from './constants.ts';
import { boardMessages } from './messages.ts';

export const boardSystemColumnSchema = z.enum(BOARD_SYSTEM_COLUMNS);

/** SPEC §3 Kanban board column, with what the board adds: which status it holds and a WIP limit. */
export const boardColumnSchema = z.object({
  id: uuidSchema,
  order: z.number().int(),
  title: z.string(),
  isPublic: z.boolean(),
  isSystem: z.boolean(),
  /** Which status column it is (null for the artist's own columns). */
  systemKey: boardSystemColumnSchema.nullable(),
  /** The commission status its tasks have. */
  status: taskStatusSchema,
  /** More tasks than this shows a warning; null: no limit. */
  wipLimit: z.number().int().nullable(),
});
export type BoardColumn = z.infer<typeof boardColumnSchema>;

/** A commission task as the board shows it; the order page has the rest. */
export const boardCommissionSchema = z.object({
  taskId: z.number().int(),
  /** The order (sent form) id: /order/{formId}. */
  formId: z.number().int(),
  status: taskStatusSchema,
  cardTitle: z.string(),
  buyer: personSchema,
  totalPrice: z.number(),
  /** The chosen options in short ("Full body, Background"). */
  options: z.string(),
  /** Unread notifications about this order for the artist. */
  unread: z.number().int(),
  /** When the status last changed. */
  since: z.iso.datetime(),
});
export type BoardCommission = z.infer<typeof boardCommissionSchema>;

/** SPEC §3 Kanban board task (id, columnId): a commission or a personal task. */
export const boardTaskSchema = z.object({
  id: z.number().int(),
  columnId: uuidSchema,
  title: z.string(),
  description: z.string(),
  /** YYYY-MM-DD, personal tasks only. */
  dueDate: z.string().nullable(),
  commission: boardCommissionSchema.nullable(),
});
export type BoardTask = z.infer<typeof boardTaskSchema>;

/** SPEC §3 Kanban board: guid, columns, tasks (each column's tasks in order), and its version. */
export const boardSchema = z.object({
  guid: uuidSchema,
  /** Grows with every change; a save from an older version is refused (409). */
  version: z.number().int(),
  /** Active commissions the artist takes at once; null: not said. */
  slots: z.number().int().nullable(),
  columns: z.array(boardColumnSchema),
  tasks: z.array(boardTaskSchema),
});
export type Board = z.infer<typeof boardSchema>;

const versionSchema = z.number().int().min(1);

const columnTitle = singleLineText(boardMessages.columnTitleBad, { error: boardMessages.columnTitleRequired })
  .trim()
  .min(1, { error: boardMessages.columnTitleRequired })
  .max(BOARD_COLUMN_TITLE_MAX, { error: boardMessages.columnTitleTooLong });
const wipLimit = z
  .number({ error: boardMessages.wipLimitInvalid })
  .int({ error: boardMessages.wipLimitInvalid })
  .min(1, { error: boardMessages.wipLimitInvalid })
  .max(BOARD_WIP_LIMIT_MAX, { error: boardMessages.wipLimitInvalid })
  .nullable();

/** POST /board/column: a new column starts public and non-system (SPEC §4). */
export const createColumnBodySchema = z.object({
  title: columnTitle,
  isPublic: z.boolean().default(true),
  wipLimit: wipLimit.default(null),
});
export type CreateColumnBody = z.infer<typeof createColumnBodySchema>;
export type CreateColumnBodyInput = z.input<typeof createColumnBodySchema>;

/** PATCH /board/column/{guid}: a system column keeps its title (it names a status). */
export const updateColumnBodySchema = z.object({
  title: columnTitle,
  isPublic: z.boolean(),
  wipLimit,
});
export type UpdateColumnBody = z.infer<typeof updateColumnBodySchema>;

/** PATCH /board/column/move (SPEC §7: guid, newOrder). */
export const moveColumnBodySchema = z.object({
  guid: uuidSchema,
  newOrder: z.number().int().min(0),
  version: versionSchema,
});
export type MoveColumnBody = z.infer<typeof moveColumnBodySchema>;

/**
 * PATCH /board/update after a drop (SPEC §7: guid, columns, tasks): the whole layout, every column
 * and task exactly once; tasks in their order within each column.
 */
export const updateBoardBodySchema = z.object({
  guid: uuidSchema,
  version: versionSchema,
  columns: z.array(z.object({ id: uuidSchema, order: z.number().int().min(0) })).max(1000),
  tasks: z.array(z.object({ id: z.number().int().min(1), columnId: uuidSchema })).max(10_000),
});
export type UpdateBoardBody = z.infer<typeof updateBoardBodySchema>;

const taskFields = {
  title: singleLineText(boardMessages.taskTitleBad, { error: boardMessages.taskTitleRequired })
    .trim()
    .min(1, { error: boardMessages.taskTitleRequired })
    .max(BOARD_TASK_TITLE_MAX, { error: boardMessages.taskTitleTooLong }),
  description: proseText(boardMessages.taskDescriptionBad)
    .max(BOARD_TASK_DESCRIPTION_MAX, { error: boardMessages.taskDescriptionTooLong })
    .default(''),
  dueDate: z.iso.date({ error: boardMessages.taskDueDateInvalid }).nullable().default(null),
};

/** POST /board/task (SPEC §7: create task with the column guid): a personal task. */
export const createTaskBodySchema = z.object({ columnGuid: uuidSchema, ...taskFields });
export type CreateTaskBody = z.infer<typeof createTaskBodySchema>;
export type CreateTaskBodyInput = z.input<typeof createTaskBodySchema>;

export const updateTaskBodySchema = z.object(taskFields);
export type UpdateTaskBody = z.infer<typeof updateTaskBodySchema>;
export type UpdateTaskBodyInput = z.input<typeof updateTaskBodySchema>;

export const boardSettingsBodySchema = z.object({
  slots: z
    .number({ error: boardMessages.slotsInvalid })
    .int({ error: boardMessages.slotsInvalid })
    .min(0, { error: boardMessages.slotsInvalid })
    .max(QUEUE_SLOTS_MAX, { error: boardMessages.slotsInvalid })
    .nullable(),
});
export type BoardSettingsBody = z.infer<typeof boardSettingsBodySchema>;

export const boardTaskParamsSchema = z.object({ id: rowIdSchema('Must be a board task id') });
export const boardColumnParamsSchema = z.object({ guid: uuidSchema });
export const queueParamsSchema = z.object({ login: loginLookupSchema });

/**
 * One entry of the public queue: never the references, the brief or the price, and the buyer and
 * their chosen options only when that buyer chose to show them (showInQueue on their order).
 */
export const queueEntrySchema = z.object({
  /** "Commission #12", or "Other work" for the artist's personal tasks. */
  label: z.string(),
  /** The card's title ("Full body"); empty for other work. */
  title: z.string(),
  status: taskStatusSchema.nullable(),
  since: z.iso.datetime().nullable(),
  /** Only when the buyer chose to show it; null otherwise. */
  buyer: personSchema.nullable(),
  /** The chosen options in short, only when the buyer chose to show them; null otherwise. */
  options: z.string().nullable(),
});
export type QueueEntry = z.infer<typeof queueEntrySchema>;

/** GET /queue/{login}/slots: how many active commissions the artist takes and how many are open. */
export const slotsSchema = z.object({
  slots: z.number().int().nullable(),
  /** slots − active commissions (never below 0); null when no slots are set. */
  openSlots: z.number().int().nullable(),
  /** Accepted, in progress or awaiting approval. */
  active: z.number().int(),
});
export type Slots = z.infer<typeof slotsSchema>;

/** GET /queue/{login}: the artist's public columns as a queue buyers can read. */
export const queueSchema = slotsSchema.extend({
  artist: personSchema,
  columns: z.array(z.object({ title: z.string(), entries: z.array(queueEntrySchema) })),
});
export type Queue = z.infer<typeof queueSchema>;

/** Open slots: slots − active, never below 0; null when the artist set none. */
export function openSlots(slots: number | null, active: number): number | null {
  return slots === null ? null : Math.max(0, slots - active);
}
