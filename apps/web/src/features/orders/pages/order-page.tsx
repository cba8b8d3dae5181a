import { Alert, Anchor, Badge, Box, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, Navigate, useLocation, useParams } from 'react-router';
import { formatUsd } from '@brushline/shared/cards/pricing';
import { isBeyondIncluded, orderMessages, revisionText } from '@brushline/shared/orders/messages';
import type { OrderPage as OrderPageData } from '@brushline/shared/orders/schemas';
import { paths } from '@brushline/shared/paths';
import { ErrorState, LoadingState } from '../../../components/query-states.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { useSession } from '../../../lib/session.ts';
import { moneyQuery } from '../api/money-queries.ts';
import { orderPageQuery } from '../api/order-queries.ts';
import { useOrdersRealtime } from '../api/use-orders-realtime.ts';
import { DeadlineLine } from '../components/deadline-line.tsx';
import { FormSummary } from '../components/form-summary.tsx';
import { MoneyPanel } from '../components/money-panel.tsx';
import { OpenChatButton } from '../components/open-chat-button.tsx';
import { OrderActions } from '../components/order-actions.tsx';
import { OrderReviews } from '../components/order-reviews.tsx';
import { OrderUpdates } from '../components/order-updates.tsx';
import { PaymentReturn } from '../components/payment-return.tsx';
import { PersonLine } from '../components/person-line.tsx';
import { StatusBadge } from '../components/status-badge.tsx';

/** Order ids are plain decimal digits, as the server reads them. */
const ORDER_ID = /^[1-9][0-9]*$/;

function OrderMissing() {
  return (
    <Card withBorder padding="xl">
      <Stack align="center" gap="xs">
        <Text fw={500}>{orderMessages.formNotFound}</Text>
        <Text size="sm" c="dimmed" ta="center">
          Only the artist and the commissioner of an order can open it.
        </Text>
        <Anchor component={Link} to={paths.crm}>
          Go to your CRM
        </Anchor>
      </Stack>
    </Card>
  );
}

/** "revision 2 of 3" while the work has been sent back, said plainly once it goes beyond. */
function RevisionLine({ data }: { data: OrderPageData }) {
  const { revision } = data.form.task;
  const included = data.form.revisionsIncluded;
  if (revision === 0) {
    return included === null ? null : (
      <Text size="sm" c="dimmed">
        {included === 1 ? '1 revision included' : `${included} revisions included`}
      </Text>
    );
  }
  return (
    <Group gap="xs">
      <Badge variant="light" color={isBeyondIncluded(revision, included) ? 'red' : 'gray'} tt="none">
        {revisionText(revision, included)}
      </Badge>
      {isBeyondIncluded(revision, included) && (
        <Text size="sm" c="dimmed">
          Beyond the revisions included in the price: agree on any extra with each other.
        </Text>
      )}
    </Group>
  );
}

function OrderBody({ data, userId }: { data: OrderPageData; userId: string }) {
  const { form, updates } = data;
  const side = form.artist.id === userId ? 'artist' : 'buyer';
  const other = side === 'artist' ? form.sender : form.artist;
  // The Money panel says the due date with the time left; the line here is for orders without it.
  const money = useQuery(moneyQuery(form.id));
  return (
    <Stack gap="md">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Stack gap={2}>
          <Text size="xs" c="dimmed">
            {side === 'artist' ? 'Commissioned by' : 'Artist'}
          </Text>
          <PersonLine person={other} />
        </Stack>
        <Group gap="xs">
          <OpenChatButton status={form.status} otherLogin={other.login} />
          <StatusBadge status={form.status} />
          <Text fw={700}>{formatUsd(form.totalPrice)}</Text>
        </Group>
      </Group>
      {side === 'buyer' && <PaymentReturn formId={form.id} />}
      {!money.data?.dueAt && <DeadlineLine deadline={data.deadline} status={form.status} />}
      <RevisionLine data={data} />
      {form.status === 'declined' && (
        <Alert color="red" title="Declined">
          {form.task.declineReason ? (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {side === 'buyer' ? `${form.artist.displayName}: ` : 'Your reason: '}
              {form.task.declineReason}
            </Text>
          ) : (
            <Text size="sm">No reason was given.</Text>
          )}
        </Alert>
      )}
      <OrderActions form={form} side={side} />
      {/* Only a done order is reviewed: before that the section would only say "not yet". */}
      {form.status === 'done' && <OrderReviews formId={form.id} other={other} />}
      <MoneyPanel form={form} side={side} />
      <Title order={2} fz="h4">
        Deliveries and work in progress
      </Title>
      <OrderUpdates updates={updates} form={form} side={side} />
      <Title order={2} fz="h4">
        The request
      </Title>
      <Card withBorder padding="md">
        <FormSummary form={form} />
      </Card>
    </Stack>
  );
}

/**
 * /order/{id}: one order for its two sides: status and moves, every delivery and work in progress
 * (full size, download), send-backs with their revision, and the request itself. Anyone else is
 * told it does not exist, as the server answers them.
 */
export function OrderPage() {
  const raw = useParams().id ?? '';
  const id = ORDER_ID.test(raw) ? Number(raw) : null;
  const { user, isPending } = useSession();
  const location = useLocation();
  useOrdersRealtime();
  const query = useQuery({ ...orderPageQuery(id ?? 0), enabled: id !== null && !!user });
  usePageTitle(query.data ? `Order #${query.data.form.id}: ${query.data.form.cardTitle}` : undefined);
  if (isPending) return <LoadingState label="Loading" />;
  if (!user)
    return <Navigate to={paths.login} replace state={{ from: location.pathname + location.search }} />;
  const missing = id === null || (query.error instanceof ApiError && query.error.status === 404);

  let body;
  if (missing) body = <OrderMissing />;
  else if (query.data) body = <OrderBody data={query.data} userId={user.id} />;
  else if (query.error)
    body = (
      <ErrorState title="Could not load the order" message={query.error.message} onRetry={query.refetch} />
    );
  else body = <LoadingState label="Loading the order" />;

  return (
    <Box maw={880} mx="auto">
      <Stack>
        <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
          {query.data && !missing ? query.data.form.cardTitle : 'Order'}
        </Title>
        {body}
      </Stack>
    </Box>
  );
}
