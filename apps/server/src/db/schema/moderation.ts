import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type {
  AuditAction,
  CaseStatus,
  ReportReason,
  ReportTarget,
} from '@brushline/shared/moderation/constants';
import { users } from './users.ts';

/**
 * Every staff action, append-only (decision 0022): a trigger refuses UPDATE, DELETE and TRUNCATE.
 * No foreign keys: the log outlives the accounts it names (an account's deletion must not rewrite
 * it); the logins at the time are kept beside the ids.
 */
export const moderationAudit = pgTable(
  'moderation_audit',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** The staff member (null: the command line or the server itself). */
    actorId: uuid('actor_id'),
    actorLogin: text('actor_login'),
    action: text('action').$type<AuditAction>().notNull(),
    targetUserId: uuid('target_user_id'),
    targetLogin: text('target_login'),
    reason: text('reason').notNull().default(''),
    /** What else the action carried (days, role, badge, the end of a suspension). */
    detail: jsonb('detail')
      .$type<Record<string, string | number | boolean | null>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('moderation_audit_target_idx').on(t.targetUserId, t.id),
    index('moderation_audit_actor_idx').on(t.actorId, t.id),
  ],
);

/**
 * A moderation case: the reports of one target, grouped (decision 0022). At most one open case
 * (new or investigating) per target; a report on a target whose case has ended opens a new one.
 */
export const moderationCases = pgTable(
  'moderation_cases',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    targetKind: text('target_kind').$type<ReportTarget>().notNull(),
    /** The target as the API names it: a post id, a login, a card uuid, a request guid… */
    targetId: text('target_id').notNull(),
    targetOwnerId: uuid('target_owner_id').references(() => users.id, { onDelete: 'set null' }),
    /** A short description of the target when first reported. */
    title: text('title').notNull(),
    status: text('status').$type<CaseStatus>().notNull().default('new'),
    assigneeId: uuid('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    resolution: text('resolution'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastReportAt: timestamp('last_report_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('moderation_cases_open_target_uq')
      .on(t.targetKind, t.targetId)
      .where(sql`${t.status} in ('new', 'investigating')`),
    index('moderation_cases_status_idx').on(t.status, t.lastReportAt),
  ],
);

/** One person's report: why, their comment, and the content as it was then (a snapshot). */
export const reports = pgTable(
  'reports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    caseId: integer('case_id')
      .notNull()
      .references(() => moderationCases.id, { onDelete: 'cascade' }),
    reporterId: uuid('reporter_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason').$type<ReportReason>().notNull(),
    comment: text('comment').notNull().default(''),
    snapshot: jsonb('snapshot').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('reports_case_reporter_uq').on(t.caseId, t.reporterId)],
);

/** Staff's notes on a case. */
export const caseNotes = pgTable(
  'case_notes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    caseId: integer('case_id')
      .notNull()
      .references(() => moderationCases.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('case_notes_case_idx').on(t.caseId, t.id)],
);
