/** Staff actions on an account, and their limits (decisions/0022-moderation.md). */

/** A suspension lasts a whole number of days in this range; a ban has no end. */
export const SUSPENSION_DAYS_MIN = 1;
export const SUSPENSION_DAYS_MAX = 365;
/** Why staff acted: shown to the user on sign-in and kept in the audit log. */
export const MODERATION_REASON_MAX = 500;
/** A staff search of users by login or e-mail. */
export const USER_SEARCH_MAX = 100;
export const ADMIN_USERS_PAGE_SIZE = 25;
export const AUDIT_PAGE_SIZE = 50;

/** What an audit entry records (append-only; every staff action writes one). */
export const AUDIT_ACTIONS = [
  'suspend',
  'ban',
  'lift',
  'warn',
  'end_sessions',
  'grant_role',
  'revoke_role',
  'set_badge',
  'unset_badge',
  'hide',
  'unhide',
  'relabel',
  'resolve_case',
  'dismiss_case',
  'export_data',
  'delete_account',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Badges staff set by hand; staff, artist, subscriber follow roles and banned follows a ban. */
export const FLAG_BADGES = ['verified', 'alpha'] as const;
export type FlagBadge = (typeof FLAG_BADGES)[number];

/** What can be reported (decision 0022). */
export const REPORT_TARGETS = [
  'post',
  'profile',
  'card',
  'request',
  'image',
  'tag',
  'message',
  'review',
] as const;
export type ReportTarget = (typeof REPORT_TARGETS)[number];

export const REPORT_REASONS = [
  'spam',
  'harassment',
  'stolen_art',
  'unlabeled_ai',
  'wrong_maturity',
  'illegal',
  'other',
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const REPORT_COMMENT_MAX = 1000;
/** Reports one user may send in an hour (a flood of reports is abuse too). */
export const REPORT_LIMIT = { points: 10, seconds: 60 * 60 } as const;
export const CASE_NOTE_MAX = 2000;
export const RESOLUTION_MAX = 500;
export const CASES_PAGE_SIZE = 25;

/** A case groups the reports of one target: new → investigating → resolved or dismissed. */
export const CASE_STATUSES = ['new', 'investigating', 'resolved', 'dismissed'] as const;
export type CaseStatus = (typeof CASE_STATUSES)[number];
export const OPEN_CASE_STATUSES = ['new', 'investigating'] as const satisfies readonly CaseStatus[];
