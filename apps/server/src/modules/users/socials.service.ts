import { messages } from '@brushline/shared/messages';
import { SOCIAL_LINKS_MAX } from '@brushline/shared/users/constants';
import { socialDeleteFailed, socialTooMany, userNotFound } from '@brushline/shared/users/messages';
import type { SocialBody, SocialLink } from '@brushline/shared/users/schemas';
import type { Deps } from '../../platform/deps.ts';
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
export async function listSocials(
  ctx: Pick<Deps, 'db'>,
  _actor: Actor | null,
  login: string,
): Promise<SocialLink[]> {
  const user = await findUserByLogin(ctx.db, login);
  if (!user) throw notFound(userNotFound);
  return user.socials.map(toSocialLink);
}

/** SPEC §7 socials/add: a new link of the actor's, up to SOCIAL_LINKS_MAX of them. */
export async function addSocial(ctx: Pick<Deps, 'db'>, actor: Actor, body: SocialBody): Promise<SocialLink> {
  return ctx.db.transaction(async (tx) => {
    const count = await lockAndCountSocialLinks(tx, actor.id);
    if (count === null) throw notFound(messages.socialCreateFailed);
    if (count >= SOCIAL_LINKS_MAX) throw new AppError(400, 'too_many_socials', socialTooMany);
    return toSocialLink(await insertSocialLink(tx, { userId: actor.id, title: body.title, url: body.url }));
  });
}

/** Only the owner may change a link; someone else's id answers 404 like a missing one. */
export async function updateSocial(
  ctx: Pick<Deps, 'db'>,
  actor: Actor,
  id: number,
  body: SocialBody,
): Promise<SocialLink> {
  const row = await updateSocialLink(ctx.db, actor.id, id, { title: body.title, url: body.url });
  if (!row) throw notFound(messages.socialUpdateFailed);
  return toSocialLink(row);
}

export async function deleteSocial(ctx: Pick<Deps, 'db'>, actor: Actor, id: number): Promise<void> {
  if (!(await deleteSocialLink(ctx.db, actor.id, id))) throw notFound(socialDeleteFailed);
}
