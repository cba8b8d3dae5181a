import { messages } from '@brushline/shared/messages';
import { SOCIAL_LINKS_MAX } from '@brushline/shared/users/constants';
import { socialDeleteFailed, socialTooMany } from '@brushline/shared/users/messages';
import type { SocialBody, SocialLink } from '@brushline/shared/users/schemas';
import type { Db } from '../../db/client.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { Actor } from '../../platform/session.ts';
import {
  deleteSocialLink,
  insertSocialLink,
  lockAndCountSocialLinks,
  updateSocialLink,
} from './socials.repo.ts';
import { toSocialLink } from './users.dto.ts';
import { findUserByLogin } from './users.repo.ts';

/** Anyone may read a user's links: they are on the public profile anyway. */
export async function listSocials(db: Db, login: string): Promise<SocialLink[]> {
  const user = await findUserByLogin(db, login);
  if (!user) throw notFound('User not found');
  return user.socials.map(toSocialLink);
}

/** SPEC §7 socials/add: a new link of the actor's, up to SOCIAL_LINKS_MAX of them. */
export async function addSocial(db: Db, actor: Actor, body: SocialBody): Promise<SocialLink> {
  return db.transaction(async (tx) => {
    const count = await lockAndCountSocialLinks(tx, actor.id);
    if (count === null) throw notFound(messages.socialCreateFailed);
    if (count >= SOCIAL_LINKS_MAX) throw new AppError(400, 'too_many_socials', socialTooMany);
    return toSocialLink(await insertSocialLink(tx, { userId: actor.id, title: body.title, url: body.url }));
  });
}

/** Only the owner may change a link; someone else's id answers 404 like a missing one. */
export async function updateSocial(db: Db, actor: Actor, id: number, body: SocialBody): Promise<SocialLink> {
  const row = await updateSocialLink(db, actor.id, id, { title: body.title, url: body.url });
  if (!row) throw notFound(messages.socialUpdateFailed);
  return toSocialLink(row);
}

export async function deleteSocial(db: Db, actor: Actor, id: number): Promise<void> {
  if (!(await deleteSocialLink(db, actor.id, id))) throw notFound(socialDeleteFailed);
}
