import { ActionIcon, Badge, Button, Card, Group, Image, Stack, Text, Tooltip } from '@mantine/core';
import { Link } from 'react-router';
import { formatUsd } from '@brushline/shared/cards/pricing';
import type { Card as CommissionCard } from '@brushline/shared/cards/schemas';
import { IconEye, IconPencil, IconPhoto, IconTrash } from '@tabler/icons-react';
import { boxAspectRatio } from '@brushline/shared/media/constants';
import { toPath } from '@brushline/shared/paths';
import badge from '../../../components/readable-badge.module.css';
import { AiLabelBadge } from '../../../components/ai-label-badge.tsx';
import { StaffHiddenNotice } from '../../../components/staff-hidden-notice.tsx';
import { listTitle } from '../../../lib/list-title.ts';
import { responsiveImage } from '../../../lib/responsive-image.ts';

/** One of the artist's cards in /crm/cards. */
export function CardTile({ card, onDelete }: { card: CommissionCard; onDelete: () => void }) {
  return (
    <Card withBorder padding="sm" component="article" aria-label={card.title}>
      <Card.Section>
        {card.thumbnailPicture ? (
          <Image
            {...responsiveImage(card.thumbnailPicture, '(max-width: 36em) 50vw, 280px')}
            alt=""
            style={{ aspectRatio: boxAspectRatio('cardThumbnail'), objectFit: 'cover' }}
          />
        ) : (
          <Stack
            align="center"
            justify="center"
            c="dimmed"
            bg="var(--mantine-color-default-hover)"
            style={{ aspectRatio: boxAspectRatio('cardThumbnail') }}
            gap={4}
          >
            <IconPhoto size={32} aria-hidden />
            <Text size="xs">No thumbnail</Text>
          </Stack>
        )}
      </Card.Section>
      {/* The stack fills the tile, so the buttons line up at the bottom of every tile in a row. */}
      <Stack gap={6} mt="sm" style={{ flex: 1 }}>
        <Text fw={600} title={card.title} style={{ overflowWrap: 'anywhere' }}>
          {listTitle(card.title)}
        </Text>
        <Text size="sm">from {formatUsd(card.startingPrice)}</Text>
        <Group gap={4}>
          <Badge
            variant="light"
            color={card.isOpenComission ? 'teal' : 'gray'}
            tt="none"
            className={badge.readable}
          >
            {card.isOpenComission ? 'Open' : 'Closed'}
          </Badge>
          <Badge
            variant="light"
            color={card.isCommissionsOpen ? 'blue' : 'gray'}
            tt="none"
            className={badge.readable}
          >
            {card.isCommissionsOpen ? 'Orders open' : 'Orders closed'}
          </Badge>
          <AiLabelBadge label={card.aiLabel} size="md" />
        </Group>
        <StaffHiddenNotice reason={card.hiddenByStaff} what="card" compact />
        {/* Edit is the main action; View and Delete are icons so the row fits a phone's half width. */}
        <Group gap={6} mt="auto" pt={4} wrap="nowrap">
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPencil size={14} aria-hidden />}
            component={Link}
            to={toPath('crmCardEdit', { uuid: card.uuid })}
            aria-label={`Edit ${card.title}`}
            px={8}
            style={{ flex: 1 }}
          >
            Edit
          </Button>
          <Tooltip label="View as commissioners see it" withArrow>
            <ActionIcon
              size={30}
              variant="default"
              component={Link}
              to={toPath('commission', { uuid: card.uuid })}
              aria-label={`View ${card.title}`}
            >
              <IconEye size={16} aria-hidden />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Delete" withArrow>
            <ActionIcon
              size={30}
              variant="light"
              color="red"
              onClick={onDelete}
              aria-label={`Delete ${card.title}`}
            >
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Stack>
    </Card>
  );
}
