import { MATURITIES } from '../posts/constants.ts';
import { z } from 'zod';
import { BADGES, ROLES } from '../roles.ts';
import { proseText, text } from '../text.ts';
import { personSchema } from '../users/schemas.ts';
import {
  AUDIT_ACTIONS,
  CASE_NOTE_MAX,
  CASE_STATUSES,
  FLAG_BADGES,
  REPORT_COMMENT_MAX,
  REPORT_REASONS,
  REPORT_TARGETS,
  RESOLUTION_MAX,
  MODERATION_REASON_MAX,
  SUSPENSION_DAYS_MAX,
  SUSPENSION_DAYS_MIN,
  USER_SEARCH_MAX,
} from './constants.ts';
import { moderationMessages as m, reportMessages as rm } from './messages.ts';

const reason = (required: string) =>
  proseText(m.badCharacters, { error: required })
    .trim()
    .min(1, { error: required })
    .max(MODERATION_REASON_MAX, { error: m.reasonTooLong });

export const suspendBodySchema = z.object({
  days: z
    .number({ error: m.daysRange })
    .int({ error: m.daysRange })
    .min(SUSPENSION_DAYS_MIN, { error: m.daysRange })
    .max(SUSPENSION_DAYS_MAX, { error: m.daysRange }),
  reason: reason(m.reasonRequired),
});
export type SuspendBody = z.infer<typeof suspendBodySchema>;

export const reasonBodySchema = z.object({ reason: reason(m.reasonRequired) });
export type ReasonBody = z.infer<typeof reasonBodySchema>;

export const warnBodySchema = z.object({ message: reason(m.warningRequired) });
export type WarnBody = z.infer<typeof warnBodySchema>;

export const roleBodySchema = z.object({ role: z.enum(ROLES), granted: z.boolean() });
export type RoleBody = z.infer<typeof roleBodySchema>;

export const badgeBodySchema = z.object({ badge: z.enum(FLAG_BADGES), set: z.boolean() });
export type BadgeBody = z.infer<typeof badgeBodySchema>;

