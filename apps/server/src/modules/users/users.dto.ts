import type { Me, User, UserSettings } from '@brushline/shared/users/schemas';
import type { UserRow } from './users.repo.ts';

/** SPEC §3 User as the API shows it. Presence, socials and pictures arrive with later features. */
export function toUser(row: UserRow): User {
  return {
    id: row.id,
    displayName: row.displayName,
    displayLogin: row.login,
    loginName: row.login,
    roles: row.roles,
    isOnline: false,
    connectedSocials: [],
    userProfileStore: { profilePicture: null, bannerPicture: null },
    createdAt: row.createdAt.toISOString(),
  };
}

export const toMe = (row: UserRow): Me => ({ ...toUser(row), email: row.email });

export const toSettings = (row: UserRow): UserSettings => ({
  id: row.id,
  displayNSFW: row.displayNsfw,
  displayQuestionable: row.displayQuestionable,
  isArtist: row.roles.includes('artist'),
});
