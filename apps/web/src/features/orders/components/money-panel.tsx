import { Alert, Badge, Button, Card, Group, Stack, Switch, Text, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatUsd } from '@brushline/shared/cards/pricing';
import { upFrontParts } from '@brushline/shared/payments/plan';
import type { OrderMoney } from '@brushline/shared/payments/schemas';
import type { SentForm } from '@brushline/shared/orders/schemas';
import type { TaskSide } from '@brushline/shared/orders/status-machine';
import { ErrorState, LoadingState } from '../../../components/query-states.tsx';
import badge from '../../../components/readable-badge.module.css';
import { ApiError } from '../../../lib/api-client.ts';
import { openConfirmModal } from '../../../lib/confirm.ts';
import { formatDate } from '../../../lib/format-date.ts';
import { toast } from '../../../lib/toast.ts';
import { moneyQuery, useCancelOverdue, useMoneyAction } from '../api/money-queries.ts';
import { dueText, PAYMENT_STATE_COLORS } from '../money-text.ts';
import { disputeOf, paysByCard } from '../money-stripe.ts';
import { DisputeBanner } from './dispute-banner.tsx';
import { MoneyDialog, type MoneyDialogKind } from './money-dialog.tsx';
import { MoneyTimeline } from './money-timeline.tsx';
import { InvoiceLink, PartRow, WRAP } from './payment-part-row.tsx';

