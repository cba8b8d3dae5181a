import { randomBytes } from 'node:crypto';
import {
  DELETED_EMAIL_DOMAIN,
  DELETED_LOGIN_PREFIX,
  DELETED_USER_NAME,
} from '@brushline/shared/account/constants';
import { accountMessages as m } from '@brushline/shared/account/messages';
import type { DeleteAccountBody } from '@brushline/shared/account/schemas';
import { moderationMessages } from '@brushline/shared/moderation/messages';
import type { ReasonBody } from '@brushline/shared/moderation/schemas';
import type { Deps, TxCtx } from '../../platform/deps.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { verifyPassword } from '../../platform/passwords.ts';
import { userSessionsChanged, type Actor } from '../../platform/session.ts';
import { clearTagsOf } from '../tags/tag-usage.service.ts';
import { auditAccountAction } from '../moderation/moderation.service.ts';
import { requireAdmin } from '../moderation/moderation.rules.ts';
import { DISPLAY_CARD_TAG_KIND, GALLERY_IMAGE_TAG_KIND } from '@brushline/shared/gallery/constants';
import { REQUEST_TAG_KIND } from '../requests/requests.service.ts';
import {
  anonymiseUser,
  deleteOwnContent,
  findMoneyInFlight,
  findTaggedSubjects,
  findUserByLogin,
  findUserRow,
  otherAdminCount,
} from './account.repo.ts';

/**
 * Account deletion (decision 0024). The users row stays, anonymised: orders keep
 * both sides (their rows reference it, and the ledger is append-only), shown as "Deleted user".
 * Everything that is only the person's goes; what the other party of an order or a chat holds
 * stays with them. Refused while orders or money are in progress, so nobody is left unpaid or
 * without their commission.
 */

type Ctx = Pick<Deps, 'db' | 'bus' | 'hub' | 'events' | 'storage' | 'log' | 'limits'>;

const OPEN_STATUS_TEXT: Record<string, string> = {
  none: 'waiting for the artist to accept or decline',
  waiting: 'accepted, not started yet',
  processing: 'in progress',
  finished: 'delivered, waiting for the buyer to approve',
};

/** "order #12 “Portrait”: in progress"" for the list of what to finish first. */
function blockerText(b: { id: number; cardTitle: string; status: string; why: string }): string {
  const status = OPEN_STATUS_TEXT[b.status] ?? b.status;
  const what =
    b.why === 'open'
      ? status
      : b.why === 'unconfirmed'
        ? 'a payment marked paid is not confirmed'
        : 'money held or a refund owed';
  return `order #${b.id} “${b.cardTitle}”: ${what}`;
}

async function refuseWhileInFlight(ctx: TxCtx, userId: string) {
  const blockers = await findMoneyInFlight(ctx.db, userId);
  if (blockers.length > 0)
    throw new AppError(409, 'money_in_flight', m.moneyInFlight(blockers.map(blockerText)));
}

/** The deletion itself, in the caller's transaction; answers the storage keys to remove after it commits. */
async function erase(ctx: TxCtx, userId: string): Promise<string[]> {
  const tagged = await findTaggedSubjects(ctx.db, userId);
  for (const id of tagged.displayCards) await clearTagsOf(ctx, null, { kind: DISPLAY_CARD_TAG_KIND, id });
  for (const id of tagged.galleryImages) await clearTagsOf(ctx, null, { kind: GALLERY_IMAGE_TAG_KIND, id });
  for (const id of tagged.requests) await clearTagsOf(ctx, null, { kind: REQUEST_TAG_KIND, id });
  const keys = await deleteOwnContent(ctx.db, userId);
  // Unique and unusable: a short id in the login, the whole id in an address nothing delivers to,
  // and a password hash no password verifies against.
  await anonymiseUser(ctx.db, userId, {
    login: `${DELETED_LOGIN_PREFIX}${userId.slice(0, 8)}`,
    email: `${DELETED_LOGIN_PREFIX}${userId}@${DELETED_EMAIL_DOMAIN}`,
    displayName: DELETED_USER_NAME,
    passwordHash: `!deleted:${randomBytes(16).toString('hex')}`,
    at: new Date(),
  });
  return keys;
}

/** After the commit: files go, every instance forgets the sessions, sockets drop, caches refresh. */
async function afterErase(ctx: Ctx, userId: string, keys: string[]) {
  await userSessionsChanged(ctx.bus, userId);
  ctx.hub.endUserSessions(userId);
  for (const key of keys) {
    try {
      await ctx.storage.delete(key);
    } catch (err) {
      // The rows are gone, so nothing links to it; the log names what to remove by hand.
      ctx.log.warn({ err, key }, 'account deletion: a stored file could not be removed');
    }
  }
}

/** The person deletes their own account: their password again, and their login typed out. */
export async function deleteOwnAccount(
  ctx: Ctx,
  actor: Actor,
  body: DeleteAccountBody,
): Promise<{ message: string }> {
  await ctx.limits.hit('accountDeleteUser', actor.id);
  const row = await findUserRow(ctx.db, actor.id);
  if (!row || row.deletedAt) throw notFound();
  if (body.login.trim().toLowerCase() !== row.login.toLowerCase())
    throw new AppError(400, 'login_mismatch', m.loginMismatch, {}, { login: m.loginMismatch });
  if (!(await verifyPassword(row.passwordHash, body.password)))
    throw new AppError(403, 'wrong_password', m.wrongPassword, {}, { password: m.wrongPassword });
  let keys: string[] = [];
  await ctx.events.transaction(ctx.db, async (tx, emit) => {
    const locked = await findUserRow(tx, actor.id, { lock: true });
    if (!locked || locked.deletedAt) throw notFound();
    if (actor.roles.includes('admin') && (await otherAdminCount(tx, actor.id)) === 0)
      throw new AppError(409, 'last_admin', m.lastAdmin);
    await refuseWhileInFlight({ db: tx }, actor.id);
    keys = await erase({ db: tx }, actor.id);
    await emit('accountDeleted', { userId: actor.id });
  });
  await afterErase(ctx, actor.id, keys);
  return { message: m.deleted };
}

/**
 * An admin deletes an account on its owner's request (no password; a reason, audit-logged).
 * Moderators may not: deletion cannot be undone (decision 0024).
 */
export async function staffDeleteAccount(
  ctx: Ctx,
  actor: Actor | null,
  login: string,
  body: ReasonBody,
): Promise<{ message: string }> {
  const admin = requireAdmin(actor);
  const target = await findUserByLogin(ctx.db, login);
  if (!target) throw notFound(moderationMessages.userNotFound);
  if (target.id === admin.id) throw new AppError(409, 'self_moderation', moderationMessages.notYourself);
  if (target.deletedAt) throw new AppError(409, 'account_deleted', m.alreadyDeleted);
  let keys: string[] = [];
  await ctx.events.transaction(ctx.db, async (tx, emit) => {
    const locked = await findUserRow(tx, target.id, { lock: true });
    if (!locked || locked.deletedAt) throw new AppError(409, 'account_deleted', m.alreadyDeleted);
    await refuseWhileInFlight({ db: tx }, target.id);
    keys = await erase({ db: tx }, target.id);
    await auditAccountAction({ db: tx }, admin, {
      action: 'delete_account',
      target: { id: target.id, login: target.login },
      reason: body.reason,
    });
    await emit('accountDeleted', { userId: target.id });
  });
  await afterErase(ctx, target.id, keys);
  return { message: m.deletedByStaff };
}
