import { userNotFound } from '@brushline/shared/users/messages';
import type { UpdateSettingsBody, UserSettings } from '@brushline/shared/users/schemas';
import type { Deps } from '../../platform/deps.ts';
import { notFound } from '../../platform/errors.ts';
import { userSessionsChanged, type Actor } from '../../platform/session.ts';
import { toSettings, toUser } from './users.dto.ts';
import {
  findUserById,
  findUserByLogin,
  grantRole,
  revokeRole,
  updateUserSettings,
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

/** A user card: public, so anyone (signed in or not) gets the same answer. */
export async function getUserByLogin(ctx: Pick<Deps, 'db' | 'hub'>, _actor: Actor | null, login: string) {
  return presented(ctx, await findUserByLogin(ctx.db, login));
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
    });
    // isArtist is the artist role itself (decision 0003), not a separate flag.
    if (body.isArtist) await grantRole(tx, actor.id, 'artist');
    else await revokeRole(tx, actor.id, 'artist');
  });
  // The session carries roles and maturity settings: the next request must see the new ones.
  await userSessionsChanged(ctx.bus, actor.id);
  const row = await findUserById(ctx.db, actor.id);
  return toSettings(row!);
}
