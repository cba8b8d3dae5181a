import { Anchor, Badge, Button, Card, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { formatUsd } from '@brushline/shared/cards/pricing';
import { paymentMessages } from '@brushline/shared/payments/messages';
import {
  DUE_SOON_DAYS,
  incomeRangeOk,
  type ArtistMoney,
  type AwaitingPart,
  type BuyerMoney,
} from '@brushline/shared/payments/overview';
import { toPath } from '@brushline/shared/paths';
import { ErrorState, LoadingState } from '../../../components/query-states.tsx';
import badge from '../../../components/readable-badge.module.css';
import { formatDate } from '../../../lib/format-date.ts';
import { PersonLine } from '../../orders/components/person-line.tsx';
import { incomeCsvUrl, moneyOverviewQuery } from '../api/money-queries.ts';
import { payoutAccountQuery, takesCards } from '../api/payout-queries.ts';
import { CardPaymentsLine } from '../components/card-payments-line.tsx';
import { PART_STATUS_COLORS, partStatusText } from '../../orders/money-text.ts';

function Figure({ label, value, detail }: { label: string; value: string; detail: string }) {
  return (
    <Card withBorder padding="sm">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} fz="xl">
        {value}
      </Text>
      <Text size="xs" c="dimmed">
        {detail}
      </Text>
    </Card>
  );
}

/** One order in a list: its title as a link to the order page, the other party, and what is said of it. */
function OrderRow({
  formId,
  cardTitle,
  party,
  children,
}: {
  formId: number;
  cardTitle: string;
  party: AwaitingPart['party'];
  children: ReactNode;
}) {
  return (
    <Group
      justify="space-between"
      wrap="wrap"
      gap="xs"
      py={6}
      style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
    >
      <Stack gap={2} style={{ minWidth: 0, flex: '1 1 14rem' }}>
        <Anchor
          component={Link}
          to={toPath('order', { id: formId })}
          fw={500}
          style={{ overflowWrap: 'anywhere' }}
        >
          {cardTitle}{' '}
          <Text span c="dimmed" size="sm">
            #{formId}
          </Text>
        </Anchor>
        <PersonLine person={party} size={22} />
      </Stack>
      <Group gap="xs" wrap="nowrap">
        {children}
      </Group>
    </Group>
  );
}

function Section({
  title,
  empty,
  count,
  children,
}: {
  title: string;
  empty: string;
  count: number;
  children: ReactNode;
}) {
  return (
    <section aria-label={title}>
      <Title order={3} fz="md" mb={4}>
        {title}
      </Title>
      {count === 0 ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        children
      )}
    </section>
  );
}

/** Parts waiting for a payment, their status in the order page's words for the reader's side. */
function PartRows({ parts, side }: { parts: AwaitingPart[]; side: 'artist' | 'buyer' }) {
  return parts.map((p) => (
    <OrderRow key={`${p.formId}-${p.partIndex}`} formId={p.formId} cardTitle={p.cardTitle} party={p.party}>
      <Text size="sm">{p.partName}</Text>
      <Badge variant="light" color={PART_STATUS_COLORS[p.status]} tt="none" className={badge.readable}>
        {partStatusText(p.status, side, false, p.byCard)}
      </Badge>
      <Text fw={600}>{formatUsd(p.amount)}</Text>
    </OrderRow>
  ));
}

/** Orders with an amount: refunds owed on canceled orders, or card payments held; each order and its amount. */
function AmountRows({ list }: { list: ArtistMoney['refundsOwed'] }) {
  return list.orders.map((r) => (
    <OrderRow key={r.formId} {...r}>
      <Text fw={600}>{formatUsd(r.amount)}</Text>
    </OrderRow>
  ));
}

const ordersText = (count: number, what = '') =>
  `${count} ${what}${what ? ' ' : ''}${count === 1 ? 'order' : 'orders'}`;
const canceledOrders = (count: number) => ordersText(count, 'canceled');