export const userSearchQuerySchema = z.object({
  q: text().trim().max(USER_SEARCH_MAX).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type UserSearchQuery = z.infer<typeof userSearchQuerySchema>;

/** An account's restriction now: none, suspended until a date, or banned. */
export const restrictionSchema = z
  .object({
    kind: z.enum(['suspended', 'banned']),
    /** ISO date-time the suspension ends; null for a ban. */
    until: z.string().nullable(),
    reason: z.string(),
  })
  .nullable();
export type Restriction = z.infer<typeof restrictionSchema>;

/** A user as the admin area lists them. */
export const adminUserSchema = z.object({
  id: z.string(),
  login: z.string(),
  displayName: z.string(),
  email: z.string(),
  roles: z.array(z.enum(ROLES)),
  badges: z.array(z.enum(BADGES)),
  createdAt: z.string(),
  restriction: restrictionSchema,
  /** Live sessions (signed-in browsers and devices). */
  sessions: z.number().int(),
  /** When the account was deleted (ISO; decision 0024): its row stays, anonymised; null while it lives. */
  deletedAt: z.string().nullable(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUserPageSchema = z.object({
  users: z.array(adminUserSchema),
  total: z.number().int(),
});
export type AdminUserPage = z.infer<typeof adminUserPageSchema>;

export const sessionInfoSchema = z.object({
  createdAt: z.string(),
  lastSeenAt: z.string(),
  expiresAt: z.string(),
});

export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  /** Who acted (null: the command line or the server itself). */
  actor: personSchema.nullable(),
  action: z.enum(AUDIT_ACTIONS),
  /** The account acted on. */
  target: personSchema.nullable(),
  reason: z.string(),
  /** What else the action carried: days, role, badge. */
  detail: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const adminUserDetailSchema = adminUserSchema.extend({
  sessionList: z.array(sessionInfoSchema),
  audit: z.array(auditEntrySchema),
});
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;

export const auditQuerySchema = z.object({
  /** Login of the staff member who acted. */
  actor: text().trim().max(USER_SEARCH_MAX).optional(),
  /** Login of the account acted on. */
  target: text().trim().max(USER_SEARCH_MAX).optional(),
  action: z.enum(AUDIT_ACTIONS).optional(),
  /** Entries older than this id (the next page). */
  before: z.coerce.number().int().min(1).optional(),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditPageSchema = z.object({ entries: z.array(auditEntrySchema), hasMore: z.boolean() });
export type AuditPage = z.infer<typeof auditPageSchema>;

const prose = (required: string, max: number, tooLong: string) =>
  proseText(m.badCharacters, { error: required })
    .trim()
    .min(1, { error: required })
    .max(max, { error: tooLong });

/** A report: what (kind and id as the API names it: a post id, a login, a card uuid…), why, a comment. */
export const reportBodySchema = z
  .object({
    targetKind: z.enum(REPORT_TARGETS),
    targetId: text().trim().min(1).max(200),
    reason: z.enum(REPORT_REASONS, { error: rm.reasonRequired }),
    comment: proseText(m.badCharacters)
      .trim()
      .max(REPORT_COMMENT_MAX, { error: rm.commentTooLong })
      .default(''),
  })
  .refine((r) => r.reason !== 'other' || r.comment.length > 0, {
    error: rm.otherNeedsComment,
    path: ['comment'],
  });
export type ReportBody = z.infer<typeof reportBodySchema>;
export type ReportBodyInput = z.input<typeof reportBodySchema>;

/** One report inside a case, as staff read it. */
export const reportSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  reporter: personSchema.nullable(),
  reason: z.enum(REPORT_REASONS),
  comment: z.string(),
  /** The content as it was when this report was sent (an edit since cannot hide it). */
  snapshot: z.record(z.string(), z.unknown()),
});
export type Report = z.infer<typeof reportSchema>;

/** A case: the reports of one target, grouped. */
export const caseSummarySchema = z.object({
  id: z.number().int(),
  targetKind: z.enum(REPORT_TARGETS),
  targetId: z.string(),
  /** The owner of the reported content (null: gone, or a tag with no owner). */
  targetOwner: personSchema.nullable(),
  /** A short description of the target as it was first reported ("Post #12: ‘Buy followers…’"). */
  title: z.string(),
  status: z.enum(CASE_STATUSES),
  assignee: personSchema.nullable(),
  reports: z.number().int(),
  reasons: z.array(z.enum(REPORT_REASONS)),
  createdAt: z.string(),
  lastReportAt: z.string(),
});
export type CaseSummary = z.infer<typeof caseSummarySchema>;

export const casePageSchema = z.object({ cases: z.array(caseSummarySchema), total: z.number().int() });
export type CasePage = z.infer<typeof casePageSchema>;

export const caseNoteSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  author: personSchema.nullable(),
  text: z.string(),
});
export type CaseNote = z.infer<typeof caseNoteSchema>;

export const caseDetailSchema = caseSummarySchema.extend({
  resolution: z.string().nullable(),
  /** The target as it is now, the same shape as a snapshot; null when it no longer exists. */
  live: z.record(z.string(), z.unknown()).nullable(),
  /** Whether the target is hidden by staff now (only kinds that can be hidden). */
  hidden: z.boolean(),
  canHide: z.boolean(),
  /** Whether staff can change the target's maturity label (posts). */
  canRelabel: z.boolean(),
  reportList: z.array(reportSchema),
  notes: z.array(caseNoteSchema),
});
export type CaseDetail = z.infer<typeof caseDetailSchema>;

export const caseQuerySchema = z.object({
  status: z.enum([...CASE_STATUSES, 'open']).default('open'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type CaseQuery = z.infer<typeof caseQuerySchema>;

/** Take the case (status investigating, the caller the assignee), or give it up (back to new). */
export const caseAssignBodySchema = z.object({ assignToMe: z.boolean() });
export type CaseAssignBody = z.infer<typeof caseAssignBodySchema>;

export const caseNoteBodySchema = z.object({ text: prose(rm.noteRequired, CASE_NOTE_MAX, rm.noteTooLong) });
export type CaseNoteBody = z.infer<typeof caseNoteBodySchema>;

/**
 * Ending a case: `hide` hides the content (for everyone but its owner and staff) and resolves;
 * `relabel` gives a post the maturity label it should have had (`maturity`) and resolves;
 * `resolve` records what was done elsewhere (a warning, a suspension); `dismiss` takes no action.
 * The resolution is what the reporters and, for a hide or a relabel, the owner read.
 */
export const caseCloseBodySchema = z
  .object({
    outcome: z.enum(['hide', 'relabel', 'resolve', 'dismiss']),
    resolution: prose(rm.resolutionRequired, RESOLUTION_MAX, rm.resolutionTooLong),
    maturity: z.enum(MATURITIES, { error: rm.maturityRequired }).optional(),
  })
  .refine((b) => b.outcome !== 'relabel' || b.maturity !== undefined, {
    message: rm.maturityRequired,
    path: ['maturity'],
  });
export type CaseCloseBody = z.infer<typeof caseCloseBodySchema>;
