import type { UpdateSettingsBody, UserSettings } from '@brushline/shared/users/schemas';
import type { Db } from '../../db/client.ts';
import type { Deps } from '../../platform/deps.ts';
import { notFound } from '../../platform/errors.ts';
import type { Actor } from '../../platform/session.ts';
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
export async function isOnline(deps: Pick<Deps, 'hub'>, userId: string): Promise<boolean> {
  return (await deps.hub.onlineAmong([userId])).has(userId);
}

async function presented(deps: Pick<Deps, 'hub'>, row: UserRow | undefined) {
  if (!row) throw notFound('User not found');
  return toUser(row, await isOnline(deps, row.id));
}

export async function getUserByLogin(deps: Pick<Deps, 'db' | 'hub'>, login: string) {
  return presented(deps, await findUserByLogin(deps.db, login));
}

export async function getUserById(deps: Pick<Deps, 'db' | 'hub'>, id: string) {
  return presented(deps, await findUserById(deps.db, id));
}

/** Settings are private: anyone but their owner gets the same 404 as for a missing user. */
export async function getSettings(db: Db, actor: Actor, login: string): Promise<UserSettings> {
  if (login.toLowerCase() !== actor.login.toLowerCase()) throw notFound('User not found');
  const row = await findUserById(db, actor.id);
  if (!row) throw notFound('User not found');
  return toSettings(row);
}

export async function updateSettings(
  db: Db,
  actor: Actor,
  id: string,
  body: UpdateSettingsBody,
): Promise<UserSettings> {
  if (id !== actor.id || (body.id !== undefined && body.id !== actor.id)) throw notFound('User not found');
  await db.transaction(async (tx) => {
    await updateUserSettings(tx, actor.id, {
      displayNsfw: body.displayNSFW,
      displayQuestionable: body.displayQuestionable,
    });
    // isArtist is the artist role itself (issue #2), not a separate flag.
    if (body.isArtist) await grantRole(tx, actor.id, 'artist');
    else await revokeRole(tx, actor.id, 'artist');
  });
  const row = await findUserById(db, actor.id);
  return toSettings(row!);
}
