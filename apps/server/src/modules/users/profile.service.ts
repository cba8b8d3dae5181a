import { userNotFound } from '@brushline/shared/users/messages';
import type { Me, UpdateProfileBody } from '@brushline/shared/users/schemas';
import type { Deps } from '../../platform/deps.ts';
import { notFound } from '../../platform/errors.ts';
import type { Actor } from '../../platform/session.ts';
import { assertOwnMedia } from '../media/media.service.ts';
import { toMe } from './users.dto.ts';
import { findUserById, updateUserProfile } from './users.repo.ts';
import { isOnline } from './users.service.ts';

/**
 * Edits the actor's own profile: display name, avatar and banner. Pictures must be the actor's
 * uploads made for that use (avatar → purpose avatar, banner → purpose banner), so each one
 * already has the cropped size and miniature the profile shows; null removes a picture.
 */
export async function updateProfile(
  ctx: Pick<Deps, 'db' | 'events' | 'hub'>,
  actor: Actor,
  body: UpdateProfileBody,
): Promise<Me> {
  await ctx.db.transaction(async (tx) => {
    if (body.avatarMediaId) await assertOwnMedia({ db: tx }, actor, [body.avatarMediaId], ['avatar']);
    if (body.bannerMediaId) await assertOwnMedia({ db: tx }, actor, [body.bannerMediaId], ['banner']);
    await updateUserProfile(tx, actor.id, {
      ...(body.displayName !== undefined && { displayName: body.displayName }),
      ...(body.avatarMediaId !== undefined && { avatarMediaId: body.avatarMediaId }),
      ...(body.bannerMediaId !== undefined && { bannerMediaId: body.bannerMediaId }),
    });
  });
  // Feed pages and gallery lists are cached with their authors' names and pictures (decisions 0006, 0017).
  await ctx.events.emit('profileChanged', { userId: actor.id });
  const row = await findUserById(ctx.db, actor.id);
  if (!row) throw notFound(userNotFound);
  return toMe(row, await isOnline(ctx, actor.id));
}
