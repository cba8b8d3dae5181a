import { Anchor, Badge, Box, Card, Group, Image, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatUsd } from '@brushline/shared/cards/pricing';
import type { DisplayCard } from '@brushline/shared/gallery/browse-schemas';
import { DISPLAY_CARD_MEDIA } from '@brushline/shared/gallery/constants';
import { toPath } from '@brushline/shared/paths';
import { ratingText } from '@brushline/shared/reviews/messages';
import { RatingStars } from '../../../components/rating-stars.tsx';
import { UserAvatar } from '../../../components/user-avatar.tsx';
import { BlurCover } from './blur-cover.tsx';

/**
 * A display card as buyers see it on /artists (SPEC §3): three pictures, the artist, the tags, the
 * lowest starting price of their open cards, whether they take commissions now and their average
 * rating (none before the first review); links to the profile and to the artist's open cards. A
 * card carrying a blurred tag stays blurred until shown.
 */
export function DisplayCardView({ card }: { card: DisplayCard }) {
  const [revealed, setRevealed] = useState(false);
  const blurred = card.blurred && !revealed;
  const cards = toPath('profileCards', { login: card.owner.login });
  return (
    <Card
      withBorder
      radius="md"
      padding="sm"
      component="article"
      aria-label={`${card.owner.displayName}’s card`}
    >
      <Card.Section pos="relative">
        <SimpleGrid cols={DISPLAY_CARD_MEDIA} spacing={2}>
          {card.displayMedia.map((m) => (
            <Image
              key={m.id}
              src={m.miniatureUrl}
              alt=""
              h={140}
              fit="cover"
              style={blurred ? { filter: 'blur(18px)' } : undefined}
            />
          ))}
        </SimpleGrid>
        {blurred && <BlurCover onReveal={() => setRevealed(true)} />}
      </Card.Section>
      <Stack gap={6} mt="sm">
        <Group gap="xs" wrap="nowrap">
          <UserAvatar src={card.owner.avatarMiniatureUrl} name={card.owner.displayName} size={32} />
          <Box miw={0}>
            <Anchor
              component={Link}
              to={toPath('profileHome', { login: card.owner.login })}
              fw={600}
              truncate="end"
            >
              {card.owner.displayName}
            </Anchor>
            <Text size="xs" c="dimmed">
              @{card.owner.login}
            </Text>
            {card.rating && (
              <RatingStars rating={card.rating} size="xs">
                {ratingText(card.rating.average)} ({card.rating.count})
              </RatingStars>
            )}
          </Box>
        </Group>
        <Group gap={4}>
          {card.tags.map((t) => (
            <Badge key={t.id} variant="light" size="sm">
              {t.title.replaceAll('_', ' ')}
            </Badge>
          ))}
        </Group>
        <Group justify="space-between" gap="xs">
          <Text size="sm">
            {card.startingPrice === null ? 'No open cards' : `From ${formatUsd(card.startingPrice)}`}
          </Text>
          {card.takingCommissions ? (
            <Badge color="teal" variant="light">
              Taking commissions
            </Badge>
          ) : (
            <Badge color="gray" variant="light">
              Not taking now
            </Badge>
          )}
        </Group>
        <Anchor component={Link} to={cards} size="sm">
          Open cards of {card.owner.displayName}
        </Anchor>
      </Stack>
    </Card>
  );
}
