import { Button, Card, Collapse, Group, SegmentedControl, Stack, Switch, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { paths, toPath } from '@brushline/shared/paths';
import type { TrackingSide, TrackingState } from '@brushline/shared/requests/constants';
import type { Application, TrackingGroup } from '@brushline/shared/requests/schemas';
import { TRACKING_STATE_TITLES } from '@brushline/shared/requests/tracking';
import { ErrorState, LoadingState } from '../../../components/query-states.tsx';
import { useSession } from '../../../lib/session.ts';
import { OpenChatButton } from '../../orders/components/open-chat-button.tsx';
import { StatusBadge } from '../../orders/components/status-badge.tsx';
import { trackingQuery } from '../api/request-queries.ts';
import { useRequestsLive } from '../api/use-requests-live.ts';
import { ApplicationRow } from '../components/application-row.tsx';
import { GroupToggle } from '../components/group-toggle.tsx';
import { RequestsNav } from '../components/requests-nav.tsx';

/** /crm/requests/tracking with no child (SPEC §2): incoming for artists, otherwise outgoing. */
export function TrackingRedirect() {
  const { user, isPending } = useSession();
  if (isPending) return <LoadingState label="Loading tracking" />;
  const artist = user?.roles.includes('artist') ?? false;
  return <Navigate to={artist ? paths.crmRequestsIncoming : paths.crmRequestsOutgoing} replace />;
}

/** Details opens the order only when the application made one (SPEC §2). */
function Details({ application: a }: { application: Application }) {
  const task = a.commissionTask;
  if (!task) return null;
  return (
    <Button
      size="xs"
      variant="light"
      component={Link}
      to={toPath('order', { id: task.formId })}
      aria-label={`Details of the order for ${a.applienceRequest.title}`}
    >
      Details
    </Button>
  );
}

function StateGroup({ group, side }: { group: TrackingGroup; side: TrackingSide }) {
  const [open, setOpen] = useState(true);
  const id = useId();
  const title = TRACKING_STATE_TITLES[group.state];
  const items = group.userRequestsForApprove;
  return (
    <Card withBorder padding="sm" component="section" aria-label={title}>
      <GroupToggle
        title={title}
        subtitle={`${items.length}`}
        open={open}
        onToggle={() => setOpen((o) => !o)}
        controls={id}
      />
      <Collapse expanded={open} id={id}>
        {items.length === 0 ? (
          <Text size="sm" c="dimmed" mt="xs">
            Nothing here.
          </Text>
        ) : (
          <Stack gap={0} mt="xs" role="list" aria-label={`${title} applications`}>
            {items.map((a) => (
              <ApplicationRow
                key={a.id}
                application={a}
                extraBadge={
                  <>
                    {a.commissionTask && <StatusBadge status={a.commissionTask.status} />}
                    <Text size="xs" c="dimmed" truncate>
                      {side === 'incoming' ? 'to' : 'for'} “{a.applienceRequest.title}”
                    </Text>
                  </>
                }
                action={
                  <Group gap="xs" wrap="nowrap">
                    {a.commissionTask && (
                      <OpenChatButton
                        status={a.commissionTask.status}
                        otherLogin={side === 'incoming' ? a.applienceRequest.ownerLogin : a.sender.login}
                      />
                    )}
                    <Details application={a} />
                  </Group>
                }
              />
            ))}
          </Stack>
        )}
      </Collapse>
    </Card>
  );
}

const HIDDEN_UNTIL_TOGGLED: TrackingState[] = ['done', 'declined'];

/**
 * /crm/requests/tracking/{incoming|outgoing} (SPEC §2 Tracking): answered applications by state.
 * Incoming: the ones this artist sent; outgoing: the answered ones to this user's requests. Done
 * and Declined show once their switch is on.
 */
export function TrackingPage({ side }: { side: TrackingSide }) {
  const navigate = useNavigate();
  const { data, error, isPending, refetch } = useQuery(trackingQuery(side));
  const [show, setShow] = useState<Record<string, boolean>>({ done: false, declined: false });
  useRequestsLive();

  return (
    <Stack gap="md">
      <RequestsNav />
      <Group justify="space-between">
        <Title order={2} fz="h3">
          Tracking
        </Title>
        <SegmentedControl
          aria-label="Which applications"
          value={side}
          onChange={(s) =>
            void navigate(s === 'incoming' ? paths.crmRequestsIncoming : paths.crmRequestsOutgoing)
          }
          data={[
            { value: 'incoming', label: 'Sent by me' },
            { value: 'outgoing', label: 'To my requests' },
          ]}
        />
      </Group>
      <Group gap="lg">
        <Switch
          label="Display done column"
          checked={show.done}
          onChange={(e) => setShow((s) => ({ ...s, done: e.currentTarget.checked }))}
        />
        <Switch
          label="Display declined column"
          checked={show.declined}
          onChange={(e) => setShow((s) => ({ ...s, declined: e.currentTarget.checked }))}
        />
      </Group>
      {isPending ? (
        <LoadingState label="Loading tracking" />
      ) : error ? (
        <ErrorState title="Could not load tracking" message={error.message} onRetry={refetch} />
      ) : (
        data
          .filter((g) => !HIDDEN_UNTIL_TOGGLED.includes(g.state) || show[g.state])
          .map((g) => <StateGroup key={g.state} group={g} side={side} />)
      )}
    </Stack>
  );
}

export const IncomingTrackingPage = () => <TrackingPage side="incoming" />;
export const OutgoingTrackingPage = () => <TrackingPage side="outgoing" />;
