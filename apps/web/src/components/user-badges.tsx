import { Badge, Group } from '@mantine/core';
import type { Badge as BadgeName } from '@brushline/shared/roles';
import { DeferredTooltip } from './deferred-tooltip.tsx';

/** SPEC §2 FAQ badges: a colour each, and a tooltip saying what the badge means. */
const look: Record<BadgeName, { color: string; label: string; meaning: string }> = {
  staff: { color: 'red', label: 'Staff', meaning: 'Runs this site: an administrator or a moderator' },
  verified: { color: 'blue', label: 'Verified', meaning: 'Staff have confirmed who this person is' },
  artist: { color: 'violet', label: 'Artist', meaning: 'Takes commissions here' },
  alpha: { color: 'orange', label: 'Alpha', meaning: 'One of the first members, from the early days' },
  subscriber: { color: 'yellow', label: 'Subscriber', meaning: 'Supports the site with a subscription' },
  banned: { color: 'gray', label: 'Banned', meaning: 'This account has been banned by staff' },
};

/**
 * The badges the API computed for a user (roles plus staff-set flags), in their fixed order.
 * `focusable` makes each a tab stop so keyboard users can read its meaning; lists of posts turn
 * it off, or every post would add four stops between its author and its pictures.
 */
export function UserBadges({
  badges,
  size = 'md',
  focusable = true,
}: {
  badges: readonly BadgeName[];
  size?: 'sm' | 'md';
  focusable?: boolean;
}) {
  if (badges.length === 0) return null;
  return (
    <Group gap={6} aria-label="Badges">
      {badges.map((b) => (
        <DeferredTooltip
          key={b}
          label={look[b].meaning}
          withArrow
          events={{ hover: true, focus: true, touch: true }}
        >
          <Badge color={look[b].color} variant="light" size={size} tabIndex={focusable ? 0 : undefined}>
            {look[b].label}
          </Badge>
        </DeferredTooltip>
      ))}
    </Group>
  );
}
