import type { CaseDetail, CaseSummary } from '@brushline/shared/moderation/schemas';
import { iso } from '../../platform/dates.ts';
import { personOf } from './moderation.dto.ts';
import type { CaseRow, findNotes, findReports } from './reports.repo.ts';

export function toCaseSummary(row: CaseRow): CaseSummary {
  return {
    id: row.id,
    targetKind: row.targetKind,
    targetId: row.targetId,
    targetOwner: personOf(row.ownerId, row.ownerLogin, row.ownerName, row.ownerAvatarId),
    title: row.title,
    status: row.status,
    assignee: personOf(row.assigneeId, row.assigneeLogin, row.assigneeName, row.assigneeAvatarId),
    reports: Number(row.reports),
    reasons: row.reasons,
    createdAt: iso(row.createdAt),
    lastReportAt: iso(row.lastReportAt),
  };
}

export function toCaseDetail(
  row: CaseRow,
  more: {
    live: Record<string, unknown> | null;
    hidden: boolean;
    canHide: boolean;
    canRelabel: boolean;
    reports: Awaited<ReturnType<typeof findReports>>;
    notes: Awaited<ReturnType<typeof findNotes>>;
  },
): CaseDetail {
  return {
    ...toCaseSummary(row),
    resolution: row.resolution,
    live: more.live,
    hidden: more.hidden,
    canHide: more.canHide,
    canRelabel: more.canRelabel,
    reportList: more.reports.map((r) => ({
      id: r.id,
      at: iso(r.at),
      reporter: personOf(r.reporterId, r.reporterLogin, r.reporterName, r.reporterAvatarId),
      reason: r.reason,
      comment: r.comment,
      snapshot: r.snapshot,
    })),
    notes: more.notes.map((n) => ({
      id: n.id,
      at: iso(n.at),
      author: personOf(n.authorId, n.authorLogin, n.authorName, n.authorAvatarId),
      text: n.text,
    })),
  };
}
