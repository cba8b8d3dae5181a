import { Alert, Button, Card, Group, Loader, Stack, Text } from '@mantine/core';
import { IconBrandStripe, IconRefresh } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { PayoutAccount } from '@brushline/shared/payments/stripe';
import { ErrorState, LoadingState } from '../../../components/query-states.tsx';
import { leaveSite } from '../../../lib/leave-site.ts';
import { toast } from '../../../lib/toast.ts';
import {
  payoutAccountQuery,
  payoutStage,
  takesCards,
  useAccountLink,
  useRefreshAccount,
} from '../../payments/api/payout-queries.ts';
import { PayoutStatus } from '../components/payout-status.tsx';
import { SettingsSection } from '../components/settings-section.tsx';

/** Why the reader is on this page, from Stripe's return address: back from onboarding, or a link that expired. */
type Arrival = 'return' | 'refresh' | null;

function arrivalOf(value: string | null): Arrival {
  return value === 'return' || value === 'refresh' ? value : null;
}

/** What the page says once the reader is back from Stripe and the account was asked for again. */
function ReturnNote({
  arrival,
  checking,
  account,
}: {
  arrival: Arrival;
  checking: boolean;
  account: PayoutAccount;
}) {
  if (arrival === 'refresh')
    return (
      <Alert color="yellow" title="The onboarding link expired">
        Stripe’s links work for a few minutes only. Continue onboarding below to get a new one; what you
        already filled in is kept.
      </Alert>
    );
  if (arrival !== 'return') return null;
  if (checking)
    return (
      <Alert color="blue" title="Back from Stripe" aria-live="polite">
        <Group gap="xs">
          <Loader size="xs" aria-hidden />
          <Text size="sm">Checking your account with Stripe…</Text>
        </Group>
      </Alert>
    );
  return account.canReceive ? (
    <Alert color="teal" title="Your account is ready" aria-live="polite">
      Buyers can now pay you by card on cards that take platform payments.
    </Alert>
  ) : (
    <Alert color="yellow" title="Stripe still needs some details" aria-live="polite">
      Onboarding is not finished yet. Continue onboarding to add what is missing.
    </Alert>
  );
}

/** The account, its status and the two moves: go to Stripe's onboarding, or ask Stripe again. */
function StripeAccount({ account, arrival }: { account: PayoutAccount; arrival: Arrival }) {
  const link = useAccountLink();
  const refresh = useRefreshAccount();
  const [leaving, setLeaving] = useState(false);
  const stage = payoutStage(account);

  // Back from onboarding: Stripe's word is fresher than ours (its webhook may still be on the way).
  const asked = useRef(false);
  useEffect(() => {
    if (arrival !== 'return' || asked.current) return;
    asked.current = true;
    refresh.mutate(undefined, { onError: (err) => toast.error(err.message) });
  }, [arrival, refresh]);

  const connect = () =>
    link.mutate(undefined, {
      onSuccess: ({ url }) => {
        // The button keeps spinning while the browser leaves for Stripe.
        setLeaving(true);
        leaveSite.go(url);
      },
    });

  const connectLabel =
    stage === 'notConnected'
      ? 'Connect with Stripe'
      : stage === 'incomplete'
        ? 'Continue onboarding'
        : 'Update your details on Stripe';

  return (
    <Stack gap="md">
      <ReturnNote
        arrival={arrival}
        checking={refresh.isPending || (arrival === 'return' && refresh.isIdle)}
        account={account}
      />
      <Card withBorder padding="lg">
        <Stack gap="md">
          <PayoutStatus account={account} />
          {link.error && (
            <Alert color="red" title="Could not open Stripe" role="alert">
              {link.error.message}
            </Alert>
          )}
          {refresh.error && (
            <Alert color="red" title="Could not check your account" role="alert">
              {refresh.error.message}
            </Alert>
          )}
          <Group gap="sm" wrap="wrap">
            <Button
              leftSection={<IconBrandStripe size={18} aria-hidden />}
              variant={stage === 'ready' ? 'default' : 'filled'}
              loading={link.isPending || leaving}
              onClick={connect}
            >
              {connectLabel}
            </Button>
            {account.connected && (
              <Button
                variant="default"
                leftSection={<IconRefresh size={18} aria-hidden />}
                loading={refresh.isPending}
                onClick={() => refresh.mutate()}
              >
                Refresh status
              </Button>
            )}
          </Group>
          <Text size="xs" c="dimmed">
            {stage === 'ready'
              ? 'Stripe opens in this tab and brings you back here.'
              : 'Stripe opens in this tab and brings you back here when you finish. Brushline never sees your bank details.'}
          </Text>
        </Stack>
      </Card>
    </Stack>
  );
}

/** An instance without Stripe keys: payments are arranged between the two sides. */
function NoCardPayments() {
  return (
    <Card withBorder padding="lg">
      <Text size="sm">
        This Brushline site does not take card payments. Buyers pay artists directly, the way the artist says
        on each order (a payment link or their details), and both of you record the payment on the order page.
        There is nothing to connect.
      </Text>
    </Card>
  );
}

/** /settings/payouts: the artist's Stripe account for card payments (decision 0031). */
export function SettingsPayoutsPage() {
  const [search, setSearch] = useSearchParams();
  // Read once: the address is cleaned below, so a reload does not ask Stripe again.
  const [arrival] = useState(() => arrivalOf(search.get('stripe')));
  const { data, error, isPending, refetch } = useQuery(payoutAccountQuery());

  useEffect(() => {
    if (search.has('stripe')) setSearch({}, { replace: true });
  }, [search, setSearch]);

  return (
    <SettingsSection
      title="Payouts"
      description="How buyers pay you for commissions by card, and where the money goes."
    >
      {isPending ? (
        <LoadingState label="Loading your payout account" py="lg" />
      ) : error ? (
        <ErrorState title="Could not load your payout account" message={error.message} onRetry={refetch} />
      ) : takesCards(data) ? (
        <StripeAccount account={data} arrival={arrival} />
      ) : (
        <NoCardPayments />
      )}
    </SettingsSection>
  );
}
