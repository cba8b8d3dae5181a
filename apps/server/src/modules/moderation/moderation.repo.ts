import { and, count, desc, eq, gt, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AuditAction } from '@brushline/shared/moderation/constants';
import type { DbOrTx } from '../../db/client.ts';
import { likeContains } from '../../db/where.ts';
import { moderationAudit } from '../../db/schema/moderation.ts';
import { ownPictureId, rolesColumn, sessions, users } from '../../db/schema/users.ts';

/** The staff's reads of accounts (with their live sessions) and the append-only audit log. */

const liveSessions = sql<number>`(select count(*)::int from sessions s
  where s.user_id = ${users.id} and s.expires_at > now())`;

const staffUserColumns = {
  id: users.id,
  login: users.login,
  displayName: users.displayName,
  email: users.email,
  isVerified: users.isVerified,
  isAlpha: users.isAlpha,
  isBanned: users.isBanned,
  suspendedUntil: users.suspendedUntil,
  suspensionReason: users.suspensionReason,
  createdAt: users.createdAt,
  deletedAt: users.deletedAt,
  roles: rolesColumn,
  sessions: liveSessions,
};

export type StaffUserRow = Awaited<ReturnType<typeof findStaffUsers>>['rows'][number];

/** Accounts whose login or e-mail contains `q` (all when empty), newest first, one page and the total. */
export async function findStaffUsers(db: DbOrTx, q: string, limit: number, offset: number) {
  const where = q ? or(ilike(users.login, likeContains(q)), ilike(users.email, likeContains(q))) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select(staffUserColumns)
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

export async function findStaffUser(db: DbOrTx, login: string): Promise<StaffUserRow | undefined> {
  const [row] = await db
    .select(staffUserColumns)
    .from(users)
    .where(sql`lower(${users.login}) = ${login.toLowerCase()}`);
  return row;
}

/** The account's live sessions, most recently used first. */
export async function findLiveSessions(db: DbOrTx, userId: string) {
  return db
    .select({ createdAt: sessions.createdAt, lastSeenAt: sessions.lastSeenAt, expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, sql`now()`)))
    .orderBy(desc(sessions.lastSeenAt));
}

export interface AuditValues {
  actorId: string | null;
  actorLogin: string | null;
  action: AuditAction;
  targetUserId: string | null;
  targetLogin: string | null;
  reason: string;
  detail?: Record<string, string | number | boolean | null>;
}

export async function insertAudit(db: DbOrTx, values: AuditValues): Promise<void> {
  await db.insert(moderationAudit).values(values);
}

const actorUser = alias(users, 'actor_user');
const targetUser = alias(users, 'target_user');

/** An audit row with the people it names as they are now (their logins then, when the account is gone). */
function auditSelect(db: DbOrTx) {
  return db
    .select({
      id: moderationAudit.id,
      at: moderationAudit.createdAt,
      action: moderationAudit.action,
      reason: moderationAudit.reason,
      detail: moderationAudit.detail,
      actorId: moderationAudit.actorId,
      actorLogin: sql<string | null>`coalesce(${actorUser.login}, ${moderationAudit.actorLogin})`,
      actorName: actorUser.displayName,
      actorAvatarId: ownPictureId(actorUser),
      targetId: moderationAudit.targetUserId,
      targetLogin: sql<string | null>`coalesce(${targetUser.login}, ${moderationAudit.targetLogin})`,
      targetName: targetUser.displayName,
      targetAvatarId: ownPictureId(targetUser),
    })
    .from(moderationAudit)
    .leftJoin(actorUser, eq(actorUser.id, moderationAudit.actorId))
    .leftJoin(targetUser, eq(targetUser.id, moderationAudit.targetUserId));
}

export type AuditRow = Awaited<ReturnType<typeof findAudit>>[number];

export interface AuditFilter {
  actorId?: string;
  targetId?: string;
  action?: AuditAction;
  before?: number;
}

/** Audit entries, newest first, `limit` of them. */
export async function findAudit(db: DbOrTx, f: AuditFilter, limit: number) {
  const where: SQL[] = [];
  if (f.actorId) where.push(eq(moderationAudit.actorId, f.actorId));
  if (f.targetId) where.push(eq(moderationAudit.targetUserId, f.targetId));
  if (f.action) where.push(eq(moderationAudit.action, f.action));
  if (f.before) where.push(lt(moderationAudit.id, f.before));
  return auditSelect(db)
    .where(and(...where))
    .orderBy(desc(moderationAudit.id))
    .limit(limit);
}
