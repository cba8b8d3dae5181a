import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { PayoutAccount, RedirectUrl } from '@brushline/shared/payments/stripe';
import { api } from '../../../lib/api-client.ts';

/** The key factory of the viewer's payout account (Stripe Connect, decision 0031). */
export const payoutKeys = {
  all: ['payouts'] as const,
  account: () => [...payoutKeys.all, 'account'] as const,
};

/**
 * GET payments/account: the viewer's connected Stripe account as Brushline last heard of it, and
 * the instance's provider (only 'stripe' has accounts). Settings, the Money tab and the card
 * editor read it.
 */
export const payoutAccountQuery = () =>
  queryOptions({
    queryKey: payoutKeys.account(),
    queryFn: () => api<PayoutAccount>('payments/account'),
  });

/** Where an artist's Stripe account stands, in three steps a person can tell apart. */
export type PayoutStage = 'notConnected' | 'incomplete' | 'ready';

export function payoutStage(account: PayoutAccount): PayoutStage {
  if (!account.connected) return 'notConnected';
  return account.canReceive ? 'ready' : 'incomplete';
}

export const PAYOUT_STAGE_TEXT: Readonly<
  Record<PayoutStage, { label: string; color: string; says: string }>
> = {
  notConnected: {
    label: 'Not connected',
    color: 'gray',
    says: 'Connect a Stripe account to take card payments for your commissions. Stripe asks who you are and where to send the money; it takes a few minutes.',
  },
  incomplete: {
    label: 'Onboarding incomplete',
    color: 'yellow',
    says: 'Stripe needs a few more details before buyers can pay you by card. Continue where you left off.',
  },
  ready: {
    label: 'Ready',
    color: 'teal',
    says: 'Buyers can pay you by card. Brushline holds each payment until the buyer approves the work, then sends it to your Stripe account.',
  },
};

/** Whether this instance takes card payments through Stripe. */
export const takesCards = (account: PayoutAccount | undefined): account is PayoutAccount =>
  account?.provider === 'stripe';

/**
 * POST payments/account/link: a Stripe onboarding page for this account; the browser goes there
 * and comes back to /settings/payouts?stripe=return (or ?stripe=refresh when the link expired).
 */
export function useAccountLink() {
  return useMutation({
    mutationFn: () => api<RedirectUrl>('payments/account/link', { method: 'POST' }),
  });
}

/** POST payments/account/refresh: asks Stripe for the account now; the answer replaces the cache. */
export function useRefreshAccount() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api<PayoutAccount>('payments/account/refresh', { method: 'POST' }),
    onSuccess: (account) => qc.setQueryData(payoutKeys.account(), account),
  });
}
