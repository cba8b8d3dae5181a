import { messages } from '@brushline/shared/messages';
import type { LoginBody } from '@brushline/shared/auth/schemas';
import type { Deps, RequestFacts } from '../../platform/deps.ts';
import { AppError } from '../../platform/errors.ts';
import { dummyHash, verifyPassword } from '../../platform/passwords.ts';
import { startSession, type Actor } from '../../platform/session.ts';
import { deleteSession } from '../../platform/sessions.repo.ts';
import { toMe } from '../users/users.dto.ts';
import { findUserById, findUserForAuth } from '../users/users.repo.ts';

/**
 * Signs in with a login or an e-mail. Unknown account and wrong password answer alike. Anonymous
 * by nature: whoever asks, the session it starts is the named account's.
 */
export async function login(ctx: Pick<Deps, 'db' | 'limits'> & RequestFacts, _actor: null, body: LoginBody) {
  await ctx.limits.hit('loginIp', ctx.ip);
  await ctx.limits.hit('loginAccount', body.login.trim());
  const row = await findUserForAuth(ctx.db, body.login);
  const ok = await verifyPassword(row?.passwordHash ?? (await dummyHash()), body.password);
  if (!row || !ok) throw new AppError(401, 'login_failed', messages.loginFailed);
  await ctx.limits.reset('loginAccount', body.login.trim());
  const { passwordHash: _, ...user } = row;
  return { user: toMe(user), token: await startSession(ctx.db, row.id) };
}

/** Ends the actor's session, if any, and drops its sockets (they only check the session on connect). */
export async function logout(ctx: Pick<Deps, 'db' | 'hub'>, actor: Actor | null): Promise<void> {
  if (!actor) return;
  await deleteSession(ctx.db, actor.sessionHash);
  ctx.hub.endSession(actor.sessionHash);
}

/** Keep-alive (SPEC §4): the signed-in user as they are now. */
export async function checkSession(ctx: Pick<Deps, 'db'>, actor: Actor) {
  const row = await findUserById(ctx.db, actor.id);
  return toMe(row!);
}
