import { CASES_PAGE_SIZE, OPEN_CASE_STATUSES } from '@brushline/shared/moderation/constants';
import {
  hiddenByStaffText,
  reportMessages as rm,
  reportTargetText,
} from '@brushline/shared/moderation/messages';
import type {
  CaseAssignBody,
  CaseCloseBody,
  CaseDetail,
  CaseNoteBody,
  CasePage,
  CaseQuery,
  ReportBody,
} from '@brushline/shared/moderation/schemas';
import type { Deps } from '../../platform/deps.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { Actor } from '../../platform/session.ts';
import { createNotification } from '../notifications/notifications.service.ts';
import { authorChanged, setPostMaturityByStaff } from '../posts/posts.service.ts';
import { reviewHidden, setReviewHiddenByStaff } from '../reviews/reviews.service.ts';
import { toCaseDetail, toCaseSummary } from './reports.dto.ts';
import { insertAudit } from './moderation.repo.ts';
import { requireStaff } from './moderation.rules.ts';
import {
  findCase,
  findCases,
  findNotes,
  findReporterIds,
  findReports,
  insertNote,
  insertReport,
  lockOpenCase,
  openCase,
  updateOpenCase,
} from './reports.repo.ts';
import { HIDEABLE, HIDERS, RELABELABLE, readTarget, type Ctx } from './report-targets.service.ts';

/**
 * Any signed-in user reports something they can see (not their own) with a reason and a comment.
 * The content is kept as it is now (a snapshot). Reports of one target join its open case; one
 * report per person and case. Counted against the reporter's hourly report limit.
 */
export async function report(ctx: Ctx, actor: Actor, body: ReportBody): Promise<{ message: string }> {
  await ctx.limits.hit('reportUser', actor.id);
  const target = await readTarget(ctx, actor, body.targetKind, body.targetId);
  if (!target) throw notFound(rm.targetNotFound);
  if (target.ownerId === actor.id) throw new AppError(409, 'own_content', rm.ownContent);
  // The same spelling for every report of one target: a login or a tag title in any case.
  const targetId = ['profile', 'tag'].includes(body.targetKind) ? body.targetId.toLowerCase() : body.targetId;
  await ctx.db.transaction(async (tx) => {
    const caseId =
      (await lockOpenCase(tx, body.targetKind, targetId))?.id ??
      (await openCase(tx, {
        targetKind: body.targetKind,
        targetId,
        targetOwnerId: target.ownerId,
        title: target.title,
      }));
    const stored = await insertReport(tx, {
      caseId,
      reporterId: actor.id,
      reason: body.reason,
      comment: body.comment,
      snapshot: target.snapshot,
    });
    if (!stored) throw new AppError(409, 'already_reported', rm.alreadyReported);
  });
  return { message: rm.sent };
}

/** The staff queue: cases by status (open: new and investigating), the most recently reported first. */
export async function listCases(ctx: Pick<Deps, 'db'>, actor: Actor | null, q: CaseQuery): Promise<CasePage> {
  requireStaff(actor);
  const statuses = q.status === 'open' ? OPEN_CASE_STATUSES : [q.status];
  const { rows, total } = await findCases(ctx.db, statuses, CASES_PAGE_SIZE, (q.page - 1) * CASES_PAGE_SIZE);
  return { cases: rows.map(toCaseSummary), total };
}

async function detail(ctx: Ctx, staff: Actor, id: number): Promise<CaseDetail> {
  const row = await findCase(ctx.db, id);
  if (!row) throw notFound(rm.caseNotFound);
  const [live, reports, notes] = await Promise.all([
    readTarget(ctx, staff, row.targetKind, row.targetId, true),
    findReports(ctx.db, id),
    findNotes(ctx.db, id),
  ]);
  const canHide = HIDEABLE.includes(row.targetKind);
  return toCaseDetail(row, {
    live: live?.snapshot ?? null,
    hidden: canHide && typeof live?.snapshot.hiddenByStaff === 'string',
    canHide,
    canRelabel: RELABELABLE.includes(row.targetKind),
    reports,
    notes,
  });
}

/** One case with its reports (each with its snapshot), the target as it is now, and the notes. */
export async function getCase(ctx: Ctx, actor: Actor | null, id: number): Promise<CaseDetail> {
  return detail(ctx, requireStaff(actor), id);
}

/** A staff member takes an open case (investigating, assigned to them) or gives it back (new). */
export async function assignCase(ctx: Ctx, actor: Actor | null, id: number, body: CaseAssignBody) {
  const staff = requireStaff(actor);
  const moved = await updateOpenCase(
    ctx.db,
    id,
    body.assignToMe ? { status: 'investigating', assigneeId: staff.id } : { status: 'new', assigneeId: null },
  );
  if (!moved)
    throw (await findCase(ctx.db, id))
      ? new AppError(409, 'case_closed', rm.caseClosed)
      : notFound(rm.caseNotFound);
  return detail(ctx, staff, id);
}

