import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { BOARD_SYSTEM_COLUMNS } from '@brushline/shared/board/constants';
import { commissionTasks } from './orders.ts';
import { users } from './users.ts';

export const boardSystemColumnEnum = pgEnum('board_system_column', BOARD_SYSTEM_COLUMNS);

/** SPEC §3 Kanban board: one per user, made on first use. `version` grows with every change. */
export const boards = pgTable('boards', {
  guid: uuid('guid').primaryKey().defaultRandom(),
  ownerId: uuid('owner_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  version: integer('version').notNull().default(1),
  /** Active commissions the artist takes at once (the public queue's open slots); null: not said. */
  slots: integer('slots'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A column: a system one stands for a commission status; the artist's own are stages of the work. */
export const boardColumns = pgTable(
  'board_columns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    boardGuid: uuid('board_guid')
      .notNull()
      .references(() => boards.guid, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    title: text('title').notNull(),
    isPublic: boolean('is_public').notNull().default(true),
    systemKey: boardSystemColumnEnum('system_key'),
    wipLimit: integer('wip_limit'),
  },
  (t) => [
    index('board_columns_board_idx').on(t.boardGuid, t.position),
    uniqueIndex('board_columns_system_idx').on(t.boardGuid, t.systemKey),
  ],
);

/**
 * A task on a board: a commission (its order's task; title and status come from the order) or a
 * personal task (title, description, due date of its own). Each column's tasks by position.
 */
export const boardTasks = pgTable(
  'board_tasks',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    boardGuid: uuid('board_guid')
      .notNull()
      .references(() => boards.guid, { onDelete: 'cascade' }),
    columnId: uuid('column_id')
      .notNull()
      .references(() => boardColumns.id),
    position: integer('position').notNull(),
    commissionTaskId: integer('commission_task_id')
      .unique()
      .references(() => commissionTasks.id, { onDelete: 'cascade' }),
    title: text('title').notNull().default(''),
    description: text('description').notNull().default(''),
    dueDate: date('due_date'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('board_tasks_board_idx').on(t.boardGuid, t.columnId, t.position),
    check('board_tasks_position_check', sql`${t.position} >= 0`),
  ],
);
