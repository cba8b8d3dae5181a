import { userNotFound } from '@brushline/shared/users/messages';
import type { UpdateSettingsBody, UserSettings } from '@brushline/shared/users/schemas';
import type { Deps, TxCtx } from '../../platform/deps.ts';
import { notFound } from '../../platform/errors.ts';
import { userSessionsChanged, type Actor } from '../../platform/session.ts';
import { toSettings, toUser } from './users.dto.ts';
import type { Role } from '@brushline/shared/roles';
import {
  countAdmins,
  findUserById,
  findUserByLogin,
  findUserForAuth,
  grantRole,
  insertUser,
  loginOrEmailTaken,
  revokeRole,
  setBadgeFlag,
  updatePasswordHash,
  updateRestriction,
  updateUserSettings,
  type BadgeFlag,
  type UserRow,
} from './users.repo.ts';

/** Whether the user has a live hub connection on any instance (the user row is one query). */
export async function isOnline(ctx: Pick<Deps, 'hub'>, userId: string): Promise<boolean> {
  return (await ctx.hub.onlineAmong([userId])).has(userId);
}

async function presented(ctx: Pick<Deps, 'hub'>, row: UserRow | undefined) {
  if (!row) throw notFound(userNotFound);
  return toUser(row, await isOnline(ctx, row.id));
}

/** A user card: public, so anyone (signed in or not) gets the same answer; a deleted account has none. */
export async function getUserByLogin(ctx: Pick<Deps, 'db' | 'hub'>, _actor: Actor | null, login: string) {
  return presented(ctx, await findUserByLogin(ctx.db, login, { live: true }));
}

export async function getUserById(ctx: Pick<Deps, 'db' | 'hub'>, _actor: Actor | null, id: string) {
  return presented(ctx, await findUserById(ctx.db, id));
}

/** Settings are private: anyone but their owner gets the same 404 as for a missing user. */
export async function getSettings(ctx: Pick<Deps, 'db'>, actor: Actor, login: string): Promise<UserSettings> {
  if (login.toLowerCase() !== actor.login.toLowerCase()) throw notFound(userNotFound);
  const row = await findUserById(ctx.db, actor.id);
  if (!row) throw notFound(userNotFound);
  return toSettings(row);
}

export async function updateSettings(
  ctx: Pick<Deps, 'db' | 'bus'>,
  actor: Actor,
  id: string,
  body: UpdateSettingsBody,
): Promise<UserSettings> {
  if (id !== actor.id || (body.id !== undefined && body.id !== actor.id)) throw notFound(userNotFound);
  await ctx.db.transaction(async (tx) => {
    await updateUserSettings(tx, actor.id, {
      displayNsfw: body.displayNSFW,
      displayQuestionable: body.displayQuestionable,
      ...(body.hideAI === undefined ? {} : { hideAi: body.hideAI }),
    });
    // isArtist is the artist role itself (decision 0003), not a separate flag.
    if (body.isArtist) await grantRole(tx, actor.id, 'artist');
    else await revokeRole(tx, actor.id, 'artist');
  });
  // The session carries roles and the reader's filters: the next request must see the new ones.
  await userSessionsChanged(ctx.bus, actor.id);
  const row = await findUserById(ctx.db, actor.id);
  return toSettings(row!);
}

/*
 * Other modules read and write accounts through the functions below, never through users.repo.ts
 * (README, "File roles").
 */

/** The user with this login (in any case), as stored; undefined when there is none. */
export async function userByLogin(
  ctx: TxCtx,
  _actor: Actor | null,
  login: string,
): Promise<UserRow | undefined> {
  return findUserByLogin(ctx.db, login);
}

/** The user with this id, as stored; undefined when there is none. */
export async function userById(ctx: TxCtx, _actor: Actor | null, id: string): Promise<UserRow | undefined> {
  return findUserById(ctx.db, id);
}

/** The account named by a login or an e-mail, with its password hash (sign-in and reset). */
export async function accountForAuth(ctx: TxCtx, _actor: null, loginOrEmail: string) {
  return findUserForAuth(ctx.db, loginOrEmail);
}

/** Whether the login or the e-mail belongs to an account already. */
export async function loginOrEmailInUse(
  ctx: TxCtx,
  _actor: null,
  login: string,
  email: string,
): Promise<boolean> {
  return loginOrEmailTaken(ctx.db, login, email);
}

/** Stores a new account (inside the registration's transaction); answers its id. */
export async function createAccount(
  ctx: TxCtx,
  _actor: null,
  values: { login: string; email: string; passwordHash: string },
): Promise<string> {
  return insertUser(ctx.db, values);
}

/** Replaces the account's password hash (inside the reset's transaction). */
export async function setPasswordHash(
  ctx: TxCtx,
  _actor: null,
  id: string,
  passwordHash: string,
): Promise<void> {
  await updatePasswordHash(ctx.db, id, passwordHash);
}

/**
 * Staff restrict an account (decision 0022; the moderation module decides who may and records
 * it): suspended until a date, banned (`until: 'ban'`), or lifted (null).
 */
export async function setAccountRestriction(
  ctx: TxCtx,
  _actor: Actor | null,
  id: string,
  restriction: { until: Date | 'ban'; reason: string } | null,
): Promise<void> {
  await updateRestriction(ctx.db, id, restriction);
}

/** Grants or revokes a role (staff's admin area and the command line). */
export async function setAccountRole(
  ctx: TxCtx,
  _actor: Actor | null,
  id: string,
  role: Role,
  granted: boolean,
): Promise<void> {
  if (granted) await grantRole(ctx.db, id, role);
  else await revokeRole(ctx.db, id, role);
}

/** Sets or clears a badge flag staff set by hand (verified, alpha). */
export async function setAccountBadge(
  ctx: TxCtx,
  _actor: Actor | null,
  id: string,
  flag: Exclude<BadgeFlag, 'isBanned'>,
  on: boolean,
): Promise<void> {
  await setBadgeFlag(ctx.db, id, flag, on);
}

/** How many admins there are (the last admin keeps the role). */
export async function adminCount(ctx: TxCtx, _actor: Actor | null): Promise<number> {
  return countAdmins(ctx.db);
}
