import { Alert, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { formatUsd } from '@brushline/shared/cards/pricing';
import type { Dispute } from '@brushline/shared/payments/stripe';
import { formatDate } from '../../../lib/format-date.ts';
import { stripeWords } from '../money-stripe.ts';

/**
 * What the dispute does to the money (decision 0031): held while open, returned by the bank when
 * lost (recorded here as a chargeback), or left to staff when lost on money already released.
 */
function outcomeWords(status: string, side: 'artist' | 'buyer', chargedBack: boolean): string {
  if (status === 'lost' && chargedBack)
    return `The bank returned the payment to ${side === 'buyer' ? 'your' : 'the buyer’s'} card: it shows as refunded here.`;
  if (status === 'lost')
    return `The bank returned the payment to ${side === 'buyer' ? 'your' : 'the buyer’s'} card after Brushline had released it to the artist: staff are reviewing the order and will contact you.`;
  if (status === 'won' || status === 'warning_closed')
    return 'The dispute is over without a chargeback: the payment goes on as before.';
  return 'While it is open, the payment stays held by Brushline: it is neither released to the artist nor refunded.';
}

/** A chargeback Stripe reported on this order: both sides (and staff) see what, how much and where it stands. */
export function DisputeBanner({
  dispute,
  side,
  chargedBack,
}: {
  dispute: Dispute;
  side: 'artist' | 'buyer';
  /** The ledger recorded the bank's return (a lost dispute on money still held or owed back). */
  chargedBack: boolean;
}) {
  return (
    <Alert
      color="red"
      icon={<IconAlertTriangle size={18} aria-hidden />}
      title={`Payment disputed: ${stripeWords(dispute.status)}`}
      data-testid="money-dispute"
    >
      <Text size="sm">
        {side === 'buyer' ? 'Your bank' : 'The buyer’s bank'} disputed {formatUsd(dispute.amount)} on{' '}
        {formatDate(dispute.openedAt)}. Reason given: {stripeWords(dispute.reason)}.
      </Text>
      <Text size="sm">{outcomeWords(dispute.status, side, chargedBack)}</Text>
      {/* The lost-after-release words already say staff are on it. */}
      {!(dispute.status === 'lost' && !chargedBack) && (
        <Text size="sm">Brushline’s staff see the dispute too and may contact you about it.</Text>
      )}
    </Alert>
  );
}
