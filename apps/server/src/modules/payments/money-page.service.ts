import { fromCents } from '@brushline/shared/cards/pricing';
import { csvCell, monthStart } from './money-page.rules.ts';
import {
  DUE_SOON_DAYS,
  INCOME_CSV_COLUMNS,
  MONEY_LIST_MAX,
  type AwaitingPart,
  type IncomeExportQuery,
  type MoneyOverview,
} from '@brushline/shared/payments/overview';
import { planParts } from '@brushline/shared/payments/plan';
import type { Deps } from '../../platform/deps.ts';
import type { Actor } from '../../platform/session.ts';
import { toPerson } from '../users/users.dto.ts';
import {
  findArtistAwaiting,
  findArtistDueSoon,
  findArtistReceived,
  findArtistOrdersOwing,
  findBuyerOpenOrders,
  findBuyerPaid,
  findBuyerOrdersOwing,
  findIncomeMovements,
  findParties,
} from './money-page.repo.ts';
import { moneyOverviewKey, moneyOverviews } from './money-overview-cache.ts';
import { paysByCard } from './payment-provider.rules.ts';
import { creditNoteNumber, invoiceNumber, partStatusOf, reachedStage } from './payments.rules.ts';

type Ctx = Pick<Deps, 'db' | 'config'>;
const DAY_MS = 86_400_000;

/** Orders with money in one account (refunds owed, or held), as the page lists them. */
const owingOf = (o: {
  count: number;
  totalCents: number;
  rows: {
    formId: number;
    cardTitle: string;
    owedCents: string;
    partyId: string;
    partyLogin: string;
    partyDisplayName: string;
    partyAvatarId: string | null;
  }[];
}) => ({
  count: o.count,
  total: fromCents(o.totalCents),
  orders: o.rows.slice(0, MONEY_LIST_MAX).map((r) => ({
    formId: r.formId,
    cardTitle: r.cardTitle,
    party: partyOf(r),
    amount: fromCents(Number(r.owedCents)),
  })),
});

const partyOf = (r: {
  partyId: string;
  partyLogin: string;
  partyDisplayName: string;
  partyAvatarId: string | null;
}) =>
  toPerson({
    id: r.partyId,
    login: r.partyLogin,
    displayName: r.partyDisplayName,
    avatarId: r.partyAvatarId,
  });

async function artistMoney(
  ctx: Ctx,
  artistId: string,
  now: Date,
): Promise<NonNullable<MoneyOverview['artist']>> {
  const from = monthStart(now);
  const [awaitingRows, received, owed, byCard, held, dueRows] = await Promise.all([
    findArtistAwaiting(ctx.db, artistId),
    findArtistReceived(ctx.db, artistId, from),
    // Refunds the artist makes by hand, and those Brushline makes to the buyer's card (each order
    // has its own provider: a site that switched to Stripe has both).
    findArtistOrdersOwing(ctx.db, artistId, 'refunds', MONEY_LIST_MAX, false),
    findArtistOrdersOwing(ctx.db, artistId, 'refunds', MONEY_LIST_MAX, true),
    // Held money is a card order's, whatever the site's provider is now (one provider per order).
    findArtistOrdersOwing(ctx.db, artistId, 'held', MONEY_LIST_MAX),
    findArtistDueSoon(ctx.db, artistId, new Date(now.getTime() + DUE_SOON_DAYS * DAY_MS), MONEY_LIST_MAX),
  ]);
  let requestedCents = 0;
  let markedCents = 0;
  const awaiting = awaitingRows.flatMap((r) => {
    const part = r.plan ? planParts(r.plan, r.totalCents)[r.partIndex] : undefined;
    if (!part) return [];
    const status = r.markedAt ? ('marked' as const) : ('requested' as const);
    if (status === 'marked') markedCents += part.amountCents;
    else requestedCents += part.amountCents;
    return [{ ...r, part, status }];
  });
  // Marked ones first: they wait for the artist's confirmation (the sort is stable: oldest first).
  awaiting.sort((a, b) => Number(b.status === 'marked') - Number(a.status === 'marked'));
  const shown = awaiting.slice(0, MONEY_LIST_MAX);
  const people = new Map(
    (
      await findParties(
        ctx.db,
        shown.map((r) => r.partyId),
      )
    ).map((p) => [p.partyId, partyOf(p)]),
  );
  const parts: AwaitingPart[] = shown.flatMap((r) => {
    const person = people.get(r.partyId);
    if (!person) return [];
    return [
      {
        formId: r.formId,
        cardTitle: r.cardTitle,
        party: person,
        partIndex: r.part.index,
        partName: r.part.name,
        amount: fromCents(r.part.amountCents),
        status: r.status,
        since: (r.markedAt ?? r.requestedAt)?.toISOString() ?? null,
        byCard: paysByCard(ctx.config, r),
      },
    ];
  });
  return {
    awaiting: {
      count: awaiting.length,
      total: fromCents(requestedCents + markedCents),
      requested: fromCents(requestedCents),
      marked: fromCents(markedCents),
      parts,
    },
    receivedThisMonth: {
      count: received.count,
      gross: fromCents(received.netCents + received.feeCents),
      fees: fromCents(received.feeCents),
      net: fromCents(received.netCents),
      from: from.toISOString(),
    },
    refundsOwed: owingOf(owed),
    refundsByCard: owingOf(byCard),
    held: owingOf(held),
    dueSoon: dueRows.map((r) => ({
      formId: r.formId,
      cardTitle: r.cardTitle,
      party: partyOf(r),
      dueAt: r.dueAt.toISOString(),
      overdue: r.dueAt < now,
    })),
  };
}

