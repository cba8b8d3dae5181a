import { Anchor, Badge, Card, Collapse, Group, Stack, Switch, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import type { TaskStatus } from '@brushline/shared/orders/constants';
import type { CommissionerSummary, SentForm } from '@brushline/shared/orders/schemas';
import { waitsFor } from '@brushline/shared/orders/status-machine';
import { paths } from '@brushline/shared/paths';
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

const HISTORY_ORDER: TaskStatus[] = ['finished', 'done', 'canceled', 'declined'];

/**
 * Accepted tasks that wait for the artist's next move (start or deliver), the longest-waiting
 * first: they are the page's to-do list. New forms (none) are answered in Incoming.
 */
export function tasksNeedingArtist(tasks: SentForm[]): SentForm[] {
  return tasks
    .filter((f) => f.status !== 'none' && waitsFor(f.status, 'artist'))
    .sort((a, b) => a.task.updatedAt.localeCompare(b.task.updatedAt) || a.id - b.id);
}

const tasksText = (n: number) => (n === 1 ? '1 task' : `${n} tasks`);

function CommissionerCard({
  summary,
  tasks,
  onDetails,
}: {
  summary: CommissionerSummary;
  tasks: SentForm[];
  onDetails: (form: SentForm) => void;
}) {
  const [open, setOpen] = useState(false);
  const person = summary.commissioner;
  const theirs = tasks.filter((f) => f.sender.id === person.id);
  const needYou = theirs.filter((f) => f.status !== 'none' && waitsFor(f.status, 'artist')).length;
  // What is left once their tasks that need the artist went to the top: the finished ones and
  // the history, in the order of the SPEC's columns, newest first in each.
  const history = theirs
    .filter((f) => HISTORY_ORDER.includes(f.status))
    .sort((a, b) => HISTORY_ORDER.indexOf(a.status) - HISTORY_ORDER.indexOf(b.status) || b.id - a.id);
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
          {needYou > 0 && (
            <Text size="sm" c="dimmed">
              {tasksText(needYou)} of theirs {needYou === 1 ? 'needs' : 'need'} you: see “Needs you now”
              above.
            </Text>
          )}
          {history.length === 0 && needYou === 0 && (
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
          {history.map((f) => (
            <ArtistTaskRow key={f.id} form={f} onDetails={() => onDetails(f)} />
          ))}
        </Stack>
      </Collapse>
    </Card>
  );
}

/**
 * /crm/pending/active: first what needs the artist now (every task to start or deliver, open,
 * with its button), then the commissioners with the rest of their tasks (decision 0005).
 */
export function ActivePage() {
  const { user } = useSession();
  const login = user?.displayLogin ?? '';
  const commissioners = useQuery(commissionersQuery);
  const tasks = useQuery({ ...artistTasksQuery(login), enabled: login !== '' });
  const [showInactive, setShowInactive] = useState(false);
  const [details, setDetails] = useState<SentForm | null>(null);

  if (commissioners.isPending || tasks.isPending) return <LoadingState label="Loading your commissions" />;
  const error = commissioners.error ?? tasks.error;
  if (error)
    return (
      <ErrorState
        title="Could not load your commissions"
        message={error.message}
        onRetry={() => Promise.all([commissioners.refetch(), tasks.refetch()])}
      />
    );
  const data = commissioners.data!;
  const needYou = tasksNeedingArtist(tasks.data!);
  const shown = showInactive ? data : data.filter((s) => s.active > 0);
  if (data.length === 0) {
    return (
      <Stack gap="md">
        <Title order={2} fz="h3">
          Active commissions
        </Title>
        <Text c="dimmed" ta="center" py="xl">
          No commissions yet. Requests you accept in{' '}
          <Anchor component={Link} to={paths.crmIncoming}>
            Incoming
          </Anchor>{' '}
          appear here.
        </Text>
      </Stack>
    );
  }
  return (
    <Stack gap="lg">
      <Title order={2} fz="h3">
        Active commissions
      </Title>
      <Stack gap="xs" component="section" aria-labelledby="needs-you-now">
        <Group gap={6}>
          <Title order={3} fz="h4" id="needs-you-now">
            Needs you now
          </Title>
          <Text size="sm" c="dimmed">
            {needYou.length}
          </Text>
        </Group>
        {needYou.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nothing to start or deliver right now.{' '}
            {data.some((s) => s.counts.none > 0) && (
              <>
                New requests wait for your answer in{' '}
                <Anchor component={Link} to={paths.crmIncoming} size="sm">
                  Incoming
                </Anchor>
                .
              </>
            )}
          </Text>
        ) : (
          <Stack gap="xs" role="list" aria-label="Needs you now">
            {needYou.map((f) => (
              <ArtistTaskRow key={f.id} form={f} onDetails={() => setDetails(f)} />
            ))}
          </Stack>
        )}
      </Stack>
      <Stack gap="xs" component="section" aria-labelledby="by-commissioner">
        <Group justify="space-between">
          <Title order={3} fz="h4" id="by-commissioner">
            By commissioner
          </Title>
          <Switch
            label="Display inactive"
            checked={showInactive}
            onChange={(e) => setShowInactive(e.currentTarget.checked)}
          />
        </Group>
        {shown.length === 0 && (
          <Text c="dimmed" ta="center" py="md">
            No active commissions. Turn on “Display inactive” to see finished ones.
          </Text>
        )}
        {shown.map((s) => (
          <CommissionerCard key={s.commissioner.id} summary={s} tasks={tasks.data!} onDetails={setDetails} />
        ))}
      </Stack>
      <FormDetailsModal form={details} otherSide="sender" onClose={() => setDetails(null)} />
    </Stack>
  );
}
