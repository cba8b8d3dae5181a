import { Alert, Anchor, Button, Card, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation, useParams } from 'react-router';
import { formatUsd } from '@brushline/shared/cards/pricing';
import { paths, toPath } from '@brushline/shared/paths';
import type {
  Application,
  Request,
  RequestPage as RequestPageData,
} from '@brushline/shared/requests/schemas';
import { usePageTitle } from '../../../lib/page-title.ts';
import { useSession } from '../../../lib/session.ts';
import { ReportButton } from '../../../components/report-button.tsx';
import { useRequestsLive } from '../api/use-requests-live.ts';
import { ApplicationStatusBadge } from '../components/application-status-badge.tsx';
import { ApplyForm } from '../components/apply-form.tsx';
import { RequestDetails } from '../components/request-details.tsx';
import { OneRequest } from '../components/request-unavailable.tsx';

/** The caller's own application, answered: where it stands, and the order an approval made. */
function Answered({ application }: { application: Application }) {
  const task = application.commissionTask;
  return (
    <Stack gap="xs">
      <Group gap="xs">
        <Text>Your application:</Text>
        <ApplicationStatusBadge status={application.status} />
        <Text fw={600}>{formatUsd(application.offeredPrice)}</Text>
      </Group>
      {application.status === 'approved' ? (
        <Text size="sm">
          The commissioner approved it: the order is in your CRM.{' '}
          {task && (
            <Anchor component={Link} to={toPath('order', { id: task.formId })} size="sm">
              Open order #{task.formId}
            </Anchor>
          )}
        </Text>
      ) : (
        <Text size="sm" c="dimmed">
          The commissioner chose another artist. Your other applications are in{' '}
          <Anchor component={Link} to={paths.crmRequestsIncoming} size="sm">
            tracking
          </Anchor>
          .
        </Text>
      )}
    </Stack>
  );
}

/** What the reader can do with the request: apply, update, see their answer, or why not. */
function ApplyPanel({ request, mine }: { request: Request; mine: Application | null }) {
  const { user, isPending } = useSession();
  const location = useLocation();
  if (isPending) return null;
  if (!user) {
    return (
      <Group gap="sm">
        <Text>Artists apply to requests with one of their commission cards.</Text>
        <Button component={Link} to={paths.login} state={{ from: location.pathname }}>
          Sign in to apply
        </Button>
      </Group>
    );
  }
  if (request.owner.id === user.id) {
    return (
      <Stack gap="xs">
        <Text>This is your request: artists apply to it here, and you answer in your CRM.</Text>
        <Group gap="xs">
          <Button component={Link} to={toPath('crmRequestEditor', { guid: request.guid })}>
            Open in the editor
          </Button>
          <Button variant="default" component={Link} to={paths.crmRequestsPending}>
            Pending applications
          </Button>
        </Group>
      </Stack>
    );
  }
  if (mine && mine.status !== 'pending') return <Answered application={mine} />;
  if (!user.roles.includes('artist')) {
    return (
      <Text>
        Only artists apply to requests.{' '}
        <Anchor component={Link} to={paths.settingsGeneral}>
          Turn on the artist profile in your settings
        </Anchor>{' '}
        to offer your work.
      </Text>
    );
  }
  if (request.privacy === 'hidden') {
    return <Alert color="gray">This request is hidden and takes no applications now.</Alert>;
  }
  return (
    <Stack gap="sm">
      {mine && (
        <Alert color="blue" title="You applied to this request">
          <Group gap="xs">
            <ApplicationStatusBadge status="pending" />
            <Text size="sm">You can still change your application until the commissioner answers.</Text>
          </Group>
        </Alert>
      )}
      <ApplyForm key={mine?.id ?? 'new'} request={request} pending={mine} />
    </Stack>
  );
}

/** /requests/{guid}: one request with everything its owner wrote, and the Apply form for artists. */
export function RequestPage() {
  const { guid = '' } = useParams();
  useRequestsLive();
  return <OneRequest guid={guid}>{(data) => <RequestView data={data} />}</OneRequest>;
}

function RequestView({ data }: { data: RequestPageData }) {
  usePageTitle(data.request.title);
  const { user } = useSession();
  return (
    <Stack gap="lg" maw={860}>
      <Group justify="space-between">
        <Anchor component={Link} to={paths.requests} size="sm">
          ← All requests
        </Anchor>
        {user && user.id !== data.request.owner.id && (
          <ReportButton targetKind="request" targetId={data.request.guid} variant="button" />
        )}
      </Group>
      <RequestDetails request={data.request} />
      <Divider />
      <Card withBorder padding="md" component="section" aria-labelledby="apply-heading">
        <Stack gap="sm">
          <Title order={2} fz="h4" id="apply-heading">
            Apply
          </Title>
          <ApplyPanel request={data.request} mine={data.myApplication} />
        </Stack>
      </Card>
    </Stack>
  );
}
