import { Anchor, Badge, Button, Card, Collapse, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { messages } from '@brushline/shared/messages';
import { paths, toPath } from '@brushline/shared/paths';
import type { Application, PendingRequestGroup } from '@brushline/shared/requests/schemas';
import { ErrorState, LoadingState } from '../../../components/query-states.tsx';
import badge from '../../../components/readable-badge.module.css';
import { pendingApplicationsQuery, useMarkApplicationRead } from '../api/request-queries.ts';
import { useRequestsLive } from '../api/use-requests-live.ts';
import { ApplicationModal } from '../components/application-modal.tsx';
import { ApplicationRow } from '../components/application-row.tsx';
import { GroupToggle } from '../components/group-toggle.tsx';
import { RequestsNav } from '../components/requests-nav.tsx';

function RequestGroup({ group, onView }: { group: PendingRequestGroup; onView: (a: Application) => void }) {
  const [open, setOpen] = useState(true);
  const id = useId();
  const unread = group.applications.filter((a) => !a.isRead).length;
  const n = group.applications.length;
  return (
    <Card withBorder padding="sm" component="section" aria-label={group.request.title}>
      <GroupToggle
        title={group.request.title}
        subtitle={`${n} ${n === 1 ? 'application' : 'applications'}`}
        open={open}
        onToggle={() => setOpen((o) => !o)}
        controls={id}
        extra={
          unread > 0 && (
            <Badge color="red" variant="light" tt="none" className={badge.readable}>
              {unread} new
            </Badge>
          )
        }
      />
      <Collapse expanded={open} id={id}>
        <Stack gap={0} mt="xs" role="list" aria-label={`Applications to ${group.request.title}`}>
          {group.applications.map((a) => (
            <ApplicationRow
              key={a.id}
              application={a}
              showNew
              action={
                <Group gap={6} wrap="nowrap">
                  {/* Approving made an order: the way to it, where the answer is shown. */}
                  {a.commissionTask && (
                    <Button
                      size="xs"
                      variant="default"
                      component={Link}
                      to={toPath('order', { id: a.commissionTask.formId })}
                    >
                      Open order #{a.commissionTask.formId}
                    </Button>
                  )}
                  <Button
                    size="xs"
                    variant="light"
                    onClick={() => onView(a)}
                    aria-label={`View application of ${a.sender.displayName}`}
                  >
                    View
                  </Button>
                </Group>
              }
            />
          ))}
        </Stack>
      </Collapse>
    </Card>
  );
}

/**
 * /crm/requests/pending (SPEC §2 Pending requests): applications to the user's requests, grouped
 * by request title. View opens one (and marks it read); Approve and Decline while it is pending.
 * New applications arrive live (AppliedForRequestRecieved).
 */
export function PendingPage() {
  const { data: groups, error, isPending, refetch } = useQuery(pendingApplicationsQuery);
  const markRead = useMarkApplicationRead();
  const [selected, setSelected] = useState<Application | null>(null);
  useRequestsLive();

  const view = (a: Application) => {
    setSelected(a);
    if (!a.isRead) markRead.mutate(a.id);
  };

  return (
    <Stack gap="md">
      <RequestsNav />
      <Title order={2} fz="h3">
        Pending applications
      </Title>
      {isPending ? (
        <LoadingState label="Loading applications" />
      ) : error ? (
        <ErrorState title="Could not load the applications" message={error.message} onRetry={refetch} />
      ) : groups.length === 0 ? (
        <Stack align="center" py="xl" gap={6} ta="center">
          <Text c="dimmed">{messages.nothingNew}</Text>
          <Text size="sm" c="dimmed" maw={440}>
            Artists' applications to your{' '}
            <Anchor component={Link} to={paths.crmRequests} size="sm">
              requests
            </Anchor>{' '}
            land here.
          </Text>
        </Stack>
      ) : (
        groups.map((g) => <RequestGroup key={g.request.guid} group={g} onView={view} />)
      )}
      <ApplicationModal application={selected} onClose={() => setSelected(null)} />
    </Stack>
  );
}
