import {
  ADMIN_USERS_PAGE_SIZE,
  AUDIT_PAGE_SIZE,
  type AuditAction,
} from '@brushline/shared/moderation/constants';
import { moderationMessages as m } from '@brushline/shared/moderation/messages';
import type {
  AdminUserDetail,
  AdminUserPage,
  AuditPage,
  AuditQuery,
  BadgeBody,
  ReasonBody,
  RoleBody,
  SuspendBody,
  UserSearchQuery,
  WarnBody,
} from '@brushline/shared/moderation/schemas';
import { isStaff } from '@brushline/shared/roles';
import type { Deps, TxCtx } from '../../platform/deps.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { Emit } from '../../platform/events.ts';
import { userSessionsChanged, type Actor } from '../../platform/session.ts';
import { deleteUserSessions } from '../../platform/sessions.repo.ts';
import { createNotification } from '../notifications/notifications.service.ts';
import { restrictionMessage, restrictionOf } from '../users/users.dto.ts';
import {
  adminCount,
  setAccountBadge,
  setAccountRestriction,
  setAccountRole,
  userByLogin,
} from '../users/users.service.ts';
import { toAdminUser, toAuditEntry } from './moderation.dto.ts';
import { requireAdmin, requireStaff } from './moderation.rules.ts';
import {
  findAudit,
  findLiveSessions,
  findStaffUser,
  findStaffUsers,
  insertAudit,
  type AuditValues,
  type StaffUserRow,
} from './moderation.repo.ts';

type Ctx = Pick<Deps, 'db' | 'bus' | 'hub' | 'events' | 'log'>;

/** How long a socket waits after hearing AccountRestricted before it is dropped (the message must arrive first). */
const DROP_AFTER_MS = 200;

export async function listUsers(
  ctx: Pick<Deps, 'db'>,
  actor: Actor | null,
  q: UserSearchQuery,
): Promise<AdminUserPage> {
  requireStaff(actor);
  const { rows, total } = await findStaffUsers(
    ctx.db,
    q.q ?? '',
    ADMIN_USERS_PAGE_SIZE,
    (q.page - 1) * ADMIN_USERS_PAGE_SIZE,
  );
  return { users: rows.map(toAdminUser), total };
}

/** An account as staff see it: who, restriction, live sessions and the latest staff actions on it. */
export async function getUser(
  ctx: Pick<Deps, 'db'>,
  actor: Actor | null,
  login: string,
): Promise<AdminUserDetail> {
  requireStaff(actor);
  const row = await findStaffUser(ctx.db, login);
  if (!row) throw notFound(m.userNotFound);
  return detail(ctx, row);
}

async function detail(ctx: Pick<Deps, 'db'>, row: StaffUserRow): Promise<AdminUserDetail> {
  const [sessions, audit] = await Promise.all([
    findLiveSessions(ctx.db, row.id),
    findAudit(ctx.db, { targetId: row.id }, AUDIT_PAGE_SIZE),
  ]);
  return {
    ...toAdminUser(row),
    sessionList: sessions.map((s) => ({
      createdAt: s.createdAt.toISOString(),
      lastSeenAt: s.lastSeenAt.toISOString(),
      expiresAt: s.expiresAt.toISOString(),
    })),
    audit: audit.map(toAuditEntry),
  };
}

/**
 * One staff action on an account: the rules every action shares (the target exists, is not the
 * actor, and a moderator does not act on staff), then `work` and its audit entry in one
 * transaction, then what happens after the commit; answers the message and the account now.
 */
