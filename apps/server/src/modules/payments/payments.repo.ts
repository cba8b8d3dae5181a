import { and, asc, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { LedgerAccount, MoneyEventKind } from '@brushline/shared/payments/constants';
import type { DbOrTx } from '../../db/client.ts';
import {
  creditNotes,
  invoiceCounters,
  ledgerEntries,
  ledgerTransactions,
  moneyEvents,
  orderExtensions,
  orderPayments,
} from '../../db/schema/payments.ts';
import { ownPictureId, users } from '../../db/schema/users.ts';
import { ZERO_BALANCES, type Balances, type Posting } from './ledger.rules.ts';

export type PaymentRow = typeof orderPayments.$inferSelect;

/** What happened to each part of the order's price so far (a part without a row: nothing yet). */
export async function findPaymentRows(db: DbOrTx, formId: number): Promise<PaymentRow[]> {
  return db
    .select()
    .from(orderPayments)
    .where(eq(orderPayments.formId, formId))
    .orderBy(asc(orderPayments.partIndex));
}

/** Writes what changed on one part (creating its row the first time). */
export async function savePayment(
  db: DbOrTx,
  formId: number,
  partIndex: number,
  values: Partial<Omit<PaymentRow, 'formId' | 'partIndex'>>,
): Promise<void> {
  await db
    .insert(orderPayments)
    .values({ formId, partIndex, ...values })
    .onConflictDoUpdate({ target: [orderPayments.formId, orderPayments.partIndex], set: values });
}

export async function insertMoneyEvent(
  db: DbOrTx,
  event: {
    formId: number;
    kind: MoneyEventKind;
    partIndex?: number | null;
    amountCents?: number | null;
    note?: string;
    actorId: string | null;
  },
): Promise<void> {
  await db.insert(moneyEvents).values(event);
}

/** The order's money timeline, oldest first, with who did each thing. */
export async function findMoneyEvents(db: DbOrTx, formId: number) {
  return db
    .select({
      id: moneyEvents.id,
      kind: moneyEvents.kind,
      partIndex: moneyEvents.partIndex,
      amountCents: moneyEvents.amountCents,
      note: moneyEvents.note,
      createdAt: moneyEvents.createdAt,
      actorId: users.id,
      actorLogin: users.login,
      actorDisplayName: users.displayName,
      actorAvatarId: ownPictureId(users),
    })
    .from(moneyEvents)
    .leftJoin(users, eq(users.id, moneyEvents.actorId))
    .where(eq(moneyEvents.formId, formId))
    .orderBy(asc(moneyEvents.id));
}

/**
 * Writes one ledger movement: the transaction and its entries, in the caller's transaction. A
 * second movement with the same idempotency key records nothing and answers false (a retried or
 * double-clicked action). The database checks again at commit that the entries sum to zero.
 */
export async function insertLedgerTransaction(
  db: DbOrTx,
  tx: {
    formId: number;
    artistId: string;
    kind: string;
    idempotencyKey: string;
    partIndex?: number | null;
    actorId: string | null;
  },
  postings: readonly Posting[],
): Promise<boolean> {
  const [row] = await db
    .insert(ledgerTransactions)
    .values({
      formId: tx.formId,
      kind: tx.kind,
      idempotencyKey: tx.idempotencyKey,
      partIndex: tx.partIndex ?? null,
      actorId: tx.actorId,
    })
    .onConflictDoNothing({ target: ledgerTransactions.idempotencyKey })
    .returning({ id: ledgerTransactions.id });
  if (!row) return false;
  await db.insert(ledgerEntries).values(
    postings.map((p) => ({
      transactionId: row.id,
      formId: tx.formId,
      artistId: tx.artistId,
      account: p.account,
      amountCents: p.amountCents,
    })),
  );
  return true;
}

/** The order's balance per account, summed from its ledger entries. */
export async function findBalances(
  db: DbOrTx,
  formId: number,
): Promise<{ balances: Balances; refundedCents: number }> {
  const rows = await db
    .select({
      account: ledgerEntries.account,
      sum: sql<string>`sum(${ledgerEntries.amountCents})`,
      refunded: sql<string>`sum(case when ${ledgerEntries.account} = 'buyer' and ${ledgerEntries.amountCents} > 0 then ${ledgerEntries.amountCents} else 0 end)`,
    })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.formId, formId))
    .groupBy(ledgerEntries.account);
  const balances = { ...ZERO_BALANCES } as Record<LedgerAccount, number>;
  let refundedCents = 0;
  for (const r of rows) {
    balances[r.account] = Number(r.sum);
    refundedCents += Number(r.refunded);
  }
  return { balances, refundedCents };
}