/** What the order's money is: who acts next, the plan, dates, every part, and the moves. */
function MoneyBody({ money, form, side }: { money: OrderMoney; form: SentForm; side: TaskSide }) {
  const [dialog, setDialog] = useState<MoneyDialogKind | null>(null);
  // The moment the panel was first shown: the days left do not change while someone reads.
  const [now] = useState(() => Date.now());
  const action = useMoneyAction(money.formId);
  const cancel = useCancelOverdue(money.formId);
  const status = form.status;
  const closed = status === 'canceled' || status === 'declined';
  const open = !closed && status !== 'none';
  const inWork = status === 'waiting' || status === 'processing';
  const other = side === 'artist' ? form.sender : form.artist;
  const otherName = other.displayName;
  const due = dueText(money, inWork, now);
  const upFrontPaid = upFrontParts(money.parts).every((p) => p.status === 'confirmed');
  const extension = money.extension;
  const byCard = paysByCard(money);
  const dispute = disputeOf(money);

  const simple = (a: Parameters<typeof action.mutate>[0], done: string) =>
    action.mutate(a, {
      onSuccess: () => toast.success(done),
      onError: (err) => toast.error(err.message),
    });

  const confirmCancel = () =>
    openConfirmModal({
      title: 'Cancel this order?',
      children: (
        <Stack gap="xs">
          <Text size="sm">
            The due date has passed and nothing was delivered. Canceling ends the order for good.
          </Text>
          <Text size="sm">
            {byCard && money.balances.paid > 0
              ? `What you paid (${formatUsd(money.balances.paid)}) and Brushline still holds is refunded to you.`
              : money.balances.paid > 0
                ? `What you paid (${formatUsd(money.balances.paid)}) becomes a refund ${otherName} owes you; they send it back the way you paid and record it here.`
                : 'You have paid nothing on this order, so no refund is owed.'}
          </Text>
        </Stack>
      ),
      labels: { confirm: 'Cancel the order', cancel: 'Keep it' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        cancel.mutate(undefined, {
          onSuccess: () => toast.success('Order canceled'),
          onError: (err) => toast.error(err.message),
        }),
    });

  return (
    <Stack gap="sm">
      {dispute && (
        <DisputeBanner
          dispute={dispute}
          side={side}
          chargedBack={money.timeline.some((e) => e.kind === 'chargedBack')}
        />
      )}
      {money.nextStep && (
        <Alert
          color="blue"
          variant="light"
          icon={<IconArrowRight size={18} aria-hidden />}
          title="Your next step"
          data-testid="money-next-step"
        >
          {money.nextStep}
        </Alert>
      )}
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Group gap="xs" wrap="wrap">
          <Badge
            variant="light"
            color={PAYMENT_STATE_COLORS[money.state]}
            tt="none"
            className={badge.readable}
            data-testid="money-state"
          >
            {money.stateLabel}
          </Badge>
          <Text size="sm">{money.planSummary}</Text>
        </Group>
        <Text size="sm" c="dimmed">
          Paid {formatUsd(money.balances.paid)} of {formatUsd(money.total)}
        </Text>
      </Group>
      <Text size="xs" c="dimmed">
        {money.provider.note}
      </Text>
      {due && (
        <Group gap="xs" wrap="wrap">
          {money.overdue && (
            <Badge color="red" variant="filled" tt="none">
              Overdue
            </Badge>
          )}
          <Text size="sm" c={money.overdue ? 'red.9' : undefined} fw={money.overdue ? 600 : undefined}>
            {due}
          </Text>
        </Group>
      )}
      {money.autoApproveAt && (
        <Text size="sm">
          {side === 'buyer'
            ? `Without your answer, the delivery is approved automatically on ${formatDate(money.autoApproveAt)}.`
            : `Without the buyer’s answer, the delivery is approved automatically on ${formatDate(money.autoApproveAt)}.`}
        </Text>
      )}
      {extension?.status === 'pending' && (
        <Alert color="yellow" title={`More time asked: until ${formatDate(extension.dueAt)}`}>
          <Stack gap="xs">
            <Text size="sm" style={WRAP}>
              {extension.reason}
            </Text>
            {side === 'buyer' ? (
              <Group gap="xs">
                <Button
                  size="xs"
                  loading={action.isPending}
                  onClick={() => simple({ kind: 'acceptExtension' }, 'New due date accepted')}
                >
                  Accept
                </Button>
                <Button
                  size="xs"
                  variant="default"
                  disabled={action.isPending}
                  onClick={() => simple({ kind: 'declineExtension' }, 'New due date declined')}
                >
                  Decline
                </Button>
              </Group>
            ) : (
              <Text size="sm" c="dimmed">
                Waiting for {otherName}’s answer.
              </Text>
            )}
          </Stack>
        </Alert>
      )}
      {status === 'none' && (
        <Text size="sm" c="dimmed">
          Payments start once the artist accepts the order.
        </Text>
      )}
      <Stack gap="xs" role="list" aria-label="Payments">
        {money.parts.map((p) => (
          <PartRow
            key={p.index}
            part={p}
            money={money}
            side={side}
            open={open}
            closed={closed}
            otherName={otherName}
            onAction={setDialog}
          />
        ))}
      </Stack>
      {money.balances.refundOwed > 0 && (
        <Alert color="red" title={`Refund owed: ${formatUsd(money.balances.refundOwed)}`}>
          <Stack gap="xs">
            <Text size="sm">
              {byCard
                ? 'Brushline refunds it to the card it was paid with.'
                : side === 'artist'
                  ? `Send it back to ${otherName} the way they paid, then record it here.`
                  : `${otherName} owes it back to you and records it here once sent.`}
            </Text>
            {side === 'artist' && !byCard && (
              <Group>
                <Button size="xs" color="red" onClick={() => setDialog({ kind: 'refund' })}>
                  Record refund
                </Button>
              </Group>
            )}
          </Stack>
        </Alert>
      )}
      {money.creditNotes.map((n) => (
        <Group key={n.number} gap="xs">
          <InvoiceLink formId={money.formId} number={n.number} what="Credit note" />
          <Text size="xs" c="dimmed">
            {formatUsd(n.amount)} · {formatDate(n.createdAt)}
          </Text>
        </Group>
      ))}
      {side === 'artist' && status === 'waiting' && !upFrontPaid && (
        <Switch
          label="Start before payment"
          description="Start work on this order before the up-front payment is confirmed. You take the risk of not being paid."
          checked={money.startBeforePayment}
          disabled={action.isPending}
          onChange={(e) =>
            simple(
              { kind: 'startBeforePayment', enabled: e.currentTarget.checked },
              e.currentTarget.checked
                ? 'You can start before payment'
                : 'Starting waits for the payment again',
            )
          }
        />
      )}
      {((side === 'artist' && money.dueAt && inWork && extension?.status !== 'pending') ||
        (side === 'buyer' && money.overdue)) && (
        <Group gap="xs" justify="flex-end">
          {side === 'artist' ? (
            <Button variant="default" size="xs" onClick={() => setDialog({ kind: 'extension' })}>
              Ask for more time
            </Button>
          ) : (
            <Button color="red" variant="light" size="xs" loading={cancel.isPending} onClick={confirmCancel}>
              Cancel order
            </Button>
          )}
        </Group>
      )}
      <MoneyTimeline money={money} />
      {dialog && (
        <MoneyDialog dialog={dialog} money={money} otherName={otherName} onClose={() => setDialog(null)} />
      )}
    </Stack>
  );
}

/**
 * The order page's Money panel (decision 0020): the reader's next step, the payment state, the
 * plan and its parts with what each side may do, due dates, refunds, invoices and the timeline.
 * Orders placed before payments were tracked have no plan: the panel says so.
 */
export function MoneyPanel({ form, side }: { form: SentForm; side: TaskSide }) {
  const query = useQuery(moneyQuery(form.id));
  let body;
  if (query.data) body = <MoneyBody money={query.data} form={form} side={side} />;
  else if (query.error instanceof ApiError && query.error.code === 'no_payment_plan')
    body = (
      <Text size="sm" c="dimmed">
        {query.error.message}
      </Text>
    );
  else if (query.error)
    body = (
      <ErrorState
        title="Could not load the payments"
        message={`${query.error.message}. The rest of the order is below.`}
        onRetry={query.refetch}
      />
    );
  else body = <LoadingState label="Loading the payments" />;
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="money-title">
      <Stack gap="sm">
        <Title order={2} fz="h4" id="money-title">
          Money
        </Title>
        {body}
      </Stack>
    </Card>
  );
}
