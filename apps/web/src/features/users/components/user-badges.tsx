import { Badge, Group } from '@mantine/core';
import { badgesFor, type Badge as BadgeName, type Role } from '@brushline/shared/roles';

const look: Record<BadgeName, { color: string; label: string }> = {
  staff: { color: 'red', label: 'Staff' },
  verified: { color: 'blue', label: 'Verified' },
  artist: { color: 'violet', label: 'Artist' },
  alpha: { color: 'orange', label: 'Alpha' },
  subscriber: { color: 'yellow', label: 'Subscriber' },
  banned: { color: 'gray', label: 'Banned' },
};

export function UserBadges({ roles }: { roles: Role[] }) {
  const badges = badgesFor(roles);
  if (badges.length === 0) return null;
  return (
    <Group gap={6} aria-label="Badges">
      {badges.map((b) => (
        <Badge key={b} color={look[b].color} variant="light">
          {look[b].label}
        </Badge>
      ))}
    </Group>
  );
}
