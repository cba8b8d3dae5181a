import { Button, Group, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import { openConfirmModal } from '../../../lib/confirm.ts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import type { Card } from '@brushline/shared/cards/schemas';
import { messages } from '@brushline/shared/messages';
import { IconPlus } from '@tabler/icons-react';
import { paths } from '@brushline/shared/paths';
import { PageHeader } from '../../../components/page-header.tsx';
import { ErrorState, LoadingState } from '../../../components/query-states.tsx';
import { toast } from '../../../lib/toast.ts';
import { ownCardsQuery, useDeleteCard } from '../api/card-queries.ts';
import { listTitle } from '../../../lib/list-title.ts';
import { CardTile } from '../components/card-tile.tsx';

function CreateButton() {
  return (
    <Button component={Link} to={paths.crmCardCreate} leftSection={<IconPlus size={16} aria-hidden />}>
      Create card
    </Button>
  );
}

/** /crm/cards: the artist's commission cards (SPEC §2). */
export function CardsPage() {
  const { data: cards, error, isPending, refetch } = useQuery(ownCardsQuery);
  const [showClosed, setShowClosed] = useState(false);
  const remove = useDeleteCard();

  const confirmDelete = (card: Card) =>
    openConfirmModal({
      title: 'Delete this card?',
      children: (
        <Text size="sm">
          “{listTitle(card.title)}” is removed for good. Forms already sent from it stay in your requests.
        </Text>
      ),
      labels: { confirm: 'Delete card', cancel: 'Keep it' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(card.uuid, {
          onSuccess: (r) => toast.success(r.message),
          onError: () => toast.error(messages.cardDeleteFailed),
        }),
    });

  if (isPending) return <LoadingState label="Loading cards" />;
  if (error)
    return <ErrorState title="Could not load your cards" message={error.message} onRetry={refetch} />;

  const shown = showClosed ? cards : cards.filter((c) => c.isOpenComission);
  const hiddenCount = cards.length - shown.length;
  return (
    <Stack gap="md">
      <PageHeader title="Commission forms">
        <Group gap="md">
          <Switch
            label="Display closed cards"
            checked={showClosed}
            onChange={(e) => setShowClosed(e.currentTarget.checked)}
          />
          <CreateButton />
        </Group>
      </PageHeader>
      {cards.length === 0 ? (
        <Stack align="center" py="xl" gap="sm" ta="center">
          <Title order={3} fz="h4">
            You have no commission cards yet
          </Title>
          <Text c="dimmed" maw={440}>
            A card says what you offer, from what price, and which options commissioners can choose.
          </Text>
          <CreateButton />
        </Stack>
      ) : (
        <>
          {shown.length === 0 && (
            <Text c="dimmed">All your cards are closed. Turn on “Display closed cards” to see them.</Text>
          )}
          <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="sm">
            {shown.map((card) => (
              <CardTile key={card.uuid} card={card} onDelete={() => confirmDelete(card)} />
            ))}
          </SimpleGrid>
          {hiddenCount > 0 && shown.length > 0 && (
            <Text size="sm" c="dimmed">
              {hiddenCount} closed {hiddenCount === 1 ? 'card is' : 'cards are'} hidden.
            </Text>
          )}
        </>
      )}
    </Stack>
  );
}
