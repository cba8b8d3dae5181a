import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { BOARD_SYSTEM_COLUMNS, SYSTEM_COLUMN_TITLES } from '@brushline/shared/board/constants';
import type { DbOrTx } from '../../db/client.ts';
import { boardColumns, boards, boardTasks } from '../../db/schema/board.ts';

export type BoardRow = typeof boards.$inferSelect;
export type ColumnRow = typeof boardColumns.$inferSelect;
export type TaskRow = typeof boardTasks.$inferSelect;

export async function findBoardOf(db: DbOrTx, ownerId: string): Promise<BoardRow | undefined> {
  const [row] = await db.select().from(boards).where(eq(boards.ownerId, ownerId));
  return row;
}

/** Makes the user's board with its four system columns, unless it exists; answers it either way. */
export async function ensureBoard(db: DbOrTx, ownerId: string): Promise<BoardRow> {
  const found = await findBoardOf(db, ownerId);
  if (found) return found;
  return db.transaction(async (tx) => {
    const [made] = await tx.insert(boards).values({ ownerId }).onConflictDoNothing().returning();
    if (!made) return (await findBoardOf(tx, ownerId))!;
    await tx.insert(boardColumns).values(
      BOARD_SYSTEM_COLUMNS.map((key, position) => ({
        boardGuid: made.guid,
        position,
        title: SYSTEM_COLUMN_TITLES[key],
        isPublic: true,
        systemKey: key,
      })),
    );
    return made;
  });
}

/** Holds the board for the rest of the transaction: its writes never interleave. */
export async function lockBoard(db: DbOrTx, guid: string): Promise<BoardRow | undefined> {
  const [row] = await db.select().from(boards).where(eq(boards.guid, guid)).for('update');
  return row;
}

export async function bumpVersion(db: DbOrTx, guid: string): Promise<number> {
  const [row] = await db
    .update(boards)
    .set({ version: sql`${boards.version} + 1` })
    .where(eq(boards.guid, guid))
    .returning({ version: boards.version });
  return row!.version;
}

export async function setSlots(db: DbOrTx, guid: string, slots: number | null): Promise<void> {
  await db.update(boards).set({ slots }).where(eq(boards.guid, guid));
}

export async function findColumns(db: DbOrTx, guid: string): Promise<ColumnRow[]> {
  return db
    .select()
    .from(boardColumns)
    .where(eq(boardColumns.boardGuid, guid))
    .orderBy(asc(boardColumns.position), asc(boardColumns.id));
}

export async function findTasks(db: DbOrTx, guid: string): Promise<TaskRow[]> {
  return db
    .select()
    .from(boardTasks)
    .where(eq(boardTasks.boardGuid, guid))
    .orderBy(asc(boardTasks.position), asc(boardTasks.id));
}

export async function countPersonalTasks(db: DbOrTx, guid: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(boardTasks)
    .where(and(eq(boardTasks.boardGuid, guid), sql`${boardTasks.commissionTaskId} is null`));
  return row?.n ?? 0;
}

export async function insertTasks(db: DbOrTx, rows: (typeof boardTasks.$inferInsert)[]) {
  if (rows.length === 0) return [];
  return db.insert(boardTasks).values(rows).returning({ id: boardTasks.id });
}

export async function updateTaskFields(
  db: DbOrTx,
  id: number,
  fields: { title: string; description: string; dueDate: string | null },
): Promise<void> {
  await db.update(boardTasks).set(fields).where(eq(boardTasks.id, id));
}

export async function deleteTasks(db: DbOrTx, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.delete(boardTasks).where(inArray(boardTasks.id, ids));
}

/** Puts tasks in columns at positions in one statement (a whole-board save moves hundreds). */
export async function placeTasks(
  db: DbOrTx,
  rows: { id: number; columnId: string; position: number }[],
): Promise<void> {
  if (rows.length === 0) return;
  const values = sql.join(
    rows.map((r) => sql`(${r.id}::int, ${r.columnId}::uuid, ${r.position}::int)`),
    sql`, `,
  );
  await db.execute(sql`
    update ${boardTasks} set column_id = v.column_id, position = v.position
    from (values ${values}) as v(id, column_id, position)
    where ${boardTasks.id} = v.id`);
}

export async function placeColumns(db: DbOrTx, rows: { id: string; position: number }[]): Promise<void> {
  if (rows.length === 0) return;
  const values = sql.join(
    rows.map((r) => sql`(${r.id}::uuid, ${r.position}::int)`),
    sql`, `,
  );
  await db.execute(sql`
    update ${boardColumns} set position = v.position
    from (values ${values}) as v(id, position)
    where ${boardColumns.id} = v.id`);
}

export async function insertColumn(db: DbOrTx, row: typeof boardColumns.$inferInsert): Promise<void> {
  await db.insert(boardColumns).values(row);
}

export async function updateColumnFields(
  db: DbOrTx,
  id: string,
  fields: { title?: string; isPublic: boolean; wipLimit: number | null },
): Promise<void> {
  await db.update(boardColumns).set(fields).where(eq(boardColumns.id, id));
}

export async function deleteColumn(db: DbOrTx, id: string): Promise<void> {
  await db.delete(boardColumns).where(eq(boardColumns.id, id));
}