async function buyerMoney(ctx: Ctx, buyerId: string): Promise<MoneyOverview['buyer']> {
  const [paid, owedRows, heldRows, open] = await Promise.all([
    findBuyerPaid(ctx.db, buyerId),
    findBuyerOrdersOwing(ctx.db, buyerId, 'refunds'),
    findBuyerOrdersOwing(ctx.db, buyerId, 'held'),
    findBuyerOpenOrders(ctx.db, buyerId),
  ]);
  const due: AwaitingPart[] = [];
  let dueCents = 0;
  const at = (s: string | null) => (s ? new Date(s) : null);
  for (const o of open) {
    if (!o.plan) continue;
    const reached = reachedStage({ taskStatus: o.taskStatus, hasWip: o.hasWip });
    const rows = new Map(o.payments.map((p) => [p.partIndex, p]));
    for (const part of planParts(o.plan, o.totalCents)) {
      const p = rows.get(part.index);
      const row = p && {
        formId: o.formId,
        partIndex: part.index,
        instructions: null,
        reference: null,
        requestedAt: at(p.requestedAt),
        markedAt: at(p.markedAt),
        confirmedAt: at(p.confirmedAt),
        invoiceSeq: null,
      };
      const status = partStatusOf(part, row, reached);
      if (status === 'scheduled' || status === 'confirmed') continue;
      dueCents += part.amountCents;
      due.push({
        formId: o.formId,
        cardTitle: o.cardTitle,
        party: partyOf(o),
        partIndex: part.index,
        partName: part.name,
        amount: fromCents(part.amountCents),
        status,
        since: (row?.markedAt ?? row?.requestedAt)?.toISOString() ?? null,
        byCard: paysByCard(ctx.config, o),
      });
    }
  }
  const listed = (rows: typeof owedRows) =>
    owingOf({ count: rows.length, totalCents: rows.reduce((s, r) => s + Number(r.owedCents), 0), rows });
  return {
    paid: { count: paid.payments, total: fromCents(paid.paidCents) },
    due: { count: due.length, total: fromCents(dueCents), parts: due.slice(0, MONEY_LIST_MAX) },
    refundsOwed: listed(owedRows.filter((r) => !r.byCard)),
    refundsByCard: listed(owedRows.filter((r) => r.byCard)),
    held: listed(heldRows),
  };
}

/**
 * GET /crm/money: the viewer's money across their orders. Artists get what awaits payment, what
 * they received this month, refunds they owe, card payments held for them and due dates coming;
 * everyone gets what they paid, what is due from them, refunds owed to them and what they paid by
 * card that is held. Kept ten seconds per viewer
 * (money-overview-cache.ts) unless a money action or a move of one of their orders drops it; a
 * caller's own `now` (tests) reads afresh.
 */
export async function readMoneyOverview(
  ctx: Ctx & Pick<Deps, 'bus'>,
  actor: Actor,
  now?: Date,
): Promise<MoneyOverview> {
  const asArtist = actor.roles.includes('artist');
  const read = async () => {
    const at = now ?? new Date();
    const [artist, buyer] = await Promise.all([
      asArtist ? artistMoney(ctx, actor.id, at) : Promise.resolve(null),
      buyerMoney(ctx, actor.id),
    ]);
    return { artist, buyer };
  };
  if (now) return read();
  return moneyOverviews(ctx.bus).load(moneyOverviewKey(actor.id, asArtist), read);
}

// ——— The income export ———

const MOVEMENTS: Record<string, string> = {
  payment: 'Payment confirmed',
  refundOwed: 'Refund owed',
  refund: 'Refund made',
  release: 'Released',
};

/**
 * The artist's income in a date range (UTC days, both included) as CSV: one line per ledger
 * movement of their orders. gross = net + fee; a refund owed reverses what its payments brought
 * (negative gross, fee and net) and states the amount owed under "refunds"; a refund made states
 * what was paid back. Text cells are guarded against formula injection.
 */
export async function incomeCsv(
  ctx: Ctx,
  actor: Actor,
  range: IncomeExportQuery,
): Promise<{ filename: string; csv: string }> {
  const from = new Date(`${range.from}T00:00:00Z`);
  const to = new Date(Date.parse(`${range.to}T00:00:00Z`) + DAY_MS);
  const rows = await findIncomeMovements(ctx.db, actor.id, from, to);
  const lines = [INCOME_CSV_COLUMNS.join(',')];
  for (const r of rows) {
    const net = Number(r.artistCents);
    const fee = Number(r.feeCents);
    const refunds = r.kind === 'refund' ? Number(r.buyerCents) : Number(r.refundsCents);
    const document =
      r.invoiceSeq !== null
        ? invoiceNumber(actor.login, r.invoiceSeq)
        : r.creditNoteSeq !== null
          ? creditNoteNumber(actor.login, r.creditNoteSeq)
          : '';
    lines.push(
      [
        csvCell(r.createdAt.toISOString().slice(0, 10)),
        csvCell(MOVEMENTS[r.kind] ?? r.kind),
        csvCell(String(r.formId)),
        csvCell(r.cardTitle ?? ''),
        csvCell(r.partyLogin ?? ''),
        csvCell(fromCents(net + fee)),
        csvCell(fromCents(fee)),
        csvCell(fromCents(net)),
        csvCell(fromCents(refunds)),
        csvCell(document),
      ].join(','),
    );
  }
  // A byte-order mark so spreadsheet programs read the titles as UTF-8; CRLF per RFC 4180.
  return {
    filename: `brushline-income-${range.from}-to-${range.to}.csv`,
    csv: `\uFEFF${lines.join('\r\n')}\r\n`,
  };
}
