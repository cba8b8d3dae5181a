import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  OPEN_CASE_STATUSES,
  type CaseStatus,
  type ReportReason,
  type ReportTarget,
} from '@brushline/shared/moderation/constants';
import type { DbOrTx } from '../../db/client.ts';
import { caseNotes, moderationCases, reports } from '../../db/schema/moderation.ts';
import { ownPictureId, users } from '../../db/schema/users.ts';

/** Reports, the cases that group them by target, and staff's notes on a case (decision 0022). */

const owner = alias(users, 'case_owner');
const assignee = alias(users, 'case_assignee');

const caseColumns = {
  id: moderationCases.id,
  targetKind: moderationCases.targetKind,
  targetId: moderationCases.targetId,
  title: moderationCases.title,
  status: moderationCases.status,
  resolution: moderationCases.resolution,
  createdAt: moderationCases.createdAt,
  lastReportAt: moderationCases.lastReportAt,
  ownerId: owner.id,
  ownerLogin: owner.login,
  ownerName: owner.displayName,
  ownerAvatarId: ownPictureId(owner),
  assigneeId: assignee.id,
  assigneeLogin: assignee.login,
  assigneeName: assignee.displayName,
  assigneeAvatarId: ownPictureId(assignee),
  reports: sql<number>`(select count(*)::int from reports r where r.case_id = ${moderationCases.id})`,
  reasons: sql<ReportReason[]>`array(select distinct r.reason from reports r
    where r.case_id = ${moderationCases.id} order by 1)`,
};

function caseSelect(db: DbOrTx) {
  return db
    .select(caseColumns)
    .from(moderationCases)
    .leftJoin(owner, eq(owner.id, moderationCases.targetOwnerId))
    .leftJoin(assignee, eq(assignee.id, moderationCases.assigneeId));
}

export type CaseRow = Awaited<ReturnType<typeof findCase>> & object;

/** The open case of a target, locked for the reporting transaction; undefined when none is open. */
export async function lockOpenCase(db: DbOrTx, kind: ReportTarget, id: string) {
  const [row] = await db
    .select({ id: moderationCases.id })
    .from(moderationCases)
    .where(
      and(
        eq(moderationCases.targetKind, kind),
        eq(moderationCases.targetId, id),
        inArray(moderationCases.status, [...OPEN_CASE_STATUSES]),
      ),
    )
    .for('update');
  return row;
}

/**
 * Opens a case for a target, or answers the open one another report opened at the same moment
 * (the partial unique index on open cases decides which insert wins).
 */
export async function openCase(
  db: DbOrTx,
  values: { targetKind: ReportTarget; targetId: string; targetOwnerId: string | null; title: string },
): Promise<number> {
  const [row] = await db
    .insert(moderationCases)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: moderationCases.id });
  if (row) return row.id;
  const open = await lockOpenCase(db, values.targetKind, values.targetId);
  if (!open) throw new Error('an open case vanished while a report joined it');
  return open.id;
}

/** Stores the report; false when this reporter already reported this case. */
export async function insertReport(
  db: DbOrTx,
  values: {
    caseId: number;
    reporterId: string;
    reason: ReportReason;
    comment: string;
    snapshot: Record<string, unknown>;
  },
): Promise<boolean> {
  const rows = await db.insert(reports).values(values).onConflictDoNothing().returning({ id: reports.id });
  if (rows.length === 0) return false;
  await db
    .update(moderationCases)
    .set({ lastReportAt: sql`now()` })
    .where(eq(moderationCases.id, values.caseId));
  return true;
}

export async function findCase(db: DbOrTx, id: number) {
  const [row] = await caseSelect(db).where(eq(moderationCases.id, id));
  return row;
}

/** Cases in `statuses`, the most recently reported first, one page and the total. */
export async function findCases(db: DbOrTx, statuses: readonly CaseStatus[], limit: number, offset: number) {
  const where = inArray(moderationCases.status, [...statuses]);
  const [rows, [total]] = await Promise.all([
    caseSelect(db)
      .where(where)
      .orderBy(desc(moderationCases.lastReportAt), desc(moderationCases.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(moderationCases).where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

const reporter = alias(users, 'reporter');

export async function findReports(db: DbOrTx, caseId: number) {
  return db
    .select({
      id: reports.id,
      at: reports.createdAt,
      reason: reports.reason,
      comment: reports.comment,
      snapshot: reports.snapshot,
      reporterId: reporter.id,
      reporterLogin: reporter.login,
      reporterName: reporter.displayName,
      reporterAvatarId: ownPictureId(reporter),
    })
    .from(reports)
    .leftJoin(reporter, eq(reporter.id, reports.reporterId))
    .where(eq(reports.caseId, caseId))
    .orderBy(desc(reports.id));
}

/** Who reported the case (to tell them how it ended). */
export async function findReporterIds(db: DbOrTx, caseId: number): Promise<string[]> {
  const rows = await db.select({ id: reports.reporterId }).from(reports).where(eq(reports.caseId, caseId));
  return rows.flatMap((r) => (r.id ? [r.id] : []));
}

const author = alias(users, 'note_author');

export async function findNotes(db: DbOrTx, caseId: number) {
  return db
    .select({
      id: caseNotes.id,
      at: caseNotes.createdAt,
      text: caseNotes.text,
      authorId: author.id,
      authorLogin: author.login,
      authorName: author.displayName,
      authorAvatarId: ownPictureId(author),
    })
    .from(caseNotes)
    .leftJoin(author, eq(author.id, caseNotes.authorId))
    .where(eq(caseNotes.caseId, caseId))
    .orderBy(caseNotes.id);
}

export async function insertNote(db: DbOrTx, values: { caseId: number; authorId: string; text: string }) {
  await db.insert(caseNotes).values(values);
}

/**
 * Moves an open case: taken (investigating, assignee) or given back (new, no assignee), or ended
 * (resolved or dismissed, with its resolution). Answers false when the case is not open any more.
 */
export async function updateOpenCase(
  db: DbOrTx,
  id: number,
  values:
    | { status: 'new' | 'investigating'; assigneeId: string | null }
    | { status: 'resolved' | 'dismissed'; resolution: string; assigneeId: string },
): Promise<boolean> {
  const ended = values.status === 'resolved' || values.status === 'dismissed';
  const rows = await db
    .update(moderationCases)
    .set({ ...values, ...(ended ? { closedAt: sql`now()` } : {}) })
    .where(and(eq(moderationCases.id, id), inArray(moderationCases.status, [...OPEN_CASE_STATUSES])))
    .returning({ id: moderationCases.id });
  return rows.length > 0;
}
