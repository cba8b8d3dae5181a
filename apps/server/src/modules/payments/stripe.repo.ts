import { and, asc, desc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { userRoles } from '../../db/schema/users.ts';
import type { DbOrTx } from '../../db/client.ts';
import {
  stripeAccounts,
  stripeDisputes,
  stripePartPayments,
  stripeWebhookEvents,
} from '../../db/schema/stripe.ts';

/** Stripe Connect's rows (decision 0031): Drizzle queries only. */

export type StripeAccountRow = typeof stripeAccounts.$inferSelect;
export type StripePartRow = typeof stripePartPayments.$inferSelect;
export type StripeDisputeRow = typeof stripeDisputes.$inferSelect;

export async function findAccount(db: DbOrTx, userId: string): Promise<StripeAccountRow | null> {
  const [row] = await db.select().from(stripeAccounts).where(eq(stripeAccounts.userId, userId));
  return row ?? null;
}

/** Stores the artist's new account; a row already there (a second click) wins and is answered. */
export async function insertAccount(
  db: DbOrTx,
  userId: string,
  accountId: string,
): Promise<StripeAccountRow> {
  await db.insert(stripeAccounts).values({ userId, accountId }).onConflictDoNothing();
  return (await findAccount(db, userId))!;
}

export interface AccountStatus {
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  detailsSubmitted: boolean;
  currentlyDue: string[];
}

/**
 * What Stripe says of an account as of `seenAt` (Stripe's seconds). An older word (an event
 * delivered late) changes nothing; a retrieve passes the current time. Answers the owner's id.
 */
export async function saveAccountStatus(
  db: DbOrTx,
  accountId: string,
  status: AccountStatus,
  seenAt: number,
): Promise<string | null> {
  const [row] = await db
    .update(stripeAccounts)
    .set({ ...status, stripeSeenAt: seenAt, updatedAt: sql`now()` })
    .where(and(eq(stripeAccounts.accountId, accountId), lte(stripeAccounts.stripeSeenAt, seenAt)))
    .returning({ userId: stripeAccounts.userId });
  return row?.userId ?? null;
}

export async function findParts(db: DbOrTx, formId: number): Promise<StripePartRow[]> {
  return db
    .select()
    .from(stripePartPayments)
    .where(eq(stripePartPayments.formId, formId))
    .orderBy(asc(stripePartPayments.partIndex));
}

export async function findPart(
  db: DbOrTx,
  formId: number,
  partIndex: number,
  opts: { lock?: boolean } = {},
): Promise<StripePartRow | null> {
  const q = db
    .select()
    .from(stripePartPayments)
    .where(and(eq(stripePartPayments.formId, formId), eq(stripePartPayments.partIndex, partIndex)));
  const [row] = await (opts.lock ? q.for('update') : q);
  return row ?? null;
}

/** Writes what changed on a part at Stripe (creating its row the first time). */
export async function savePart(
  db: DbOrTx,
  formId: number,
  partIndex: number,
  values: Partial<Omit<StripePartRow, 'formId' | 'partIndex'>>,
): Promise<void> {
  await db
    .insert(stripePartPayments)
    .values({ formId, partIndex, ...values })
    .onConflictDoUpdate({ target: [stripePartPayments.formId, stripePartPayments.partIndex], set: values });
}

/**
 * Stores a new checkout session as attempt `attempt`, only if no later attempt was stored (two
 * clicks that raced got the same session from Stripe: the idempotency key named the attempt).
 */
export async function saveCheckout(
  db: DbOrTx,
  formId: number,
  partIndex: number,
  s: { attempt: number; sessionId: string; url: string; expiresAt: Date },
): Promise<void> {
  const values = {
    checkoutAttempt: s.attempt,
    checkoutSessionId: s.sessionId,
    checkoutUrl: s.url,
    checkoutExpiresAt: s.expiresAt,
  };
  await db
    .insert(stripePartPayments)
    .values({ formId, partIndex, ...values })
    .onConflictDoUpdate({
      target: [stripePartPayments.formId, stripePartPayments.partIndex],
      set: values,
      setWhere: sql`${stripePartPayments.checkoutAttempt} <= ${s.attempt}`,
    });
}

/** The part a payment at Stripe belongs to: its checkout session, or its payment intent or charge. */
export async function findPartByStripeIds(
  db: DbOrTx,
  ids: { sessionId?: string | null; paymentIntentId?: string | null; chargeId?: string | null },
): Promise<StripePartRow | null> {
  const conditions = [
    ids.sessionId ? eq(stripePartPayments.checkoutSessionId, ids.sessionId) : undefined,
    ids.paymentIntentId ? eq(stripePartPayments.paymentIntentId, ids.paymentIntentId) : undefined,
    ids.chargeId ? eq(stripePartPayments.chargeId, ids.chargeId) : undefined,
  ].filter((c) => c !== undefined);
  if (conditions.length === 0) return null;
  const [row] = await db
    .select()
    .from(stripePartPayments)
    .where(or(...conditions))
    .limit(1);
  return row ?? null;
}

/** Stores a webhook event once: false when its id was stored already (a duplicate delivery). */
export async function insertWebhookEvent(
  db: DbOrTx,
  e: { id: string; type: string; payload: unknown },
): Promise<boolean> {
  const rows = await db
    .insert(stripeWebhookEvents)
    .values(e)
    .onConflictDoNothing()
    .returning({ id: stripeWebhookEvents.id });
  return rows.length > 0;
}

export async function findWebhookEvent(db: DbOrTx, id: string, opts: { lock?: boolean } = {}) {
  const q = db.select().from(stripeWebhookEvents).where(eq(stripeWebhookEvents.id, id));
  const [row] = await (opts.lock ? q.for('update') : q);
  return row ?? null;
}

export async function markEventProcessed(db: DbOrTx, id: string): Promise<void> {
  await db
    .update(stripeWebhookEvents)
    .set({ processedAt: sql`now()` })
    .where(eq(stripeWebhookEvents.id, id));
}

/**
 * Stores what Stripe says of a dispute as of `seenAt`; an older event (out of order) changes
 * nothing. Answers whether it changed the row.
 */
export async function saveDispute(
  db: DbOrTx,
  d: Omit<StripeDisputeRow, 'stripeSeenAt'> & { seenAt: number },
): Promise<boolean> {
  const { seenAt, ...values } = d;
  const rows = await db
    .insert(stripeDisputes)
    .values({ ...values, stripeSeenAt: seenAt })
    .onConflictDoUpdate({
      target: stripeDisputes.id,
      set: { status: values.status, reason: values.reason, closedAt: values.closedAt, stripeSeenAt: seenAt },
      setWhere: sql`${stripeDisputes.stripeSeenAt} <= ${seenAt}`,
    })
    .returning({ id: stripeDisputes.id });
  return rows.length > 0;
}

/** The order's latest dispute, or null. */
export async function findLatestDispute(db: DbOrTx, formId: number): Promise<StripeDisputeRow | null> {
  const [row] = await db
    .select()
    .from(stripeDisputes)
    .where(eq(stripeDisputes.formId, formId))
    .orderBy(desc(stripeDisputes.openedAt))
    .limit(1);
  return row ?? null;
}

/** The open dispute (not closed) on a charge, or null: its money may still be taken back. */
export async function findOpenDispute(db: DbOrTx, chargeId: string): Promise<StripeDisputeRow | null> {
  const [row] = await db
    .select()
    .from(stripeDisputes)
    .where(and(eq(stripeDisputes.chargeId, chargeId), isNull(stripeDisputes.closedAt)))
    .orderBy(desc(stripeDisputes.openedAt))
    .limit(1);
  return row ?? null;
}

/** Staff (admins and moderators), who hear of disputes and of payments held for a look. */
export async function findStaffIds(db: DbOrTx): Promise<string[]> {
  const rows = await db
    .selectDistinct({ userId: userRoles.userId })
    .from(userRoles)
    .where(inArray(userRoles.role, ['admin', 'moderator']));
  return rows.map((r) => r.userId);
}
