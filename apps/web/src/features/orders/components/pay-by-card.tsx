import { Button, Stack, Text } from '@mantine/core';
import { IconCreditCard, IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { formatUsd } from '@brushline/shared/cards/pricing';
import type { OrderMoney, PaymentPart } from '@brushline/shared/payments/schemas';
import { openConfirmModal } from '../../../lib/confirm.ts';
import { leaveSite } from '../../../lib/leave-site.ts';
import { toast } from '../../../lib/toast.ts';
import { useCheckout } from '../api/money-queries.ts';
import { platformOf } from '../money-stripe.ts';
import { partName } from './money-dialog.tsx';

/**
 * "Pay $40.00 with card" on a due part: it says the amount and where the money goes before the
 * browser leaves for Stripe's checkout, which brings the buyer back to this order.
 */
export function PayByCard({
  part,
  money,
  artistName,
}: {
  part: PaymentPart;
  money: OrderMoney;
  artistName: string;
}) {
  const checkout = useCheckout(money.formId);
  const [leaving, setLeaving] = useState(false);
  const amount = formatUsd(part.amount);
  const reopened = platformOf(part)?.state === 'processing';

  const go = () =>
    checkout.mutate(part.index, {
      onSuccess: ({ url }) => {
        setLeaving(true);
        leaveSite.go(url);
      },
      onError: (err) => toast.error(err.message),
    });

  const ask = () =>
    openConfirmModal({
      title:
        money.parts.length === 1 ? `Pay ${amount} by card` : `Pay ${amount} for ${partName(part, money)}`,
      children: (
        <Stack gap="xs">
          <Text size="sm">
            You go to Stripe’s secure checkout page to pay {amount} by card, then come back here.
          </Text>
          <Text size="sm">
            Brushline holds the money until you approve the delivery (or it is approved automatically), then
            sends it to {artistName}. If the order is canceled before that, it is refunded to you.
          </Text>
        </Stack>
      ),
      labels: { confirm: `Continue to pay ${amount}`, cancel: 'Not now' },
      onConfirm: go,
    });

  return (
    <Button
      size="xs"
      leftSection={<IconCreditCard size={16} aria-hidden />}
      rightSection={<IconLock size={14} aria-hidden />}
      loading={checkout.isPending || leaving}
      onClick={ask}
    >
      {reopened ? `Finish paying ${amount}` : `Pay ${amount} with card`}
    </Button>
  );
}
