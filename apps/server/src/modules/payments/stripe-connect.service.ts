import { randomUUID } from 'node:crypto';
import type Stripe from 'stripe';
import { paymentMessages as m } from '@brushline/shared/payments/messages';
import { toPath } from '@brushline/shared/paths';
import type { PayoutAccount, RedirectUrl } from '@brushline/shared/payments/stripe';
import type { Deps, TxCtx } from '../../platform/deps.ts';
import { AppError } from '../../platform/errors.ts';
import type { Actor } from '../../platform/session.ts';
import { callStripe, stripeClient } from './stripe-client.ts';
import { findAccount, insertAccount, saveAccountStatus, type StripeAccountRow } from './stripe.repo.ts';
import { requirementWords } from './stripe.rules.ts';

/**
 * Artists' connected accounts (decision 0031): Express accounts made on the platform, onboarded
 * through Stripe's account links. Brushline keeps what Stripe last said (charges, payouts, details,
 * what is still due); account.updated and the page's refresh keep it current. A card takes
 * platform payments only when its artist's account can receive them (both enabled).
 */

const canReceive = (row: StripeAccountRow | null) => !!row && row.chargesEnabled && row.payoutsEnabled;

function toPayoutAccount(config: Deps['config'], row: StripeAccountRow | null): PayoutAccount {
  return {
    provider: config.PAYMENT_PROVIDER,
    connected: !!row,
    chargesEnabled: row?.chargesEnabled ?? false,
    payoutsEnabled: row?.payoutsEnabled ?? false,
    detailsSubmitted: row?.detailsSubmitted ?? false,
    missing: row ? requirementWords(row.currentlyDue) : [],
    canReceive: canReceive(row),
    updatedAt: row ? row.updatedAt.toISOString() : null,
  };
}

const statusOf = (a: Stripe.Account) => ({
  chargesEnabled: a.charges_enabled ?? false,
  payoutsEnabled: a.payouts_enabled ?? false,
  detailsSubmitted: a.details_submitted ?? false,
  currentlyDue: a.requirements?.currently_due ?? [],
});

/** GET /payments/account: the caller's own account as Brushline last heard of it. */
export async function readPayoutAccount(
  ctx: Pick<Deps, 'db' | 'config'>,
  actor: Actor,
): Promise<PayoutAccount> {
  if (!ctx.config.stripe) return toPayoutAccount(ctx.config, null);
  return toPayoutAccount(ctx.config, await findAccount(ctx.db, actor.id));
}

/**
 * POST /payments/account/link: the artist's Express account (made the first time, one per artist:
 * the idempotency key names the artist, so two clicks make one account) and a fresh onboarding
 * link back to Settings → Payouts.
 */
export async function startOnboarding(
  ctx: Pick<Deps, 'db' | 'config' | 'log'>,
  actor: Actor,
  input: { origin: string },
): Promise<RedirectUrl> {
  const stripe = stripeClient(ctx.config);
  let row = await findAccount(ctx.db, actor.id);
  if (!row) {
    const account = await callStripe(ctx.log, () =>
      stripe.accounts.create(
        {
          type: 'express',
          capabilities: { transfers: { requested: true }, card_payments: { requested: true } },
          metadata: { userId: actor.id, login: actor.login },
        },
        { idempotencyKey: `account:${actor.id}` },
      ),
    );
    row = await insertAccount(ctx.db, actor.id, account.id);
    // What Stripe still needs shows at once, before any webhook.
    await saveAccountStatus(ctx.db, row.accountId, statusOf(account), account.created ?? 0);
  }
  const base = `${ctx.config.PUBLIC_URL ? ctx.config.publicUrl : input.origin}${toPath('settingsPayouts')}`;
  const link = await callStripe(ctx.log, () =>
    stripe.accountLinks.create(
      {
        account: row.accountId,
        type: 'account_onboarding',
        return_url: `${base}?stripe=return`,
        refresh_url: `${base}?stripe=refresh`,
      },
      // A link is single-use and short-lived: each click asks for a new one.
      { idempotencyKey: `accountLink:${row.accountId}:${randomUUID()}` },
    ),
  );
  return { url: link.url };
}

/** POST /payments/account/refresh: asks Stripe again (a webhook may be late) and stores its answer. */
export async function refreshPayoutAccount(
  ctx: Pick<Deps, 'db' | 'config' | 'log'>,
  actor: Actor,
): Promise<PayoutAccount> {
  const stripe = stripeClient(ctx.config);
  const row = await findAccount(ctx.db, actor.id);
  if (!row) return toPayoutAccount(ctx.config, null);
  const account = await callStripe(ctx.log, () => stripe.accounts.retrieve(row.accountId));
  await saveAccountStatus(ctx.db, row.accountId, statusOf(account), Math.floor(Date.now() / 1000));
  return toPayoutAccount(ctx.config, await findAccount(ctx.db, actor.id));
}

/** account.updated: what Stripe says of the account as of the event (an older event changes nothing). */
export async function applyAccountUpdate(
  ctx: TxCtx,
  _actor: null,
  e: { account: Stripe.Account; created: number },
): Promise<void> {
  await saveAccountStatus(ctx.db, e.account.id, statusOf(e.account), e.created);
}

/**
 * The payout gate (decision 0031): with Stripe, a card opens for orders (and an order is placed on it)
 * only when its artist's account can receive money; otherwise 409 payout_account_required.
 * Off-platform: nothing to check. Cards and orders call it through Deps (they come before payments).
 */
export async function assertCanReceive(
  ctx: TxCtx & Pick<Deps, 'config'>,
  _actor: null,
  input: { artistId: string; who: 'artist' | 'buyer' },
): Promise<void> {
  if (!ctx.config.stripe) return;
  if (canReceive(await findAccount(ctx.db, input.artistId))) return;
  throw new AppError(
    409,
    'payout_account_required',
    input.who === 'artist' ? m.payoutAccountRequired : m.artistCannotReceive,
  );
}