export async function addCaseNote(ctx: Ctx, actor: Actor | null, id: number, body: CaseNoteBody) {
  const staff = requireStaff(actor);
  if (!(await findCase(ctx.db, id))) throw notFound(rm.caseNotFound);
  await insertNote(ctx.db, { caseId: id, authorId: staff.id, text: body.text });
  return detail(ctx, staff, id);
}

/**
 * Ends an open case. `hide` hides the content (its owner is told why; it leaves every list) and
 * resolves; `relabel` gives a post another maturity label (its owner is told) and resolves;
 * `resolve` records an action taken on the owner's account; `dismiss` takes none. Every
 * reporter is told how it ended, never who else reported; the reported person is never told who
 * reported. One transaction with its audit entries; a case another staff member ended first answers 409.
 */
export async function closeCase(ctx: Ctx, actor: Actor | null, id: number, body: CaseCloseBody) {
  const staff = requireStaff(actor);
  const row = await findCase(ctx.db, id);
  if (!row) throw notFound(rm.caseNotFound);
  const hide = body.outcome === 'hide';
  if (hide && !HIDEABLE.includes(row.targetKind)) throw new AppError(409, 'cannot_hide', rm.cannotHide);
  const relabel = body.outcome === 'relabel' ? body.maturity! : null;
  if (relabel) {
    if (!RELABELABLE.includes(row.targetKind)) throw new AppError(409, 'cannot_relabel', rm.cannotRelabel);
    const live = await readTarget(ctx, staff, row.targetKind, row.targetId, true);
    if (!live) throw notFound(rm.targetNotFound);
    if (live.snapshot.maturity === relabel) throw new AppError(409, 'same_maturity', rm.sameMaturity);
  }
  const outcome = body.outcome === 'dismiss' ? 'dismissed' : 'resolved';
  let reviewPeople: string[] | null = null;
  const pushes = await ctx.db.transaction(async (tx) => {
    if (
      !(await updateOpenCase(tx, id, { status: outcome, resolution: body.resolution, assigneeId: staff.id }))
    )
      throw new AppError(409, 'case_closed', rm.caseClosed);
    const audit = {
      actorId: staff.id,
      actorLogin: staff.login,
      targetUserId: row.ownerId,
      targetLogin: row.ownerLogin,
      reason: body.resolution,
      detail: { case: id, kind: row.targetKind, target: row.targetId },
    };
    const told = [];
    if (relabel) {
      if (!(await setPostMaturityByStaff({ db: tx }, staff, Number(row.targetId), relabel)))
        throw notFound(rm.targetNotFound);
      await insertAudit(tx, { ...audit, action: 'relabel', detail: { ...audit.detail, maturity: relabel } });
      if (row.ownerId)
        told.push(
          await createNotification({ db: tx }, null, {
            userId: row.ownerId,
            type: 'system_notification',
            message: rm.relabelledTold(relabel, body.resolution),
          }),
        );
    }
    if (hide) {
      if (row.targetKind === 'review') {
        reviewPeople = await setReviewHiddenByStaff({ db: tx }, staff, row.targetId, body.resolution);
        if (!reviewPeople) throw notFound(rm.targetNotFound);
      } else if (!(await HIDERS[row.targetKind]!.hide({ db: tx }, staff, row.targetId, body.resolution)))
        throw notFound(rm.targetNotFound);
      await insertAudit(tx, { ...audit, action: 'hide' });
      if (row.ownerId)
        told.push(
          await createNotification({ db: tx }, null, {
            userId: row.ownerId,
            type: 'system_notification',
            message: `Staff hid your ${reportTargetText[row.targetKind]}. ${hiddenByStaffText(body.resolution)}`,
          }),
        );
    }
    await insertAudit(tx, { ...audit, action: outcome === 'resolved' ? 'resolve_case' : 'dismiss_case' });
    const what = `a ${reportTargetText[row.targetKind]}`;
    for (const reporterId of await findReporterIds(tx, id))
      told.push(
        await createNotification({ db: tx }, null, {
          userId: reporterId,
          type: 'system_notification',
          message: rm.reporterTold(what, outcome, body.resolution),
        }),
      );
    return told.map((n) => n.push);
  });
  for (const push of pushes) push(ctx);
  if (hide && reviewPeople) await reviewHidden(ctx, staff, reviewPeople);
  else if (hide) await HIDERS[row.targetKind]!.after(ctx, staff);
  if (relabel) await authorChanged(ctx, null);
  return {
    message: hide ? rm.hidden : relabel ? rm.relabelled : outcome === 'resolved' ? rm.resolved : rm.dismissed,
    case: await detail(ctx, staff, id),
  };
}
