import { loginLockedMessage, messages } from '@brushline/shared/messages';
import type { LoginBody } from '@brushline/shared/auth/schemas';
import type { Deps, RequestFacts } from '../../platform/deps.ts';
import { AppError } from '../../platform/errors.ts';
import { dummyHash, verifyPassword } from '../../platform/passwords.ts';
import { sessionEnded, startSession, type Actor } from '../../platform/session.ts';
import { deleteSession } from '../../platform/sessions.repo.ts';
import { restrictionMessage, restrictionOf, toMe } from '../users/users.dto.ts';
import { DEVICE_COOKIE, signDevice, verifyDevice } from './device-cookie.ts';
import { accountForAuth, userById } from '../users/users.service.ts';

/**
 * Signs in with a login or an e-mail. Unknown account and wrong password answer alike.
 * Anonymous by nature: whoever asks, the session it starts is the named account's.
 *
 * Limits (docs/decisions/0011-hardening.md "Sign-in limits"), all keyed by the account's id, so its login and
 * e-mail share one counter: a browser with this account's device cookie is counted on its own
 * (the owner keeps signing in while strangers guess); any other attempt counts against its
 * address, the (account, address) pair and, more slowly, the account. A successful sign-in gives
 * its attempt back and clears the pair, and hands the browser a fresh device cookie.
 */
export async function login(
  ctx: Pick<Deps, 'db' | 'limits' | 'signingSecret'> & RequestFacts,
  _actor: null,
  body: LoginBody,
) {
  const row = await accountForAuth(ctx, null, body.login);
  // Unknown names are counted by the name typed: there is no account for them to protect.
  const account = row?.id ?? `name:${body.login.trim().toLowerCase()}`;
  const pair = `${account}|${ctx.ip}`;
  const device = row ? verifyDevice(ctx.signingSecret, ctx.cookies[DEVICE_COOKIE], row.id) : null;
  if (device) {
    await ctx.limits.hit('loginDevice', device);
  } else {
    // A locked account is said first, whatever else is counted: the owner reading it learns what
    // to do (docs/decisions/0011-hardening.md "Sign-in limits").
    await lockedOut(() => ctx.limits.check('loginAccount', account));
    await ctx.limits.hit('loginAddress', ctx.ip);
    await ctx.limits.hit('loginPair', pair);
    await lockedOut(() => ctx.limits.hit('loginAccount', account));
  }
  const ok = await verifyPassword(row?.passwordHash ?? (await dummyHash()), body.password);
  if (!row || !ok) throw new AppError(401, 'login_failed', messages.loginFailed);
  // Said only to whoever knows the password: a guesser learns nothing about the account.
  const restriction = restrictionOf(row);
  if (restriction) throw new AppError(403, 'account_suspended', restrictionMessage(restriction));
  if (device) await ctx.limits.reset('loginDevice', device);
  else {
    await ctx.limits.reset('loginPair', pair);
    await ctx.limits.refund('loginAccount', account);
    await ctx.limits.refund('loginAddress', ctx.ip);
  }
  const { passwordHash: _, ...user } = row;
  return {
    user: toMe(user),
    token: await startSession(ctx.db, row.id),
    deviceCookie: signDevice(ctx.signingSecret, row.id),
  };
}

/**
 * The account's limit for unknown browsers is used up (wrong passwords from other places): the
 * 429 keeps its Retry-After, and its message says why and that a password reset by e-mail lets
 * this browser in (the reset hands it a device cookie, reset.service.ts).
 */
async function lockedOut(count: () => Promise<void>) {
  try {
    await count();
  } catch (err) {
    if (!(err instanceof AppError) || err.code !== 'rate_limited') throw err;
    const wait = Number(err.headers['retry-after']);
    throw new AppError(429, 'login_locked', loginLockedMessage(wait), err.headers);
  }
}

/** Ends the actor's session, if any, and drops its sockets (they only check the session on connect). */
export async function logout(ctx: Pick<Deps, 'db' | 'bus' | 'hub'>, actor: Actor | null): Promise<void> {
  if (!actor) return;
  await deleteSession(ctx.db, actor.sessionHash);
  // Every instance's session cache forgets it before the logout answers (docs/decisions/0006).
  await sessionEnded(ctx.bus, actor.sessionHash);
  ctx.hub.endSession(actor.sessionHash);
}

/** Keep-alive (SPEC §4): the signed-in user as they are now. */
export async function checkSession(ctx: Pick<Deps, 'db'>, actor: Actor) {
  const row = await userById(ctx, actor, actor.id);
  return toMe(row!);
}