async function act(
  ctx: Ctx,
  actor: Actor | null,
  login: string,
  opts: {
    action: AuditAction;
    reason: string;
    detail?: AuditValues['detail'] | ((target: StaffUserRow) => AuditValues['detail']);
    message: string;
    /** Whether a moderator may do it to another staff member (warnings and roles are checked elsewhere). */
    onStaff?: 'admin';
    self?: 'allowed';
    work?: (tx: TxCtx, target: StaffUserRow, emit: Emit) => Promise<void>;
    after?: (target: StaffUserRow) => Promise<void> | void;
  },
): Promise<{ message: string; user: AdminUserDetail }> {
  const staff = requireStaff(actor);
  const target = await findStaffUser(ctx.db, login);
  if (!target) throw notFound(m.userNotFound);
  if (target.deletedAt) throw new AppError(409, 'account_deleted', m.accountDeleted);
  if (target.id === staff.id && opts.self !== 'allowed')
    throw new AppError(409, 'self_moderation', m.notYourself);
  if (opts.onStaff === 'admin' && isStaff(target.roles) && !staff.roles.includes('admin'))
    throw new AppError(403, 'staff_only', m.staffOnlyByAdmin);
  await ctx.events.transaction(ctx.db, async (tx, emit) => {
    await opts.work?.({ db: tx }, target, emit);
    await insertAudit(tx, {
      actorId: staff.id,
      actorLogin: staff.login,
      action: opts.action,
      targetUserId: target.id,
      targetLogin: target.login,
      reason: opts.reason,
      detail: (typeof opts.detail === 'function' ? opts.detail(target) : opts.detail) ?? {},
    });
  });
  await opts.after?.(target);
  const now = await findStaffUser(ctx.db, target.login);
  return { message: opts.message, user: await detail(ctx, now!) };
}

/**
 * The account's sessions are gone (deleted in the action's transaction): every instance forgets
 * their cached lookups, and its open sockets hear `notice` (when given) and are dropped.
 */
async function signOutEverywhere(ctx: Ctx, userId: string, notice?: string) {
  await userSessionsChanged(ctx.bus, userId);
  if (!notice) return ctx.hub.endUserSessions(userId);
  ctx.hub.toUser(userId, 'AccountRestricted', { message: notice });
  setTimeout(() => ctx.hub.endUserSessions(userId), DROP_AFTER_MS).unref();
}

const restrict =
  (until: Date | 'ban', reason: string) => async (tx: TxCtx, target: StaffUserRow, emit: Emit) => {
    await setAccountRestriction(tx, null, target.id, { until, reason });
    await deleteUserSessions(tx.db, target.id);
    await emit('accountRestrictionChanged', { userId: target.id, restricted: true });
  };

/** Suspends for whole days from now: no sign-in, every session ends, their content leaves every list. */
export async function suspend(ctx: Ctx, actor: Actor | null, login: string, body: SuspendBody) {
  const until = new Date(Date.now() + body.days * 86_400_000);
  return act(ctx, actor, login, {
    action: 'suspend',
    reason: body.reason,
    detail: { days: body.days, until: until.toISOString() },
    message: m.suspended,
    onStaff: 'admin',
    work: restrict(until, body.reason),
    after: (t) =>
      signOutEverywhere(
        ctx,
        t.id,
        restrictionMessage({ kind: 'suspended', until: until.toISOString(), reason: body.reason }),
      ),
  });
}

/** Bans (no end): as a suspension, and the banned badge shows. */
export async function ban(ctx: Ctx, actor: Actor | null, login: string, body: ReasonBody) {
  return act(ctx, actor, login, {
    action: 'ban',
    reason: body.reason,
    message: m.banned,
    onStaff: 'admin',
    work: restrict('ban', body.reason),
    after: (t) =>
      signOutEverywhere(ctx, t.id, restrictionMessage({ kind: 'banned', until: null, reason: body.reason })),
  });
}

/** Lifts a suspension or a ban: sign-in works again and what the restriction hid comes back. */
export async function lift(ctx: Ctx, actor: Actor | null, login: string, body: ReasonBody) {
  return act(ctx, actor, login, {
    action: 'lift',
    reason: body.reason,
    // What was lifted, for the log's words ("lifted the suspension").
    detail: (target) => ({ kind: restrictionOf(target)?.kind ?? null }),
    message: m.lifted,
    onStaff: 'admin',
    work: async (tx, target, emit) => {
      if (!restrictionOf(target)) throw new AppError(409, 'not_restricted', m.notRestricted);
      await setAccountRestriction(tx, null, target.id, null);
      await emit('accountRestrictionChanged', { userId: target.id, restricted: false });
    },
  });
}

