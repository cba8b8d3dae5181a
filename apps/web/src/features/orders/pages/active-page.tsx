import { Anchor, Badge, Button, Card, Collapse, Group, Loader, Stack, Switch, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import type { TaskStatus } from '@brushline/shared/orders/constants';
import type { CommissionerSummary, SentForm } from '@brushline/shared/orders/schemas';
import { paths } from '@brushline/shared/paths';
import { PageHeader } from '../../../components/page-header.tsx';
import { ErrorState, LoadingState } from '../../../components/query-states.tsx';
import { useSession } from '../../../lib/session.ts';
import badge from '../../../components/readable-badge.module.css';
import { artistTasksQuery, commissionersQuery } from '../api/order-queries.ts';
import { ArtistTaskRow } from '../components/artist-task-row.tsx';
import { FormDetailsModal } from '../components/form-details-modal.tsx';
import { PersonToggle } from '../components/person-toggle.tsx';

const COUNT_BADGES = [
  { key: 'none', label: 'new in Incoming', color: 'yellow' },
  { key: 'waiting', label: 'to start', color: 'cyan' },
  { key: 'processing', label: 'in progress', color: 'blue' },
  { key: 'finished', label: 'awaiting approval', color: 'violet' },
  { key: 'done', label: 'done', color: 'teal' },
] as const;

const STATUS_ORDER: TaskStatus[] = ['waiting', 'processing', 'finished', 'done', 'canceled', 'declined'];

function CommissionerCard({
  summary,
  login,
  onDetails,
}: {
  summary: CommissionerSummary;
  login: string;
  onDetails: (form: SentForm) => void;
}) {
  const [open, setOpen] = useState(false);
  const tasks = useQuery({ ...artistTasksQuery(login), enabled: open });
  // New forms (status none) are answered in Incoming; here are the accepted ones and their history.
  // Tasks that need a step from the artist come first, then the history; newest first in each.
  const mine = (tasks.data ?? [])
    .filter((f) => f.sender.id === summary.commissioner.id && f.status !== 'none')
    .sort((a, b) => STATUS_ORDER.indexOf(a.status) - STATUS_ORDER.indexOf(b.status) || b.id - a.id);
  const person = summary.commissioner;
  const badges = COUNT_BADGES.filter((b) => summary.counts[b.key] > 0);
  return (
    <Card withBorder padding="sm">
      <PersonToggle
        person={person}
        subtitle={
          <>
            {summary.active} active · @{person.login}
          </>
        }
        open={open}
        onToggle={() => setOpen((o) => !o)}
      />
      {badges.length > 0 && (
        <Group gap={4} mt="xs">
          {badges.map((b) => (
            <Badge key={b.key} variant="light" color={b.color} tt="none" className={badge.readable}>
              {summary.counts[b.key]} {b.label}
            </Badge>
          ))}
        </Group>
      )}
      <Collapse expanded={open}>
        <Stack gap="xs" mt="sm" role="list" aria-label={`Tasks of ${person.displayName}`}>
          {tasks.isPending && <Loader size="sm" aria-label="Loading tasks" />}
          {tasks.error && (
            <Group gap="xs">
              <Text size="sm" c="red">
                {tasks.error.message}
              </Text>
              <Button size="xs" variant="light" onClick={() => void tasks.refetch()}>
                Try again
              </Button>
            </Group>
          )}
          {tasks.data && mine.length === 0 && (
            <Text size="sm" c="dimmed">
              {summary.counts.none > 0 ? (
                <>
                  Nothing accepted yet: their new requests wait in{' '}
                  <Anchor component={Link} to={paths.crmIncoming}>
                    Incoming
                  </Anchor>
                  .
                </>
              ) : (
                'No accepted tasks with this commissioner.'
              )}
            </Text>
          )}
          {mine.map((f) => (
            <ArtistTaskRow key={f.id} form={f} onDetails={() => onDetails(f)} />
          ))}
        </Stack>
      </Collapse>
    </Card>
  );
}

/** /crm/pending/active: the artist's commissioners with their tasks and the next step of each. */
export function ActivePage() {
  const { user } = useSession();
  const login = user?.displayLogin ?? '';
  const { data, error, isPending, refetch } = useQuery(commissionersQuery);
  const [showInactive, setShowInactive] = useState(false);
  const [details, setDetails] = useState<SentForm | null>(null);

  if (isPending) return <LoadingState label="Loading commissioners" />;
  if (error)
    return <ErrorState title="Could not load your commissions" message={error.message} onRetry={refetch} />;
  const shown = showInactive ? data : data.filter((s) => s.active > 0);
  return (
    <Stack gap="md">
      <PageHeader title="Active commissions">
        {data.length > 0 && (
          <Switch
            label="Display inactive"
            checked={showInactive}
            onChange={(e) => setShowInactive(e.currentTarget.checked)}
          />
        )}
      </PageHeader>
      {shown.length === 0 && (
        <Text c="dimmed" ta="center" py="xl">
          {data.length === 0
            ? 'No commissions yet. Accepted requests from Incoming appear here.'
            : 'No active commissions. Turn on “Display inactive” to see finished ones.'}
        </Text>
      )}
      {shown.map((s) => (
        <CommissionerCard key={s.commissioner.id} summary={s} login={login} onDetails={setDetails} />
      ))}
      <FormDetailsModal form={details} otherSide="sender" onClose={() => setDetails(null)} />
    </Stack>
  );
}
