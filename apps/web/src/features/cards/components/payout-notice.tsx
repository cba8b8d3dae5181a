import { Alert, Anchor, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { paths } from '@brushline/shared/paths';
import { payoutAccountQuery, takesCards } from '../../payments/api/payout-queries.ts';

/** The way to Settings → Payouts, where the artist connects the Stripe account their cards need. */
export function PayoutsLink() {
  return (
    <Anchor component={Link} to={paths.settingsPayouts} fw={600}>
      Go to Settings → Payouts
    </Anchor>
  );
}

/**
 * On a site that takes card payments (Stripe), a card opens for orders only once its artist's
 * account can receive money: say so before the artist tries, with the way to connect it.
 */
export function PayoutNotice() {
  const { data } = useQuery(payoutAccountQuery());
  if (!takesCards(data) || data.canReceive) return null;
  return (
    <Alert color="yellow" title="Connect Stripe before taking commissions on this card">
      <Text size="sm">
        Buyers on this site pay by card through Brushline, so the money needs a Stripe account that can
        receive it. Meanwhile you can save the card with “Taking commissions” off. <PayoutsLink />
      </Text>
    </Alert>
  );
}
