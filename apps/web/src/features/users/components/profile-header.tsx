import type { ReactNode } from 'react';
import { Anchor, Button, Card, Group, Indicator, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { User } from '@brushline/shared/users/schemas';
import { boxAspectRatio } from '@brushline/shared/media/constants';
import { BANNER_WIDE_MEDIA } from '@brushline/shared/media/responsive';
import { paths } from '@brushline/shared/paths';
import { UserAvatar } from '../../../components/user-avatar.tsx';
import { formatDate } from '../../../lib/format-date.ts';
import { useIsOnline } from '../../../lib/hub.tsx';
import { SocialChip } from './social-chip.tsx';
import { UserBadges } from '../../../components/user-badges.tsx';

/** Wide screens get the full banner; phones the 600×200 miniature, which is sharp enough there. */
const WIDE = BANNER_WIDE_MEDIA;

const bannerStyle = {
  aspectRatio: boxAspectRatio('banner'),
  maxHeight: 280,
  overflow: 'hidden',
  background:
    'linear-gradient(120deg, var(--mantine-color-grape-4), var(--mantine-color-indigo-4) 55%, var(--mantine-color-cyan-3))',
} as const;

/** Banner, avatar with presence dot, names, badges and connected socials of one profile. */
export function ProfileHeader({
  user,
  onEdit,
  action,
  reputation,
}: {
  user: User;
  onEdit?: () => void;
  /** What a visitor can do here (the "Message" button), where the owner edits. */
  action?: ReactNode;
  /** An artist's record (ReputationLine) under the names. */
  reputation?: ReactNode;
}) {
  const online = useIsOnline(user.id, user.isOnline);
  const avatar = user.userProfileStore.profilePicture;
  const banner = user.userProfileStore.bannerPicture;
  return (
    <Card withBorder padding="lg">
      {/* A direct child, so the Card sees its first section and lets it touch the top edge. */}
      <Card.Section style={bannerStyle}>
        {banner && (
          <picture>
            <source media={WIDE} srcSet={banner.path} />
            <img
              src={banner.miniaturePath}
              alt=""
              style={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
            />
          </picture>
        )}
      </Card.Section>
      {/* Only the avatar reaches up into the banner; the name stays below it, readable on any picture. */}
      <Group align="flex-start" mt="sm" wrap="wrap" gap="md">
        <Indicator
          mt={-64}
          disabled={!online}
          color="teal"
          size={18}
          offset={14}
          position="bottom-end"
          withBorder
          aria-label={online ? 'Online' : undefined}
        >
          <UserAvatar
            name={user.displayName}
            src={avatar?.path}
            size={112}
            radius={112}
            style={{ border: '4px solid var(--mantine-color-body)' }}
          />
        </Indicator>
        {/* At least 200 px: on phones the name moves below the avatar instead of a one-word column. */}
        <Stack gap={2} style={{ flex: 1, minWidth: 200 }}>
          <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
            {user.displayName}
          </Title>
          <Group gap={8}>
            <Text c="dimmed">@{user.displayLogin}</Text>
            {online && (
              <Text size="sm" c="teal" fw={500}>
                Online
              </Text>
            )}
          </Group>
          {reputation}
        </Stack>
        {onEdit && (
          <Button variant="default" onClick={onEdit}>
            Edit profile
          </Button>
        )}
        {action}
      </Group>
      <Stack gap="sm" mt="md">
        <UserBadges badges={user.badges} />
        {user.connectedSocials.length > 0 && (
          // The list is the row itself: a <ul> may hold only <li>s (axe list).
          <Group component="ul" aria-label="Social links" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
            {user.connectedSocials.map((link) => (
              <li key={link.id} style={{ maxWidth: '100%' }}>
                <SocialChip link={link} />
              </li>
            ))}
          </Group>
        )}
        {onEdit && user.connectedSocials.length === 0 && (
          <Text size="sm" c="dimmed">
            No links yet.{' '}
            <Anchor component={Link} to={paths.settingsSocials} size="sm">
              Add your gallery or shop
            </Anchor>{' '}
            so people can find your work elsewhere.
          </Text>
        )}
        <Text size="sm" c="dimmed">
          Member since {formatDate(user.createdAt)}
        </Text>
      </Stack>
    </Card>
  );
}
