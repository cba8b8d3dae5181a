import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths, toPath } from '@brushline/shared/paths';
import type { RequestPage } from '@brushline/shared/requests/schemas';
import { ErrorState, LoadingState } from '../../../components/query-states.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { useSession } from '../../../lib/session.ts';
import { requestQuery } from '../api/request-queries.ts';

/**
 * Why a request cannot be shown. The server answers 404 alike for a request that was deleted,
 * one its owner hid (from everyone else) and a mistyped link, so these screens cannot tell them
 * apart either and say so; `not-yours` is a request the reader may see but not edit.
 */
export type RequestUnavailableReason = 'gone' | 'not-yours';

/** What every screen of one request shows instead of it (decision 0018 "Web"). */
export function RequestUnavailable({
  reason,
  guid,
  inEditor = false,
}: {
  reason: RequestUnavailableReason;
  guid: string;
  /** In the CRM's editor: its layout has the page's first heading, and the title says where. */
  inEditor?: boolean;
}) {
  const { user } = useSession();
  usePageTitle(inEditor ? 'Request unavailable · Request editor' : 'Request unavailable');
  return (
    <Stack align="center" gap="sm" py={48} ta="center">
      <Title order={inEditor ? 2 : 1} fz="h2">
        {reason === 'gone' ? 'This request is not available' : 'Only its owner can edit this request'}
      </Title>
      <Text c="dimmed" maw={460}>
        {reason === 'gone'
          ? 'Its owner deleted it or hid it from the public list (a hidden request is seen by its owner only), or the link is mistyped.'
          : 'You can read it and apply to it on its public page.'}
      </Text>
      <Group justify="center" gap="xs" mt="sm">
        {reason === 'not-yours' && (
          <Button component={Link} to={toPath('request', { guid })}>
            Open the public page
          </Button>
        )}
        <Button component={Link} to={paths.requests} variant={reason === 'gone' ? 'filled' : 'default'}>
          Browse requests
        </Button>
        {user && (
          <Button component={Link} to={paths.crmRequests} variant="default">
            My requests
          </Button>
        )}
      </Group>
    </Stack>
  );
}

/**
 * One request by guid for a screen that shows it: loading, the unavailable state (also when it
 * goes away while open: a live refetch answers 404), a failed load with Try again, or `children`
 * with the request and the reader's application. `inEditor`: the editor, for the owner alone.
 */
export function OneRequest({
  guid,
  inEditor = false,
  children,
}: {
  guid: string;
  inEditor?: boolean;
  children: (page: RequestPage) => ReactNode;
}) {
  const session = useSession();
  const { data, error, isPending, refetch } = useQuery(requestQuery(guid));
  if (isPending || (inEditor && session.isPending)) return <LoadingState label="Loading request" />;
  if (error instanceof ApiError && (error.status === 404 || error.status === 400)) {
    return <RequestUnavailable reason="gone" guid={guid} inEditor={inEditor} />;
  }
  if (!data) {
    return (
      <ErrorState
        title="Could not load this request"
        message={error?.message ?? 'Please try again in a moment'}
        onRetry={refetch}
      />
    );
  }
  if (inEditor && data.request.owner.id !== session.user?.id)
    return <RequestUnavailable reason="not-yours" guid={guid} inEditor={inEditor} />;
  return children(data);
}