const pad = (n: number) => String(n).padStart(2, '0');
const dayOf = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/** The income export: a date range (this month by default) and the CSV as a plain download link. */
export function IncomeExport({ now = new Date() }: { now?: Date }) {
  const [from, setFrom] = useState(() => dayOf(new Date(now.getFullYear(), now.getMonth(), 1)));
  const [to, setTo] = useState(() => dayOf(new Date(now.getFullYear(), now.getMonth() + 1, 0)));
  const ok = incomeRangeOk(from, to);
  return (
    <section aria-label="Income export">
      <Title order={3} fz="md" mb={4}>
        Income export
      </Title>
      <Text size="sm" c="dimmed" mb="xs">
        Every payment confirmed, refund owed and refund made on your orders, one line each (CSV, UTC days).
      </Text>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput type="date" label="From" value={from} onChange={(e) => setFrom(e.currentTarget.value)} />
        <TextInput
          type="date"
          label="To"
          value={to}
          onChange={(e) => setTo(e.currentTarget.value)}
          error={ok ? undefined : paymentMessages.exportRange}
        />
        {ok ? (
          <Button component="a" href={incomeCsvUrl(from, to)} download variant="light">
            Download CSV
          </Button>
        ) : (
          <Button disabled variant="light">
            Download CSV
          </Button>
        )}
      </Group>
    </section>
  );
}

function ArtistPart({ money: a, byCard }: { money: ArtistMoney; byCard: boolean }) {
  // Card payments (Stripe): what Brushline holds until approval, beside what was received.
  const showHeld = byCard || a.held.count > 0;
  // Each order has its own provider: after a switch to Stripe, refunds of orders paid off-platform
  // are still the artist's to make, beside the ones Brushline makes to buyers' cards.
  const showOwed = !byCard || a.refundsOwed.count > 0;
  const showByCard = byCard || a.refundsByCard.count > 0;
  const figures = 2 + Number(showHeld) + Number(showOwed) + Number(showByCard);
  return (
    <Stack gap="lg">
      <Title order={2} fz="h3">
        As an artist
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, md: Math.min(figures, 5) }} spacing="sm">
        <Figure
          label="Awaiting payment"
          value={formatUsd(a.awaiting.total)}
          detail={
            // Each order has its own provider: parts paid by hand (orders from before a switch to
            // Stripe) keep the off-platform words.
            byCard && a.awaiting.parts.every((p) => p.byCard)
              ? `${a.awaiting.count} due, paid by card`
              : `${a.awaiting.count} asked or marked paid · ${formatUsd(a.awaiting.marked)} to confirm`
          }
        />
        {showHeld && (
          <Figure
            label="Held by Brushline"
            value={formatUsd(a.held.total)}
            detail={`${ordersText(a.held.count)} · yours when approved`}
          />
        )}
        <Figure
          label="Received this month"
          value={formatUsd(a.receivedThisMonth.net)}
          detail={`net of ${formatUsd(a.receivedThisMonth.fees)} fees · ${formatUsd(a.receivedThisMonth.gross)} gross`}
        />
        {showOwed && (
          <Figure
            label="Refunds owed"
            value={formatUsd(a.refundsOwed.total)}
            detail={canceledOrders(a.refundsOwed.count)}
          />
        )}
        {/* By card, Brushline refunds the buyer's card itself: the artist owes nothing by hand. */}
        {showByCard && (
          <Figure
            label="Being refunded"
            value={formatUsd(a.refundsByCard.total)}
            detail={`${ordersText(a.refundsByCard.count)} · by Brushline, to the buyer’s card`}
          />
        )}
      </SimpleGrid>
      <Section title="Awaiting payment" count={a.awaiting.parts.length} empty="Nothing asked for is waiting.">
        <PartRows parts={a.awaiting.parts} side="artist" />
      </Section>
      {showHeld && (
        <Section
          title="Held until approval"
          count={a.held.orders.length}
          empty="No card payment is held for you. Paid parts show here until the buyer approves the work."
        >
          <AmountRows list={a.held} />
        </Section>
      )}
      {showOwed && (
        <Section title="Refunds you owe" count={a.refundsOwed.orders.length} empty="No refund owed.">
          <AmountRows list={a.refundsOwed} />
        </Section>
      )}
      {showByCard && (
        <Section
          title="Being refunded by Brushline"
          count={a.refundsByCard.orders.length}
          empty="No refund is on its way."
        >
          <AmountRows list={a.refundsByCard} />
        </Section>
      )}
      <Section
        title={`Due in the next ${DUE_SOON_DAYS} days`}
        count={a.dueSoon.length}
        empty="No order is due soon."
      >
        {a.dueSoon.map((d) => (
          <OrderRow key={d.formId} {...d}>
            {d.overdue && (
              <Badge color="red" variant="light">
                Overdue
              </Badge>
            )}
            <Text size="sm">{formatDate(d.dueAt)}</Text>
          </OrderRow>
        ))}
      </Section>
      <IncomeExport />
    </Stack>
  );
}

