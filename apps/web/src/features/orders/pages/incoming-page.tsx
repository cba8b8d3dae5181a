import { Anchor, Badge, Box, Button, Card, Collapse, Group, Stack, Text, Title } from '@mantine/core';
import { boardMessages } from '@brushline/shared/board/messages';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatUsd } from '@brushline/shared/cards/pricing';
import { messages } from '@brushline/shared/messages';
import type { PendingGroup, SentForm } from '@brushline/shared/orders/schemas';
import { paths } from '@brushline/shared/paths';
import { ErrorState, LoadingState } from '../../../components/query-states.tsx';
import { useSession } from '../../../lib/session.ts';
import badge from '../../../components/readable-badge.module.css';
import { pendingQuery, useMarkRead } from '../api/order-queries.ts';
import { BuyerRecord } from '../components/buyer-record.tsx';
import { IncomingDetailsModal } from '../components/incoming-details-modal.tsx';
import { OrderRowHead, orderRowLabel, TurnBadge, turnText } from '../components/order-row-head.tsx';
import { PersonToggle } from '../components/person-toggle.tsx';

/** "no references", "1 reference", "3 references". */
const referencesText = (n: number) =>
  n === 0 ? 'no references' : n === 1 ? '1 reference' : `${n} references`;

function FormRow({ form, onDetails }: { form: SentForm; onDetails: () => void }) {
  const turn = turnText(form, 'artist');
  return (
    <Group
      justify="space-between"
      wrap="wrap"
      gap="xs"
      py={8}
      role="listitem"
      aria-label={orderRowLabel(form, 'artist')}
    >
      <Stack gap={4} style={{ minWidth: 0, flex: '1 1 220px' }}>
        {(turn || !form.isRead || form.waitlist) && (
          <Group gap={6}>
            {turn && <TurnBadge text={turn} />}
            {!form.isRead && (
              <Badge color="red.8" size="sm">
                New!
              </Badge>
            )}
            {form.waitlist && (
              // Sent while no slot was open (decision 0014).
              <Badge color="gray.8" size="sm" tt="none">
                {boardMessages.waitlistLabel}
              </Badge>
            )}
          </Group>
        )}
        <OrderRowHead form={form} side="artist" />
        <Text size="xs" c="dimmed">
          {referencesText(form.references.length)}
        </Text>
      </Stack>
      {/* When the row wraps on a phone, the price and the button stay on the right. */}
      <Group gap="sm" wrap="nowrap" ml="auto">
        <Text fw={600}>{formatUsd(form.totalPrice)}</Text>
        <Button
          size="xs"
          variant="light"
          onClick={onDetails}
          aria-label={`Details of ${form.cardTitle} #${form.id}`}
        >
          Details
        </Button>
      </Group>
    </Group>
  );
}

/** Unread forms first, in each group and among the groups; otherwise the API's newest first. */
function unreadFirst(groups: PendingGroup[]): PendingGroup[] {
  const sorted = groups.map((g) => ({
    ...g,
    forms: [...g.forms.filter((f) => !f.isRead), ...g.forms.filter((f) => f.isRead)],
  }));
  const hasUnread = (g: PendingGroup) => g.forms.some((f) => !f.isRead);
  return [...sorted.filter(hasUnread), ...sorted.filter((g) => !hasUnread(g))];
}

function SenderGroup({ group, onDetails }: { group: PendingGroup; onDetails: (form: SentForm) => void }) {
  const [open, setOpen] = useState(true);
  const unread = group.forms.filter((f) => !f.isRead).length;
  return (
    <Card withBorder padding="sm">
      <PersonToggle
        person={group.sender}
        // The count first: a long login is cut, the count stays readable.
        subtitle={
          <>
            {group.forms.length} {group.forms.length === 1 ? 'request' : 'requests'} · @{group.sender.login}
          </>
        }
        extra={
          unread > 0 && (
            <Badge color="red" variant="light" tt="none" className={badge.readable}>
              {unread} new
            </Badge>
          )
        }
        open={open}
        onToggle={() => setOpen((o) => !o)}
      />
      {/* Under the name, past the avatar (38 px and the gap): whom the requests come from. */}
      <Box pl={50}>
        <BuyerRecord login={group.sender.login} />
      </Box>
      <Collapse expanded={open}>
        <Stack gap={0} mt="xs" role="list" aria-label={`Requests from ${group.sender.displayName}`}>
          {group.forms.map((f) => (
            <FormRow key={f.id} form={f} onDetails={() => onDetails(f)} />
          ))}
        </Stack>
      </Collapse>
    </Card>
  );
}

/**
 * /crm/pending/new: forms the artist received and has not answered yet, by commissioner. Each
 * waits for the artist's answer, so each is marked; unread ones come first.
 */
export function IncomingPage() {
  const { user } = useSession();
  const login = user?.displayLogin ?? '';
  const {
    data: groups,
    error,
    isPending,
    refetch,
  } = useQuery({ ...pendingQuery(login), enabled: login !== '' });
  const markRead = useMarkRead();
  const [selected, setSelected] = useState<SentForm | null>(null);

  const openDetails = (form: SentForm) => {
    setSelected(form);
    if (!form.isRead) markRead.mutate(form.id);
  };

  if (isPending) return <LoadingState label="Loading requests" />;
  if (error)
    return <ErrorState title="Could not load your requests" message={error.message} onRetry={refetch} />;
  return (
    <Stack gap="md">
      <Title order={2} fz="h3">
        Incoming requests
      </Title>
      {groups.length === 0 ? (
        <Stack align="center" py="xl" gap={6} ta="center">
          <Text c="dimmed">{messages.nothingNew}</Text>
          <Text size="sm" c="dimmed" maw={440}>
            Requests that commissioners send from your{' '}
            <Anchor component={Link} to={paths.crmCards} size="sm">
              commission forms
            </Anchor>{' '}
            land here.
          </Text>
        </Stack>
      ) : (
        unreadFirst(groups).map((g) => <SenderGroup key={g.sender.id} group={g} onDetails={openDetails} />)
      )}
      <IncomingDetailsModal form={selected} onClose={() => setSelected(null)} />
    </Stack>
  );
}
