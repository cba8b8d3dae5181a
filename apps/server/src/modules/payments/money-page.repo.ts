import { and, asc, desc, eq, gt, gte, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { preparedPer, type DbOrTx } from '../../db/client.ts';
import { commissionForms, commissionTasks, orderUpdates } from '../../db/schema/orders.ts';
import { creditNotes, ledgerEntries, ledgerTransactions, orderPayments } from '../../db/schema/payments.ts';
import { ownPictureId, users } from '../../db/schema/users.ts';

/**
 * The money page (GET /crm/money), the income export and the invoices: reads across an artist's or
 * a buyer's orders. They join the orders' tables directly (not through the orders service) so each
 * figure is one statement whatever the number of orders; decision 0020 and docs/benchmarks/money.md.
 * The overview's statements are prepared once per database handle (preparedPer): building their
 * text cost more Node time than PostgreSQL took to run them.
 */
const artistId = sql.placeholder('artistId');
const buyerId = sql.placeholder('buyerId');
const limit = sql.placeholder('limit');
/** A time as a placeholder: an ISO text cast by PostgreSQL (PGlite and node-postgres alike). */
const at = (name: string) => sql`${sql.placeholder(name)}::timestamptz`;

const party = alias(users, 'party');
const partyColumns = {
  partyId: party.id,
  partyLogin: party.login,
  partyDisplayName: party.displayName,
  partyAvatarId: ownPictureId(party),
};
const OPEN = ['waiting', 'processing', 'finished', 'done'] as const;
const UNDELIVERED = ['waiting', 'processing'] as const;

/**
 * Parts of the artist's open orders that were asked for or marked paid and are not confirmed yet,
 * with what their amount is computed from (the order's total and its copy of the plan). All of
 * them count in the sums; the buyers are read after (findParties) for the rows shown only.
 */
const artistAwaiting = preparedPer((db) =>
  db
    .select({
      formId: commissionForms.id,
      cardTitle: commissionForms.cardTitle,
      plan: commissionForms.paymentPlan,
      totalCents: commissionForms.totalPriceCents,
      partIndex: orderPayments.partIndex,
      requestedAt: orderPayments.requestedAt,
      markedAt: orderPayments.markedAt,
      paymentProvider: commissionForms.paymentProvider,
      partyId: commissionForms.senderId,
    })
    .from(orderPayments)
    .innerJoin(commissionForms, eq(commissionForms.id, orderPayments.formId))
    .where(
      and(
        eq(commissionForms.artistId, artistId),
        isNull(orderPayments.confirmedAt),
        or(isNotNull(orderPayments.requestedAt), isNotNull(orderPayments.markedAt)),
        // The order's status looked up per awaiting part (its primary key): a join made the
        // planner hash every order's task of the platform (2.5 ms against 1.4 ms on 10,000 orders).
        inArray(
          sql`(select ${commissionTasks.status} from ${commissionTasks} where ${commissionTasks.formId} = ${commissionForms.id})`,
          OPEN,
        ),
      ),
    )
    .orderBy(asc(sql`coalesce(${orderPayments.markedAt}, ${orderPayments.requestedAt})`))
    .prepare('money_artist_awaiting'),
);
export async function findArtistAwaiting(db: DbOrTx, artist: string) {
  return artistAwaiting(db).execute({ artistId: artist });
}

/** What reached the artist since `from`: payments (net and fee), from the ledger's positive entries. */
const artistReceived = preparedPer((db) =>
  db
    .select({
      count: sql<number>`count(distinct ${ledgerEntries.transactionId})::int`,
      netCents: sql<string>`coalesce(sum(${ledgerEntries.amountCents}) filter (where ${ledgerEntries.account} = 'artist'), 0)`,
      feeCents: sql<string>`coalesce(sum(${ledgerEntries.amountCents}) filter (where ${ledgerEntries.account} = 'platformFee'), 0)`,
    })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.artistId, artistId),
        inArray(ledgerEntries.account, ['artist', 'platformFee']),
        gte(ledgerEntries.createdAt, at('from')),
        gt(ledgerEntries.amountCents, 0),
      ),
    )
    .prepare('money_artist_received'),
);
export async function findArtistReceived(db: DbOrTx, artist: string, from: Date) {
  const [row] = await artistReceived(db).execute({ artistId: artist, from: from.toISOString() });
  return {
    count: row?.count ?? 0,
    netCents: Number(row?.netCents ?? 0),
    feeCents: Number(row?.feeCents ?? 0),
  };
}