function BuyerPart({ money: b, heading, byCard }: { money: BuyerMoney; heading: string; byCard: boolean }) {
  const showHeld = byCard || b.held.count > 0;
  const showOwed = !byCard || b.refundsOwed.count > 0;
  const showByCard = byCard || b.refundsByCard.count > 0;
  const figures = 2 + Number(showHeld) + Number(showOwed) + Number(showByCard);
  return (
    <Stack gap="lg">
      <Title order={2} fz="h3">
        {heading}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, md: Math.min(figures, 5) }} spacing="sm">
        <Figure
          label="You paid"
          value={formatUsd(b.paid.total)}
          detail={`${b.paid.count} ${b.paid.count === 1 ? 'payment' : 'payments'} confirmed`}
        />
        {showHeld && (
          <Figure
            label="Held by Brushline"
            value={formatUsd(b.held.total)}
            detail={`${ordersText(b.held.count)} · sent to the artist when you approve`}
          />
        )}
        <Figure label="Due from you" value={formatUsd(b.due.total)} detail={`${b.due.count} open`} />
        {showOwed && (
          <Figure
            label="Refunds owed to you"
            value={formatUsd(b.refundsOwed.total)}
            detail={canceledOrders(b.refundsOwed.count)}
          />
        )}
        {showByCard && (
          <Figure
            label="Refunds on their way"
            value={formatUsd(b.refundsByCard.total)}
            detail={`${ordersText(b.refundsByCard.count)} · to your card`}
          />
        )}
      </SimpleGrid>
      <Section title="Due from you" count={b.due.parts.length} empty="Nothing is due from you.">
        <PartRows parts={b.due.parts} side="buyer" />
      </Section>
      {b.held.orders.length > 0 && (
        <Section title="Held until you approve" count={b.held.orders.length} empty="">
          <AmountRows list={b.held} />
        </Section>
      )}
      {b.refundsOwed.orders.length > 0 && (
        <Section title="Refunds owed to you" count={b.refundsOwed.orders.length} empty="">
          <AmountRows list={b.refundsOwed} />
        </Section>
      )}
      {b.refundsByCard.orders.length > 0 && (
        <Section title="Refunds on their way to your card" count={b.refundsByCard.orders.length} empty="">
          <AmountRows list={b.refundsByCard} />
        </Section>
      )}
    </Stack>
  );
}

/** /crm/money: the viewer's money across their orders (docs/features.md, Money; decision 0020). */
export function MoneyPage() {
  const query = useQuery(moneyOverviewQuery());
  // The provider: with Stripe, buyers pay by card and the artist's account must be able to receive.
  const account = useQuery(payoutAccountQuery()).data;
  const byCard = takesCards(account);
  if (query.isPending) return <LoadingState label="Loading your money" />;
  if (query.isError)
    return (
      <ErrorState title="Could not load your money" message={query.error.message} onRetry={query.refetch} />
    );
  const { artist, buyer } = query.data;
  const buyerActive =
    !!buyer &&
    (buyer.paid.count > 0 ||
      buyer.due.count > 0 ||
      buyer.refundsOwed.count > 0 ||
      buyer.refundsByCard.count > 0);
  return (
    <Stack gap="xl">
      {byCard && <CardPaymentsLine account={account} artist={!!artist} />}
      {artist && <ArtistPart money={artist} byCard={byCard} />}
      {buyer && (buyerActive || !artist) && (
        <BuyerPart money={buyer} heading={artist ? 'As a buyer' : 'Your payments'} byCard={byCard} />
      )}
    </Stack>
  );
}
