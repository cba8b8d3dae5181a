import { Anchor, Badge, Card, Group, Stack, Text } from '@mantine/core';
import { IconBrandStripe } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { PayoutAccount } from '@brushline/shared/payments/stripe';
import { paths } from '@brushline/shared/paths';
import badge from '../../../components/readable-badge.module.css';
import { PAYOUT_STAGE_TEXT, payoutStage } from '../api/payout-queries.ts';

/**
 * The Money tab's word on card payments (Stripe): buyers pay Brushline, which holds each payment
 * until approval; the artist sees whether their account can receive it, with the way to Payouts.
 */
export function CardPaymentsLine({ account, artist }: { account: PayoutAccount; artist: boolean }) {
  const stage = payoutStage(account);
  const text = PAYOUT_STAGE_TEXT[stage];
  return (
    <Card withBorder padding="sm" component="section" aria-label="Card payments">
      <Stack gap={4}>
        <Group gap="xs" wrap="wrap">
          <IconBrandStripe size={18} aria-hidden />
          <Text fw={600}>Card payments through Stripe</Text>
          {artist && (
            <Badge variant="light" color={text.color} tt="none" className={badge.readable}>
              Your account: {text.label}
            </Badge>
          )}
        </Group>
        <Text size="sm">
          Buyers pay Brushline by card. Each payment is held until the buyer approves the work, then sent to
          the artist; a canceled order is refunded automatically. Each order’s page shows where its payments
          stand.
        </Text>
        {artist && stage !== 'ready' && (
          <Anchor component={Link} to={paths.settingsPayouts} size="sm" fw={600}>
            {stage === 'notConnected' ? 'Connect Stripe' : 'Finish Stripe onboarding'} in Settings → Payouts
          </Anchor>
        )}
      </Stack>
    </Card>
  );
}
