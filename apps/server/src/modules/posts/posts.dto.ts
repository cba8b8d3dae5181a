import type { MediaPurpose } from '@brushline/shared/media/constants';
import type { Post } from '@brushline/shared/posts/schemas';
import { badgesFor } from '@brushline/shared/roles';
import { toMedia } from '../media/media.dto.ts';
import { avatarMiniatureUrl } from '../users/users.dto.ts';
import type { PostCardRow } from './posts.repo.ts';

/** One attached image as the page query's JSON aggregate spells it. */
export interface PostMediaJson {
  id: string;
  width: number;
  height: number;
  mime: string;
  purpose: MediaPurpose;
}

/** The owner's badges from roles and account flags, by the one shared rule (banned shows alone). */
export const ownerBadges = (
  row: Pick<PostCardRow, 'ownerRoles' | 'ownerVerified' | 'ownerAlpha' | 'ownerBanned'>,
) =>
  badgesFor(row.ownerRoles, {
    isVerified: row.ownerVerified,
    isAlpha: row.ownerAlpha,
    isBanned: row.ownerBanned,
  });

export function toPost(row: PostCardRow): Post {
  return {
    id: row.id,
    ownerId: row.ownerId,
    owner: {
      login: row.ownerLogin,
      displayName: row.ownerDisplayName,
      avatarMiniatureUrl: avatarMiniatureUrl(row.ownerAvatarId),
      badges: ownerBadges(row),
    },
    postContent: row.content,
    attachedMedia: row.media.map(toMedia),
    maturity: row.maturity,
    aiLabel: row.aiLabel,
    totalLikes: row.totalLikes,
    likedByMe: row.likedByMe,
    createdAt: row.createdAt.toISOString(),
    hiddenByStaff: row.hiddenReason,
  };
}