/** Every ledger transaction of an order with its entries (tests and the property check read it). */
export async function findLedger(db: DbOrTx, formId: number) {
  return db
    .select({
      transactionId: ledgerTransactions.id,
      kind: ledgerTransactions.kind,
      account: ledgerEntries.account,
      amountCents: ledgerEntries.amountCents,
    })
    .from(ledgerTransactions)
    .innerJoin(ledgerEntries, eq(ledgerEntries.transactionId, ledgerTransactions.id))
    .where(eq(ledgerTransactions.formId, formId))
    .orderBy(asc(ledgerTransactions.id), asc(ledgerEntries.id));
}

/** The artist's next invoice or credit-note number: one counter per artist, held until commit (no gaps). */
export async function nextInvoiceSeq(db: DbOrTx, artistId: string): Promise<number> {
  const [row] = await db
    .insert(invoiceCounters)
    .values({ artistId, lastSeq: 1 })
    .onConflictDoUpdate({
      target: invoiceCounters.artistId,
      set: { lastSeq: sql`${invoiceCounters.lastSeq} + 1` },
    })
    .returning({ seq: invoiceCounters.lastSeq });
  return row!.seq;
}

export async function insertCreditNote(
  db: DbOrTx,
  note: { formId: number; artistId: string; seq: number; amountCents: number },
): Promise<void> {
  await db.insert(creditNotes).values(note);
}

export async function findCreditNotes(db: DbOrTx, formId: number) {
  return db.select().from(creditNotes).where(eq(creditNotes.formId, formId)).orderBy(asc(creditNotes.id));
}

export type ExtensionRow = typeof orderExtensions.$inferSelect;

/** The order's latest extension (the pending one, or the last answered). */
export async function findLatestExtension(db: DbOrTx, formId: number): Promise<ExtensionRow | null> {
  const [row] = await db
    .select()
    .from(orderExtensions)
    .where(eq(orderExtensions.formId, formId))
    .orderBy(desc(orderExtensions.id))
    .limit(1);
  return row ?? null;
}

export async function insertExtension(db: DbOrTx, e: { formId: number; dueAt: Date; reason: string }) {
  await db.insert(orderExtensions).values(e);
}

/** Answers the pending extension (only while it is pending: of two answers, one wins). */
export async function answerExtension(
  db: DbOrTx,
  id: number,
  status: 'accepted' | 'declined',
): Promise<ExtensionRow | null> {
  const [row] = await db
    .update(orderExtensions)
    .set({ status, answeredAt: sql`now()` })
    .where(and(eq(orderExtensions.id, id), eq(orderExtensions.status, 'pending')))
    .returning();
  return row ?? null;
}

/** Confirmed payments of an artist in [from, to), for the income export and the money page. */
export async function findIncomeEntries(db: DbOrTx, artistId: string, from: Date, to: Date) {
  return db
    .select({
      transactionId: ledgerTransactions.id,
      formId: ledgerTransactions.formId,
      kind: ledgerTransactions.kind,
      createdAt: ledgerTransactions.createdAt,
      account: ledgerEntries.account,
      amountCents: ledgerEntries.amountCents,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(
      and(
        eq(ledgerEntries.artistId, artistId),
        inArray(ledgerEntries.account, ['artist', 'platformFee', 'refunds', 'buyer']),
        gte(ledgerEntries.createdAt, from),
        lt(ledgerEntries.createdAt, to),
      ),
    )
    .orderBy(asc(ledgerTransactions.id));
}

/** The entries of the ledger transaction with this idempotency key (empty when none was written). */
export async function findLedgerEntriesByKey(db: DbOrTx, idempotencyKey: string) {
  return db
    .select({ account: ledgerEntries.account, amountCents: ledgerEntries.amountCents })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(eq(ledgerTransactions.idempotencyKey, idempotencyKey));
}
