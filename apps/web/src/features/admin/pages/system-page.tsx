import { Badge, Box, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useRef, type ReactNode } from 'react';
import type { CheckResult, QueueCounts, ReadinessReport } from '@brushline/shared/ops/schemas';
import { OverflowFrame } from '../../../components/overflow-frame.tsx';
import { ErrorState, LoadingState } from '../../../components/query-states.tsx';
import { useHorizontalOverflow } from '../../../lib/use-horizontal-overflow.ts';
import { SYSTEM_REFRESH_MS, systemQuery } from '../api/admin-queries.ts';

const statusText: Record<ReadinessReport['status'], { label: string; color: string; says: string }> = {
  ready: { label: 'Ready', color: 'green', says: 'Every required dependency answers.' },
  not_ready: {
    label: 'Not ready',
    color: 'red',
    says: 'A required dependency does not answer: the balancer sends no traffic here until it does.',
  },
  draining: { label: 'Shutting down', color: 'orange', says: 'This instance is finishing its requests.' },
};

const dependencyNames: Record<string, string> = {
  database: 'Database',
  redis: 'Redis',
  objectStore: 'Object store (S3)',
};

const queueNames: Record<string, string> = {
  'order-timers': 'Order timers (reminders, auto-approval)',
  'email-flush': 'Notification e-mail',
  'account-export': 'Data exports',
  'account-export-expiry': 'Expired exports',
  'dead-letter': 'Dead letters (copies of failed jobs)',
};

/** A table wider than a phone: it scrolls sideways in a named region the keyboard can reach. */
function Scroller({ label, children }: { label: string; children: ReactNode }) {
  const viewport = useRef<HTMLDivElement>(null);
  const overflow = useHorizontalOverflow(viewport);
  return (
    <OverflowFrame overflow={overflow}>
      <Box ref={viewport} role="region" aria-label={label} tabIndex={0} style={{ overflowX: 'auto' }}>
        {children}
      </Box>
    </OverflowFrame>
  );
}

function CheckRow({ check }: { check: CheckResult }) {
  return (
    <Table.Tr>
      <Table.Td>{dependencyNames[check.name] ?? check.name}</Table.Td>
      <Table.Td>{check.required ? 'Required' : 'Degrades without it'}</Table.Td>
      <Table.Td>
        <Badge color={check.state === 'up' ? 'green' : 'red'} variant="light">
          {check.state === 'up' ? 'Answers' : 'Down'}
        </Badge>
      </Table.Td>
      <Table.Td ta="right">{check.latencyMs} ms</Table.Td>
    </Table.Tr>
  );
}

function QueueRow({ queue }: { queue: QueueCounts }) {
  return (
    <Table.Tr>
      <Table.Td>
        {queueNames[queue.name] ?? queue.name}
        <Text size="xs" c="dimmed">
          {queue.name}
        </Text>
      </Table.Td>
      <Table.Td ta="right">{queue.waiting}</Table.Td>
      <Table.Td ta="right">{queue.retrying}</Table.Td>
      <Table.Td ta="right">{queue.active}</Table.Td>
      <Table.Td ta="right">{queue.completed}</Table.Td>
      <Table.Td ta="right">
        {queue.failed > 0 ? (
          <Text span c="red.8" fw={700}>
            {queue.failed}
          </Text>
        ) : (
          0
        )}
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * /admin/system (staff): whether the instance that answered is ready and why, the background job
 * queues (what waits, retries, runs, finished and failed) and the notification e-mail outbox;
 * asked again every 10 s while open. Metrics for a whole deployment are Prometheus's
 * (docs/operating.md).
 */
export function SystemPage() {
  const query = useQuery(systemQuery());
  const data = query.data;
  return (
    <Stack>
      <Group justify="space-between" wrap="wrap">
        <Title order={2} fz="h3">
          System
        </Title>
        <Button
          variant="default"
          leftSection={<IconRefresh size={16} aria-hidden />}
          loading={query.isFetching}
          onClick={() => void query.refetch()}
        >
          Refresh
        </Button>
      </Group>
      {query.isError && !data ? (
        <ErrorState
          title="Couldn't load the system's state"
          message={query.error.message}
          onRetry={query.refetch}
        />
      ) : !data ? (
        <LoadingState label="Loading the system's state" />
      ) : (
        <>
          <Text size="sm" c="dimmed" role="status" aria-live="polite">
            As of <time dateTime={data.at.toISOString()}>{data.at.toLocaleTimeString()}</time>; asked again
            every {SYSTEM_REFRESH_MS / 1000} s.
          </Text>
          <Stack gap="xs" component="section" aria-labelledby="system-instance">
            <Group gap="sm">
              <Title order={3} fz="h4" id="system-instance">
                This instance
              </Title>
              <Badge color={statusText[data.ready.status].color}>{statusText[data.ready.status].label}</Badge>
            </Group>
            <Text size="sm">{statusText[data.ready.status].says}</Text>
            <Scroller label="Dependencies">
              <Table verticalSpacing="xs" miw={480}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Dependency</Table.Th>
                    <Table.Th>Needed</Table.Th>
                    <Table.Th>State</Table.Th>
                    <Table.Th ta="right">Check took</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.ready.checks.map((c) => (
                    <CheckRow key={c.name} check={c} />
                  ))}
                </Table.Tbody>
              </Table>
            </Scroller>
          </Stack>
          <Stack gap="xs" component="section" aria-labelledby="system-jobs">
            <Title order={3} fz="h4" id="system-jobs">
              Background jobs
            </Title>
            {data.jobs.queues.length === 0 ? (
              <Text size="sm" c="dimmed">
                No queue has run a job yet.
              </Text>
            ) : (
              <Scroller label="Job queues">
                <Table striped verticalSpacing="xs" miw={620}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Queue</Table.Th>
                      <Table.Th ta="right">Waiting</Table.Th>
                      <Table.Th ta="right">Retrying</Table.Th>
                      <Table.Th ta="right">Running</Table.Th>
                      <Table.Th ta="right">Finished (12 h)</Table.Th>
                      <Table.Th ta="right">Failed (30 days)</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.jobs.queues.map((q) => (
                      <QueueRow key={q.name} queue={q} />
                    ))}
                  </Table.Tbody>
                </Table>
              </Scroller>
            )}
          </Stack>
          <Stack gap="xs" component="section" aria-labelledby="system-mail">
            <Title order={3} fz="h4" id="system-mail">
              Notification e-mail
            </Title>
            <Text size="sm">
              {data.jobs.emailOutbox.waiting === 0
                ? 'Nothing waits to be mailed.'
                : `${data.jobs.emailOutbox.waiting} notification${data.jobs.emailOutbox.waiting === 1 ? ' waits' : 's wait'} to be mailed`}
              {data.jobs.emailOutbox.failing > 0
                ? `; ${data.jobs.emailOutbox.failing} failed at least once and will be tried again.`
                : data.jobs.emailOutbox.waiting > 0
                  ? '.'
                  : ''}
            </Text>
          </Stack>
        </>
      )}
    </Stack>
  );
}
