import { Button, Group, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import type { SentForm } from '@brushline/shared/orders/schemas';
import {
  COMMISSIONER_COLUMN_TITLES,
  commissionerColumnOf,
  waitsFor,
  type CommissionerColumn,
} from '@brushline/shared/orders/status-machine';
import { paths } from '@brushline/shared/paths';
import { PageHeader } from '../../../components/page-header.tsx';
import { ErrorState, LoadingState } from '../../../components/query-states.tsx';
import { outgoingQuery } from '../api/order-queries.ts';
import { OutgoingItem } from '../components/outgoing-item.tsx';
import { SendBackModal } from '../components/send-back-modal.tsx';

const EMPTY_TEXT: Record<CommissionerColumn, string> = {
  pending: 'Nothing waiting for an artist.',
  inProgress: 'Nothing in progress.',
  finished: 'Nothing to approve.',
  canceled: 'Nothing canceled or declined.',
  done: 'Nothing done yet.',
};

/**
 * /crm/outgoing/orders: the commissions the user ordered, in SPEC §4's columns, after the ones
 * waiting for the user's answer.
 */
export function OutgoingPage() {
  const { data: forms, error, isPending, refetch } = useQuery(outgoingQuery);
  const [showCanceled, setShowCanceled] = useState(false);
  const [showDone, setShowDone] = useState(false);
  const [sendBack, setSendBack] = useState<SentForm | null>(null);

  if (isPending) return <LoadingState label="Loading your orders" />;
  if (error)
    return <ErrorState title="Could not load your orders" message={error.message} onRetry={refetch} />;

  const columns: CommissionerColumn[] = ['pending', 'inProgress', 'finished'];
  if (showCanceled) columns.push('canceled');
  if (showDone) columns.push('done');
  // Orders waiting for the buyer (delivered work to approve or send back) are lifted out of their
  // column to the top of the page, marked, so they come first on a phone too (decision 0005).
  const yourTurn = forms.filter((f) => waitsFor(f.status, 'buyer'));
  const inColumn = (c: CommissionerColumn) => forms.filter((f) => commissionerColumnOf(f.status) === c);
  const byColumn = (c: CommissionerColumn) => inColumn(c).filter((f) => !waitsFor(f.status, 'buyer'));

  if (forms.length === 0) {
    // Nothing to sort into columns yet: say what the page is for instead of three empty columns.
    return (
      <Stack gap="md">
        <Title order={2} fz="h3">
          Outgoing orders
        </Title>
        <Stack align="center" py="xl" gap="sm" ta="center">
          <Text fw={600}>You have not ordered anything yet</Text>
          <Text c="dimmed" maw={440}>
            Open an artist&apos;s commission card and press “Order this commission”. Your requests and their
            progress show up here.
          </Text>
          <Button component={Link} to={paths.feed} variant="light">
            Find artists in the feed
          </Button>
        </Stack>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <PageHeader title="Outgoing orders">
        <Group gap="md">
          <Switch
            label="Display canceled column"
            checked={showCanceled}
            onChange={(e) => setShowCanceled(e.currentTarget.checked)}
          />
          <Switch
            label="Display done column"
            checked={showDone}
            onChange={(e) => setShowDone(e.currentTarget.checked)}
          />
        </Group>
      </PageHeader>
      {yourTurn.length > 0 && (
        <Stack gap="xs" component="section" aria-labelledby="waiting-for-you">
          <Group gap={6}>
            <Title order={3} fz="h4" id="waiting-for-you">
              Waiting for you
            </Title>
            <Text size="sm" c="dimmed">
              {yourTurn.length}
            </Text>
          </Group>
          <Text size="sm" c="dimmed">
            The artist delivered: approve the work, or send it back saying what to change.
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" role="list" aria-label="Waiting for you">
            {yourTurn.map((f) => (
              <OutgoingItem key={f.id} form={f} onSendBack={() => setSendBack(f)} />
            ))}
          </SimpleGrid>
        </Stack>
      )}
      {/* One column per status group; on a phone they stack. Five columns would be too narrow
          for the cards' buttons, so with both optional columns shown they wrap as three and two. */}
      <SimpleGrid
        cols={{ base: 1, sm: Math.min(columns.length, 3), lg: columns.length > 4 ? 3 : columns.length }}
        spacing="md"
      >
        {columns.map((c) => {
          const items = byColumn(c);
          const lifted = inColumn(c).length - items.length;
          return (
            <Stack key={c} gap="xs" component="section" aria-label={COMMISSIONER_COLUMN_TITLES[c]}>
              <Group gap={6}>
                <Title order={3} fz="h5">
                  {COMMISSIONER_COLUMN_TITLES[c]}
                </Title>
                <Text size="sm" c="dimmed">
                  {items.length + lifted}
                </Text>
              </Group>
              <Stack gap="xs" role="list" aria-label={`${COMMISSIONER_COLUMN_TITLES[c]} orders`}>
                {items.map((f) => (
                  <OutgoingItem key={f.id} form={f} onSendBack={() => setSendBack(f)} />
                ))}
              </Stack>
              {items.length === 0 && (
                <Text size="sm" c="dimmed">
                  {lifted > 0 ? `${lifted} waiting for you, at the top of the page.` : EMPTY_TEXT[c]}
                </Text>
              )}
            </Stack>
          );
        })}
      </SimpleGrid>
      <SendBackModal form={sendBack} onClose={() => setSendBack(null)} />
    </Stack>
  );
}
