import { z } from 'zod';
import type { UpdateSettingsBody, UserSettings } from '@brushline/shared/users/schemas';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../platform/errors.ts';
import type { Actor } from '../../platform/session.ts';
import { toSettings, toUser } from './users.dto.ts';
import { findUserById, findUserByLogin, grantRole, revokeRole, updateUserSettings } from './users.repo.ts';

const isUuid = (v: string) => z.uuid().safeParse(v).success;

export async function getUserByLogin(db: Db, login: string) {
  const row = await findUserByLogin(db, login);
  if (!row) throw notFound('User not found');
  return toUser(row);
}

export async function getUserById(db: Db, id: string) {
  const row = isUuid(id) ? await findUserById(db, id) : undefined;
  if (!row) throw notFound('User not found');
  return toUser(row);
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
