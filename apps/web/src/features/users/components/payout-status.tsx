import { Badge, Group, List, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import type { PayoutAccount } from '@brushline/shared/payments/stripe';
import badge from '../../../components/readable-badge.module.css';
import { formatDateTime } from '../../../lib/format-date.ts';
import { PAYOUT_STAGE_TEXT, payoutStage } from '../../payments/api/payout-queries.ts';

/** One condition Stripe sets, with an icon and words (never the colour alone). */
function Check({ ok, label }: { ok: boolean; label: string }) {
  const Icon = ok ? IconCircleCheck : IconCircleX;
  return (
    <List.Item
      icon={
        <Icon
          size={20}
          aria-hidden
          color={ok ? 'var(--mantine-color-teal-7)' : 'var(--mantine-color-dimmed)'}
        />
      }
    >
      <Text size="sm" span>
        {label}:{' '}
        <Text span fw={600} size="sm">
          {ok ? 'yes' : 'not yet'}
        </Text>
      </Text>
    </List.Item>
  );
}

/** The account's stage, what Stripe has enabled and what it still needs. */
export function PayoutStatus({ account }: { account: PayoutAccount }) {
  const stage = payoutStage(account);
  const text = PAYOUT_STAGE_TEXT[stage];
  return (
    <Stack gap="sm">
      <Group gap="xs" wrap="wrap">
        <Text fw={600}>Stripe account</Text>
        <Badge
          variant="light"
          color={text.color}
          tt="none"
          className={badge.readable}
          data-testid="payout-stage"
        >
          {text.label}
        </Badge>
      </Group>
      <Text size="sm">{text.says}</Text>
      {account.connected && (
        <List spacing={4} center aria-label="What Stripe has enabled">
          <Check ok={account.detailsSubmitted} label="Details submitted" />
          <Check ok={account.chargesEnabled} label="Card payments" />
          <Check ok={account.payoutsEnabled} label="Payouts to your bank" />
        </List>
      )}
      {account.missing.length > 0 && (
        <div>
          <Text size="sm" fw={600} id="payout-missing">
            Stripe still needs
          </Text>
          <List size="sm" aria-labelledby="payout-missing" withPadding>
            {account.missing.map((m) => (
              <List.Item key={m}>{m}</List.Item>
            ))}
          </List>
        </div>
      )}
      {account.updatedAt && (
        <Text size="xs" c="dimmed">
          Last heard from Stripe {formatDateTime(account.updatedAt)}
        </Text>
      )}
    </Stack>
  );
}
