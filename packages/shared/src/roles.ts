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

/**
 * Badges derived from roles. `verified`, `alpha` and `banned` come from account flags that
 * later work adds; until then they never show.
 */
export function badgesFor(roles: readonly Role[]): Badge[] {
  const badges: Badge[] = [];
  if (isStaff(roles)) badges.push('staff');
  if (roles.includes('artist')) badges.push('artist');
  if (isSubscriber(roles)) badges.push('subscriber');
  return badges;
}
