import { Alert, Button, CloseButton, Group, Loader, Text } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { formatUsd } from '@brushline/shared/cards/pricing';
import { moneyQuery } from '../api/money-queries.ts';
import { paidOnPlatform, platformOf } from '../money-stripe.ts';

/** How often the order's money is asked for while Stripe's word is on the way, and for how long. */
export const CONFIRM_POLL_MS = 2000;
export const CONFIRM_WAIT_MS = 60_000;

/** ?paid=0: the part Stripe's checkout says was paid (the success address names it). */
function paidPart(search: URLSearchParams): number | null {
  const raw = search.get('paid');
  return raw !== null && /^\d+$/.test(raw) ? Number(raw) : null;
}

/**
 * Back from Stripe's checkout (?paid={part}): Stripe tells Brushline by a webhook, which may come a
 * moment after the buyer. Until the part shows held, the order's money is asked for again every
 * few seconds (for a minute); then it says the payment is held until the buyer approves.
 */
export function PaymentReturn({ formId }: { formId: number }) {
  const [search, setSearch] = useSearchParams();
  const index = paidPart(search);
  // Past the wait the page stops asking and offers to check again.
  const [expired, setExpired] = useState(false);
  useEffect(() => {
    if (index === null) return;
    const timer = setTimeout(() => setExpired(true), CONFIRM_WAIT_MS);
    return () => clearTimeout(timer);
  }, [index]);
  const query = useQuery({
    ...moneyQuery(formId),
    refetchInterval: (q) => {
      const part = q.state.data?.parts.find((p) => p.index === index);
      return index === null || expired || paidOnPlatform(part) ? false : CONFIRM_POLL_MS;
    },
  });
  if (index === null || !query.data) return null;
  const part = query.data.parts.find((p) => p.index === index);
  // Released or refunded since (the address keeps ?paid= until dismissed): the money panel says so.
  if (!part || (paidOnPlatform(part) && platformOf(part)?.state !== 'held')) return null;

  const dismiss = () => {
    const next = new URLSearchParams(search);
    next.delete('paid');
    setSearch(next, { replace: true });
  };
  const close = <CloseButton aria-label="Dismiss" onClick={dismiss} />;

  if (paidOnPlatform(part))
    return (
      <Alert
        color="teal"
        icon={<IconShieldCheck size={18} aria-hidden />}
        title={`Payment received: ${formatUsd(part.amount)}`}
        aria-live="polite"
        data-testid="payment-return"
      >
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text size="sm">
            Brushline holds it until you approve the delivery, then sends it to the artist.
          </Text>
          {close}
        </Group>
      </Alert>
    );

  const stillWaiting = !expired || query.isFetching;
  return (
    <Alert color="blue" title="Confirming your payment…" aria-live="polite" data-testid="payment-return">
      {stillWaiting ? (
        <Group gap="xs" wrap="nowrap">
          <Loader size="xs" aria-hidden />
          <Text size="sm">
            Stripe is telling Brushline about your payment of {formatUsd(part.amount)}. This usually takes a
            few seconds.
          </Text>
        </Group>
      ) : (
        <Group gap="xs" justify="space-between" wrap="wrap">
          <Text size="sm">
            Stripe has not confirmed the payment yet. If you paid, it shows here once Stripe does: check again
            in a moment.
          </Text>
          <Button size="xs" variant="default" onClick={() => void query.refetch()}>
            Check again
          </Button>
        </Group>
      )}
    </Alert>
  );
}
