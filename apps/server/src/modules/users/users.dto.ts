import { moderationMessages } from '@brushline/shared/moderation/messages';
import type { Restriction } from '@brushline/shared/moderation/schemas';
import { badgesFor } from '@brushline/shared/roles';
import { socialSiteOf } from '@brushline/shared/users/social-sites';
import type { Me, Person, SocialLink, User, UserSettings } from '@brushline/shared/users/schemas';
import { mediaUrl } from '../media/media.urls.ts';
import type { SocialLinkRow, UserRow } from './users.repo.ts';

const picture = (mediaId: string | null) =>
  mediaId ? { path: mediaUrl(mediaId, 'full'), miniaturePath: mediaUrl(mediaId, 'miniature') } : null;

/** The avatar a user is shown with inside other answers; `avatarId` comes from ownPictureId. */
export const avatarMiniatureUrl = (avatarId: string | null) =>
  avatarId ? mediaUrl(avatarId, 'miniature') : null;

/** A user named inside another answer (SPEC §3 shapes differ only in which of these they keep). */
export const toPerson = (p: {
  id: string;
  login: string;
  displayName: string;
  avatarId: string | null;
}): Person => ({
  id: p.id,
  login: p.login,
  displayName: p.displayName,
  avatarMiniatureUrl: avatarMiniatureUrl(p.avatarId),
});

/** A stored link as the API shows it; the icon is the known site of its host (docs/decisions/0003). */
export const toSocialLink = (row: SocialLinkRow): SocialLink => ({
  id: row.id,
  title: row.title,
  url: row.url,
  svgIcon: socialSiteOf(row.url),
});

/** SPEC §3 User as the API shows it; presence comes from the hub, so the caller passes it. */
export function toUser(row: UserRow, isOnline = false): User {
  return {
    id: row.id,
    displayName: row.displayName,
    displayLogin: row.login,
    loginName: row.login,
    roles: row.roles,
    badges: badgesFor(row.roles, row),
    isOnline,
    connectedSocials: row.socials.map(toSocialLink),
    userProfileStore: {
      profilePicture: picture(row.avatarMediaId),
      bannerPicture: picture(row.bannerMediaId),
    },
    createdAt: row.createdAt.toISOString(),
  };
}

export const toMe = (row: UserRow, isOnline = false): Me => ({ ...toUser(row, isOnline), email: row.email });

export const toSettings = (row: UserRow): UserSettings => ({
  id: row.id,
  displayNSFW: row.displayNsfw,
  displayQuestionable: row.displayQuestionable,
  isArtist: row.roles.includes('artist'),
  hideAI: row.hideAi,
});

/**
 * The account's staff restriction now (decision 0022): a ban (no end), a suspension that has not
 * ended yet, or none. A ban's end is stored as 'infinity', which the driver cannot read as a date,
 * so the banned flag decides it.
 */
export function restrictionOf(
  row: Pick<UserRow, 'isBanned' | 'suspendedUntil' | 'suspensionReason'>,
  now = new Date(),
): Restriction {
  const reason = row.suspensionReason ?? '';
  if (row.isBanned) return { kind: 'banned', until: null, reason };
  const until = row.suspendedUntil;
  if (until && until.getTime() > now.getTime())
    return { kind: 'suspended', until: until.toISOString(), reason };
  return null;
}

/** What sign-in (and an open browser, when it happens) says to a restricted account. */
export const restrictionMessage = (r: NonNullable<Restriction>) =>
  r.until === null
    ? moderationMessages.signInBanned(r.reason)
    : moderationMessages.signInSuspended(r.until, r.reason);