/** A warning: a system notification from the site (no person to answer), and an audit entry. */
export async function warn(ctx: Ctx, actor: Actor | null, login: string, body: WarnBody) {
  let push: ((deps: Pick<Deps, 'hub' | 'log'>) => void) | undefined;
  return act(ctx, actor, login, {
    action: 'warn',
    reason: body.message,
    message: m.warned,
    work: async (tx, target) => {
      const created = await createNotification(tx, null, {
        userId: target.id,
        type: 'system_notification',
        message: body.message,
      });
      push = created.push;
    },
    after: () => push?.(ctx),
  });
}

/** Ends every session of the account (a stolen one, say): they can sign in again. */
export async function endSessions(ctx: Ctx, actor: Actor | null, login: string) {
  return act(ctx, actor, login, {
    action: 'end_sessions',
    reason: '',
    message: m.sessionsEnded,
    onStaff: 'admin',
    work: async (tx, target) => deleteUserSessions(tx.db, target.id),
    after: (t) => signOutEverywhere(ctx, t.id),
  });
}

/** Admins grant and revoke roles; the last admin keeps theirs. */
export async function setRole(ctx: Ctx, actor: Actor | null, login: string, body: RoleBody) {
  requireAdmin(actor);
  return act(ctx, actor, login, {
    action: body.granted ? 'grant_role' : 'revoke_role',
    reason: '',
    detail: { role: body.role },
    message: body.granted ? `The role ${body.role} is granted.` : `The role ${body.role} is revoked.`,
    self: 'allowed',
    work: async (tx, target) => {
      if (
        !body.granted &&
        body.role === 'admin' &&
        target.roles.includes('admin') &&
        (await adminCount(tx, null)) <= 1
      )
        throw new AppError(409, 'last_admin', m.lastAdmin);
      await setAccountRole(tx, null, target.id, body.role, body.granted);
    },
    // The session carries roles: the next request of that account must see the new ones.
    after: (t) => userSessionsChanged(ctx.bus, t.id),
  });
}

/** Admins set and clear the badges given by hand (verified, alpha). */
export async function setBadge(ctx: Ctx, actor: Actor | null, login: string, body: BadgeBody) {
  requireAdmin(actor);
  return act(ctx, actor, login, {
    action: body.set ? 'set_badge' : 'unset_badge',
    reason: '',
    detail: { badge: body.badge },
    message: body.set ? `The badge ${body.badge} is set.` : `The badge ${body.badge} is removed.`,
    self: 'allowed',
    work: (tx, target) =>
      setAccountBadge(tx, null, target.id, body.badge === 'verified' ? 'isVerified' : 'isAlpha', body.set),
  });
}

/**
 * A staff action another module takes on an account (the data export and the deletion, decision
 * 0024), written in that module's transaction: the action and its entry commit together.
 */
export async function auditAccountAction(
  ctx: TxCtx,
  actor: Actor,
  entry: { action: AuditAction; target: { id: string; login: string }; reason: string },
): Promise<void> {
  await insertAudit(ctx.db, {
    actorId: actor.id,
    actorLogin: actor.login,
    action: entry.action,
    targetUserId: entry.target.id,
    targetLogin: entry.target.login,
    reason: entry.reason,
    detail: {},
  });
}

/** The audit log for admins, newest first, filtered by who acted, on whom and what. */
export async function readAudit(
  ctx: Pick<Deps, 'db'>,
  actor: Actor | null,
  q: AuditQuery,
): Promise<AuditPage> {
  requireAdmin(actor);
  const idOf = async (login: string | undefined) => {
    if (!login) return undefined;
    const user = await userByLogin(ctx, actor, login);
    return user?.id ?? null;
  };
  const [actorId, targetId] = await Promise.all([idOf(q.actor), idOf(q.target)]);
  // A login nobody has matches nothing.
  if (actorId === null || targetId === null) return { entries: [], hasMore: false };
  const rows = await findAudit(
    ctx.db,
    { actorId, targetId, action: q.action, before: q.before },
    AUDIT_PAGE_SIZE + 1,
  );
  return {
    entries: rows.slice(0, AUDIT_PAGE_SIZE).map(toAuditEntry),
    hasMore: rows.length > AUDIT_PAGE_SIZE,
  };
}