/**
 * The artist's orders whose `account` is above zero: `refunds` (refunds owed) or `held` (card
 * payments Brushline holds until approval): how many and how much in all, and the first `rowsMax`
 * of them (oldest order first) with their buyers. Not prepared: a generic plan walks every
 * artist's ledger entries in order id order to stop early (15 ms, against 0.9 ms planned for this
 * artist, on 10,000 orders).
 */
export async function findArtistOrdersOwing(
  db: DbOrTx,
  artist: string,
  account: 'refunds' | 'held',
  rowsMax: number,
  /** Only card orders (true) or only the others (false): who makes a refund owed. */
  byCard?: boolean,
) {
  const owed = db
    .select({
      formId: ledgerEntries.formId,
      owedCents: sql<string>`sum(${ledgerEntries.amountCents})`.as('owed_cents'),
      count: sql<number>`(count(*) over ())::int`.as('owed_count'),
      totalCents: sql<string>`sum(sum(${ledgerEntries.amountCents})) over ()`.as('owed_total_cents'),
    })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.artistId, artist),
        eq(ledgerEntries.account, account),
        byCard === undefined
          ? undefined
          : sql`exists (select 1 from ${commissionForms} where ${commissionForms.id} = ${ledgerEntries.formId}
              and (${commissionForms.paymentProvider} = 'stripe') = ${byCard})`,
      ),
    )
    .groupBy(ledgerEntries.formId)
    .having(sql`sum(${ledgerEntries.amountCents}) > 0`)
    .orderBy(asc(ledgerEntries.formId))
    .limit(rowsMax)
    .as('owed');
  const rows = await db
    .select({
      formId: commissionForms.id,
      cardTitle: commissionForms.cardTitle,
      owedCents: owed.owedCents,
      count: owed.count,
      totalCents: owed.totalCents,
      ...partyColumns,
    })
    .from(owed)
    .innerJoin(commissionForms, eq(commissionForms.id, owed.formId))
    .innerJoin(party, eq(party.id, commissionForms.senderId))
    .orderBy(asc(commissionForms.id));
  return {
    count: rows[0]?.count ?? 0,
    totalCents: Number(rows[0]?.totalCents ?? 0),
    rows,
  };
}

/** Accepted, undelivered orders of the artist due before `until` (overdue ones first), at most `limit`. */
const artistDueSoon = preparedPer((db) =>
  db
    .select({
      formId: commissionForms.id,
      cardTitle: commissionForms.cardTitle,
      dueAt: sql<Date>`${commissionForms.dueAt}`.mapWith(commissionForms.dueAt),
      ...partyColumns,
    })
    .from(commissionForms)
    .innerJoin(commissionTasks, eq(commissionTasks.formId, commissionForms.id))
    .innerJoin(party, eq(party.id, commissionForms.senderId))
    .where(
      and(
        eq(commissionForms.artistId, artistId),
        lt(commissionForms.dueAt, at('until')),
        inArray(commissionTasks.status, UNDELIVERED),
      ),
    )
    .orderBy(asc(commissionForms.dueAt), asc(commissionForms.id))
    .limit(limit)
    .prepare('money_artist_due_soon'),
);
export async function findArtistDueSoon(db: DbOrTx, artist: string, until: Date, rowsMax: number) {
  return artistDueSoon(db).execute({ artistId: artist, until: until.toISOString(), limit: rowsMax });
}

/**
 * The buyer's ledger sums in one pass: how many payments, and what is paid as each order's page
 * counts it (ledger.rules figuresOf: put in, less what went back or is owed back).
 */
