import { Anchor, Badge, Box, Button, Group, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { formatUsd } from '@brushline/shared/cards/pricing';
import { PAYMENT_STAGE_LABELS } from '@brushline/shared/payments/constants';
import type { OrderMoney, PaymentPart } from '@brushline/shared/payments/schemas';
import type { TaskSide } from '@brushline/shared/orders/status-machine';
import badge from '../../../components/readable-badge.module.css';
import { formatDate } from '../../../lib/format-date.ts';
import { invoiceHref, PART_STATUS_COLORS, partStatusText, stageText } from '../money-text.ts';
import { payableByCard, paysByCard, PLATFORM_STATE_COLORS, platformOf } from '../money-stripe.ts';
import type { MoneyDialogKind } from './money-dialog.tsx';
import { PayByCard } from './pay-by-card.tsx';

/** One part of an order's price on the order page's Money panel, and the invoice links. */

export const WRAP = { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } as const;
const BADGE_STYLES = {
  root: { height: 'auto', minHeight: 'var(--badge-height)', paddingBlock: 2 },
  label: { whiteSpace: 'normal' as const, lineHeight: 1.3 },
};

export function InvoiceLink({ formId, number, what }: { formId: number; number: string; what: string }) {
  return (
    <Anchor href={invoiceHref(formId, number)} download={`${number}.pdf`} size="sm">
      <IconDownload size={14} aria-hidden style={{ verticalAlign: 'text-bottom', marginRight: 4 }} />
      {what} {number} (PDF)
    </Anchor>
  );
}

/** One part of the price: what, when, how much, where it stands, and the reader's moves on it. */
export function PartRow({
  part,
  money,
  side,
  open,
  closed,
  otherName,
  onAction,
}: {
  part: PaymentPart;
  money: OrderMoney;
  side: TaskSide;
  /** Payments can be recorded: the order is accepted and neither canceled nor declined. */
  open: boolean;
  /** The order was canceled or declined: what was not paid is owed by nobody. */
  closed: boolean;
  otherName: string;
  onAction: (d: MoneyDialogKind) => void;
}) {
  // Paid by card through Brushline: Stripe's word, not the two sides', says it was paid.
  const byCard = paysByCard(money);
  const platform = platformOf(part);
  const actions = [];
  if (byCard) {
    if (open && side === 'buyer' && payableByCard(part))
      actions.push(<PayByCard key="card" part={part} money={money} artistName={otherName} />);
  } else if (open && side === 'artist') {
    if (part.status === 'due' || part.status === 'requested')
      actions.push(
        <Button
          key="ask"
          size="xs"
          variant={part.status === 'due' ? 'filled' : 'default'}
          onClick={() => onAction({ kind: 'request', part })}
        >
          {part.status === 'requested' ? 'Ask again' : 'Ask for payment'}
        </Button>,
      );
    if (part.status === 'marked')
      actions.push(
        <Button key="confirm" size="xs" onClick={() => onAction({ kind: 'confirm', part })}>
          Confirm received
        </Button>,
      );
    else if (part.status !== 'confirmed')
      actions.push(
        <Button key="record" size="xs" variant="default" onClick={() => onAction({ kind: 'confirm', part })}>
          Record payment
        </Button>,
      );
  }
  if (!byCard && open && side === 'buyer' && (part.status === 'requested' || part.status === 'due'))
    actions.push(
      <Button
        key="paid"
        size="xs"
        variant={part.status === 'requested' ? 'filled' : 'default'}
        onClick={() => onAction({ kind: 'paid', part })}
      >
        Mark as paid
      </Button>,
    );

  return (
    <Box
      role="listitem"
      aria-label={part.name}
      p="sm"
      style={{
        border: '1px solid var(--mantine-color-default-border)',
        borderRadius: 'var(--mantine-radius-sm)',
      }}
    >
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="wrap" align="flex-start">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text fw={600} style={WRAP}>
              {part.name}{' '}
              <Text span fw={700}>
                {formatUsd(part.amount)}
              </Text>
            </Text>
            <Text size="xs" c="dimmed">
              {stageText(PAYMENT_STAGE_LABELS[part.stage])} · {part.percent}%
            </Text>
          </Stack>
          {platform && platform.state !== 'unpaid' ? (
            <Badge
              variant="light"
              color={PLATFORM_STATE_COLORS[platform.state]}
              tt="none"
              maw="100%"
              styles={BADGE_STYLES}
              className={badge.readable}
              data-testid="platform-state"
            >
              {platform.stateLabel}
            </Badge>
          ) : (
            <Badge
              variant="light"
              color={closed && part.status !== 'confirmed' ? 'gray' : PART_STATUS_COLORS[part.status]}
              tt="none"
              maw="100%"
              styles={BADGE_STYLES}
              className={badge.readable}
            >
              {partStatusText(part.status, side, closed, byCard)}
            </Badge>
          )}
        </Group>
        {platform?.actBy && platform.actByNote && platform.state === 'held' && (
          <Text size="xs" c="dimmed">
            {stageText(platform.actByNote)} {formatDate(platform.actBy)}
          </Text>
        )}
        {part.instructions && part.status !== 'confirmed' && (
          <Box pl="sm" style={{ borderLeft: '3px solid var(--mantine-color-yellow-6)' }}>
            <Text size="xs" c="dimmed">
              {side === 'buyer' ? 'How to pay' : 'Your instructions'}
              {part.requestedAt ? ` · ${formatDate(part.requestedAt)}` : ''}
            </Text>
            <Text size="sm" style={WRAP}>
              {part.instructions}
            </Text>
          </Box>
        )}
        {part.reference && (
          <Text size="sm" style={WRAP}>
            <Text span c="dimmed" size="sm">
              {platform ? 'Stripe payment' : 'Reference'}:{' '}
            </Text>
            {part.reference}
          </Text>
        )}
        {part.confirmedAt && (
          <Text size="xs" c="dimmed">
            Confirmed {formatDate(part.confirmedAt)}
          </Text>
        )}
        {part.invoiceNumber && (
          <InvoiceLink formId={money.formId} number={part.invoiceNumber} what="Invoice" />
        )}
        {actions.length > 0 && (
          <Group gap="xs" justify="flex-end" wrap="wrap">
            {actions}
          </Group>
        )}
      </Stack>
    </Box>
  );
}
