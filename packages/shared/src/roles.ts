/** SPEC §3 roles. `as const` so the same tuple feeds z.enum and pgEnum. */
export const ROLES = [
  'admin',
  'moderator',
  'artist',
  'subscriber-tier-1',
  'subscriber-tier-2',
  'subscriber-tier-3',
] as const;
export type Role = (typeof ROLES)[number];

/** SPEC §2 FAQ badges. */
export const BADGES = ['staff', 'verified', 'artist', 'alpha', 'subscriber', 'banned'] as const;
export type Badge = (typeof BADGES)[number];

export const isStaff = (roles: readonly Role[]) => roles.includes('admin') || roles.includes('moderator');

export const isSubscriber = (roles: readonly Role[]) => roles.some((r) => r.startsWith('subscriber-tier-'));

/** Account flags staff set with `npm run admin -- set-badge` (docs/decisions/0003). */
export interface BadgeFlags {
  isVerified?: boolean;
  isAlpha?: boolean;
  isBanned?: boolean;
}

/**
 * Badges, in BADGES order, from roles and account flags. A banned account shows only `banned`:
 * its other marks are suspended while the ban lasts (docs/decisions/0003).
 */
export function badgesFor(roles: readonly Role[], flags: BadgeFlags = {}): Badge[] {
  if (flags.isBanned) return ['banned'];
  const badges: Badge[] = [];
  if (isStaff(roles)) badges.push('staff');
  if (flags.isVerified) badges.push('verified');
  if (roles.includes('artist')) badges.push('artist');
  if (flags.isAlpha) badges.push('alpha');
  if (isSubscriber(roles)) badges.push('subscriber');
  return badges;
}