const buyerPaid = preparedPer((db) =>
  db
    .select({
      payments: sql<number>`count(*) filter (where ${ledgerEntries.account} = 'buyer' and ${ledgerEntries.amountCents} < 0)::int`,
      paidCents: sql<string>`coalesce(-sum(${ledgerEntries.amountCents}), 0)`,
    })
    .from(commissionForms)
    .innerJoin(ledgerEntries, eq(ledgerEntries.formId, commissionForms.id))
    .where(and(eq(commissionForms.senderId, buyerId), inArray(ledgerEntries.account, ['buyer', 'refunds'])))
    .prepare('money_buyer_paid'),
);
export async function findBuyerPaid(db: DbOrTx, buyer: string) {
  const [row] = await buyerPaid(db).execute({ buyerId: buyer });
  return { payments: row?.payments ?? 0, paidCents: Number(row?.paidCents ?? 0) };
}

/** The buyer's orders whose `account` is above zero: refunds owed to them, or card payments held. */
const buyerOrdersOwing = preparedPer((db) =>
  db
    .select({
      formId: commissionForms.id,
      cardTitle: commissionForms.cardTitle,
      owedCents: sql<string>`sum(${ledgerEntries.amountCents})`,
      /** A card order: Brushline refunds it (one provider per order, decision 0031). */
      byCard: sql<boolean>`coalesce(${commissionForms.paymentProvider} = 'stripe', false)`,
      ...partyColumns,
    })
    .from(commissionForms)
    .innerJoin(ledgerEntries, eq(ledgerEntries.formId, commissionForms.id))
    .innerJoin(party, eq(party.id, commissionForms.artistId))
    .where(and(eq(commissionForms.senderId, buyerId), eq(ledgerEntries.account, sql.placeholder('account'))))
    .groupBy(commissionForms.id, party.id)
    .having(sql`sum(${ledgerEntries.amountCents}) > 0`)
    .orderBy(asc(commissionForms.id))
    .prepare('money_buyer_orders_owing'),
);
export async function findBuyerOrdersOwing(db: DbOrTx, buyer: string, account: 'refunds' | 'held') {
  return buyerOrdersOwing(db).execute({ buyerId: buyer, account });
}

/**
 * The buyer's accepted orders with a plan, with what was recorded on each part and whether a work
 * in progress was shared (what makes a part due), for the parts still to pay.
 */
const buyerOpenOrders = preparedPer((db) =>
  db
    .select({
      formId: commissionForms.id,
      cardTitle: commissionForms.cardTitle,
      plan: commissionForms.paymentPlan,
      totalCents: commissionForms.totalPriceCents,
      taskStatus: commissionTasks.status,
      paymentProvider: commissionForms.paymentProvider,
      hasWip: sql<boolean>`exists (select 1 from ${orderUpdates} where ${orderUpdates.formId} = ${commissionForms.id} and ${orderUpdates.kind} = 'wip')`,
      payments: sql<
        {
          partIndex: number;
          requestedAt: string | null;
          markedAt: string | null;
          confirmedAt: string | null;
        }[]
      >`coalesce((select json_agg(json_build_object('partIndex', p.part_index, 'requestedAt', p.requested_at, 'markedAt', p.marked_at, 'confirmedAt', p.confirmed_at)) from ${orderPayments} p where p.form_id = ${commissionForms.id}), '[]'::json)`,
      ...partyColumns,
    })
    .from(commissionForms)
    .innerJoin(commissionTasks, eq(commissionTasks.formId, commissionForms.id))
    .innerJoin(party, eq(party.id, commissionForms.artistId))
    .where(
      and(
        eq(commissionForms.senderId, buyerId),
        isNotNull(commissionForms.paymentPlan),
        inArray(commissionTasks.status, OPEN),
      ),
    )
    .orderBy(desc(commissionForms.createdAt))
    .prepare('money_buyer_open_orders'),
);
export async function findBuyerOpenOrders(db: DbOrTx, buyer: string) {
  return buyerOpenOrders(db).execute({ buyerId: buyer });
}

/**
 * Every ledger movement of the artist's orders in [from, to), one row per transaction: the sums per
 * account, the order, the buyer, and its document (the payment's invoice or the refund's credit note).
 */
