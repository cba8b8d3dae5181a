import { Badge, Card, Group, Image, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { AI_LABEL_TEXT } from '@brushline/shared/ai/constants';
import { formatUsd } from '@brushline/shared/cards/pricing';
import { boxAspectRatio } from '@brushline/shared/media/constants';
import { CARD_THUMBNAIL_SIZES } from '@brushline/shared/media/responsive';
import { toPath } from '@brushline/shared/paths';
import { userCardsQuery } from '../api/card-queries.ts';
import { AiLabelBadge } from '../../../components/ai-label-badge.tsx';
import { listTitle } from '../../../lib/list-title.ts';
import { responsiveImage } from '../../../lib/responsive-image.ts';

/**
 * An artist's open commission cards on their profile: how a commissioner finds what to order.
 * Nothing shows when the artist has none (or the list cannot load: the posts below still work).
 */
export function UserCards({ login }: { login: string }) {
  // The profile page asked for the list before showing this and waited for its first answer; a
  // failed list is retried by the page's own query, not again as this mounts (which would put the
  // page back to loading, and this mounting again, without end).
  const { data } = useQuery({ ...userCardsQuery(login), retryOnMount: false });
  if (!data || data.length === 0) return null;
  return (
    <Stack gap="sm" mt="sm">
      <Title order={2} size="h3">
        Commissions
      </Title>
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
        {data.map((card) => (
          <Card
            key={card.uuid}
            withBorder
            padding="sm"
            component={Link}
            to={toPath('commission', { uuid: card.uuid })}
            aria-label={`${card.title}, from ${formatUsd(card.startingPrice)}${card.aiLabel ? `, ${AI_LABEL_TEXT[card.aiLabel]}` : ''}`}
          >
            {card.thumbnailPicture && (
              <Card.Section>
                <Image
                  {...responsiveImage(card.thumbnailPicture, CARD_THUMBNAIL_SIZES)}
                  alt=""
                  style={{ aspectRatio: boxAspectRatio('cardThumbnail'), objectFit: 'cover' }}
                />
              </Card.Section>
            )}
            <Text fw={600} mt="xs" style={{ overflowWrap: 'anywhere' }}>
              {listTitle(card.title)}
            </Text>
            <Group justify="space-between" gap={4}>
              <Text size="sm">from {formatUsd(card.startingPrice)}</Text>
              {!card.isCommissionsOpen && (
                <Badge variant="light" color="gray" tt="none">
                  Orders closed
                </Badge>
              )}
              <AiLabelBadge label={card.aiLabel} size="md" />
            </Group>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