export async function findIncomeMovements(db: DbOrTx, artistId: string, from: Date, to: Date) {
  const sumOf = (account: string) =>
    sql<string>`coalesce(sum(${ledgerEntries.amountCents}) filter (where ${ledgerEntries.account} = ${account}), 0)`;
  const moves = db
    .select({
      transactionId: ledgerEntries.transactionId,
      artistCents: sumOf('artist').as('artist_cents'),
      feeCents: sumOf('platformFee').as('fee_cents'),
      refundsCents: sumOf('refunds').as('refunds_cents'),
      buyerCents: sumOf('buyer').as('buyer_cents'),
    })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.artistId, artistId),
        gte(ledgerEntries.createdAt, from),
        lt(ledgerEntries.createdAt, to),
      ),
    )
    .groupBy(ledgerEntries.transactionId)
    .as('moves');
  return db
    .select({
      transactionId: ledgerTransactions.id,
      kind: ledgerTransactions.kind,
      createdAt: ledgerTransactions.createdAt,
      formId: ledgerTransactions.formId,
      artistCents: moves.artistCents,
      feeCents: moves.feeCents,
      refundsCents: moves.refundsCents,
      buyerCents: moves.buyerCents,
      cardTitle: commissionForms.cardTitle,
      partyLogin: party.login,
      invoiceSeq: orderPayments.invoiceSeq,
      creditNoteSeq: creditNotes.seq,
    })
    .from(moves)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, moves.transactionId))
    .leftJoin(commissionForms, eq(commissionForms.id, ledgerTransactions.formId))
    .leftJoin(party, eq(party.id, commissionForms.senderId))
    .leftJoin(
      orderPayments,
      and(
        eq(ledgerTransactions.kind, 'payment'),
        eq(orderPayments.formId, ledgerTransactions.formId),
        eq(orderPayments.partIndex, ledgerTransactions.partIndex),
      ),
    )
    .leftJoin(
      creditNotes,
      and(eq(ledgerTransactions.kind, 'refund'), eq(creditNotes.formId, ledgerTransactions.formId)),
    )
    .orderBy(asc(ledgerTransactions.createdAt), asc(ledgerTransactions.id));
}

/** The confirmed part of an order whose invoice has this number, with its ledger figures. */
export async function findInvoicedPart(db: DbOrTx, formId: number, seq: number) {
  const [row] = await db
    .select({
      partIndex: orderPayments.partIndex,
      confirmedAt: orderPayments.confirmedAt,
      reference: orderPayments.reference,
    })
    .from(orderPayments)
    .where(and(eq(orderPayments.formId, formId), eq(orderPayments.invoiceSeq, seq)))
    .limit(1);
  if (!row?.confirmedAt) return null;
  const entries = await db
    .select({ account: ledgerEntries.account, amountCents: ledgerEntries.amountCents })
    .from(ledgerTransactions)
    .innerJoin(ledgerEntries, eq(ledgerEntries.transactionId, ledgerTransactions.id))
    .where(
      and(
        eq(ledgerTransactions.formId, formId),
        eq(ledgerTransactions.kind, 'payment'),
        eq(ledgerTransactions.partIndex, row.partIndex),
      ),
    );
  const sum = (account: string) =>
    entries.filter((e) => e.account === account).reduce((s, e) => s + e.amountCents, 0);
  return {
    ...row,
    confirmedAt: row.confirmedAt,
    grossCents: -sum('buyer'),
    feeCents: sum('platformFee'),
  };
}

/** The order's credit note with this number. */
export async function findCreditNote(db: DbOrTx, formId: number, artistId: string, seq: number) {
  const [row] = await db
    .select()
    .from(creditNotes)
    .where(and(eq(creditNotes.formId, formId), eq(creditNotes.artistId, artistId), eq(creditNotes.seq, seq)))
    .limit(1);
  return row ?? null;
}

/** The invoice numbers (sequence) of the order's confirmed parts, by part. */
export async function findInvoiceSeqs(db: DbOrTx, formId: number) {
  return db
    .select({ partIndex: orderPayments.partIndex, seq: orderPayments.invoiceSeq })
    .from(orderPayments)
    .where(and(eq(orderPayments.formId, formId), isNotNull(orderPayments.invoiceSeq)))
    .orderBy(asc(orderPayments.partIndex));
}

/** People by id, as answers name them (the rows a list shows). */
export async function findParties(db: DbOrTx, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .select(partyColumns)
    .from(party)
    .where(inArray(party.id, [...new Set(ids)]));
}
