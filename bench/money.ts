// Money benchmark (decision 0020): on a fresh PostgreSQL database (BENCH_DATABASE_URL or DATABASE_URL;
// created for the run and dropped after), one artist with 10,000 orders from 1,000 buyers at every
// status, with payment parts asked, marked and confirmed, their ledger transactions, refunds owed
// and made. Measures
//  (a) an order state change with its ledger transaction against the same change without one, in
//      one run: the buyer's overdue cancel of an order whose deposit was confirmed (the cancel writes
//      a refund-owed transaction) against an order with nothing paid (no ledger write), interleaved,
//      one request at a time; the ratio of medians;
//  (b) GET /api/crm/money p99 for that artist (target ≤ 50 ms), beside GET /api/health and the
//      income CSV of a month in the same run.
// Run: `npm run bench:money` (BENCH_SECONDS, default 10; BENCH_CANCELS, default 300 of each kind).
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { startSession } from '../apps/server/src/platform/session.ts';
import { percentile } from './chat-tools.ts';
import { postgresBench } from './fresh-postgres.ts';
import { measure } from './measure.ts';

const P99_MAX_MS = 50;
const ORDERS = 10_000;
const BUYERS = 1_000;
const CANCELS = Number(process.env.BENCH_CANCELS ?? 300);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = 10;

const bench = await postgresBench('money');
try {
  const t0 = Date.now();
  const db = bench.database.db;
  await db.execute(sql`
    insert into users (login, email, display_name, password_hash)
    select 'buyer' || g, 'buyer' || g || '@example.test', 'Buyer ' || g, 'not-a-password-hash'
    from generate_series(1, ${BUYERS}) g
    union all select 'bench_artist', 'bench_artist@example.test', 'Bench Artist', 'not-a-password-hash'
    union all select 'bench_canceler', 'bench_canceler@example.test', 'Canceler', 'not-a-password-hash'`);
  await db.execute(
    sql`insert into user_roles (user_id, role) select id, 'artist' from users where login = 'bench_artist'`,
  );
  // Orders: g carried in the description. As a long-standing artist's, most are done: g % 100 0–1
  // new, 2–4 waiting, 5–6 processing, 7 delivered, 8–94 done, 95–99 canceled. Accepted, undelivered
  // ones are due from 5 days ago to 24 days ahead; the later ones keep their past due dates (an order
  // keeps its due date once delivered), which the money page's due list must skip.
  await db.execute(sql`
    with a as (select id from users where login = 'bench_artist')
    insert into commission_forms (card_title, artist_id, sender_id, description, total_price_cents, payment_plan,
      delivery_days, due_at, created_at)
    select 'Portrait #' || g, a.id, b.id, g::text, 4000 + (g * 37) % 16000,
      '{"kind":"deposit","depositPercent":50}'::jsonb, 7,
      case when g % 100 between 2 and 6 then now() + ((g % 30) - 5) * interval '1 day'
        when g % 100 >= 7 then now() - (g % 1095) * interval '1 day' end,
      now() - g * interval '10 minutes'
    from generate_series(1, ${ORDERS}) g cross join a
    join users b on b.login = 'buyer' || (1 + g % ${BUYERS})`);
  const statusOf = sql`(case when g % 100 <= 1 then 'none' when g % 100 <= 4 then 'waiting'
    when g % 100 <= 6 then 'processing' when g % 100 = 7 then 'finished' when g % 100 <= 94 then 'done'
    else 'canceled' end)::task_status`;
  await db.execute(sql`
    insert into commission_tasks (form_id, status)
    select f.id, ${statusOf} from commission_forms f cross join lateral (select f.description::int as g) x`);
  // Part 0 (the deposit) asked or marked on waiting orders, confirmed from processing on; part 1
  // asked on delivered orders, confirmed on done ones. Confirmed over three years; half the
  // canceled orders' refunds made.
  await db.execute(sql`
    insert into order_payments (form_id, part_index, instructions, requested_at, marked_at, confirmed_at, invoice_seq)
    select f.id, 0, 'paypal.me/bench', now() - interval '61 days',
      case when g % 100 between 2 and 4 and g % 2 = 1 then now() - interval '1 day' end,
      case when g % 100 >= 5 then now() - (g % 1095) * interval '1 day' end,
      case when g % 100 >= 5 then 2 * g end
    from commission_forms f cross join lateral (select f.description::int as g) x where g % 100 >= 2
    union all
    select f.id, 1, 'paypal.me/bench', now() - interval '61 days', null,
      case when g % 100 between 8 and 94 then now() - (g % 1095) * interval '1 day' end,
      case when g % 100 between 8 and 94 then 2 * g + 1 end
    from commission_forms f cross join lateral (select f.description::int as g) x where g % 100 between 7 and 94`);
  await db.execute(sql`
    insert into ledger_transactions (form_id, kind, idempotency_key, part_index, created_at)
    select p.form_id, 'payment', 'payment:' || p.form_id || ':' || p.part_index, p.part_index, p.confirmed_at
    from order_payments p where p.confirmed_at is not null
    union all
    select f.id, 'refundOwed', 'refundOwed:' || f.id, null, now() - (g % 20) * interval '1 hour'
    from commission_forms f cross join lateral (select f.description::int as g) x where g % 100 >= 95
    union all
    select f.id, 'refund', 'refund:' || f.id, null, now() - (g % 10) * interval '1 minute'
    from commission_forms f cross join lateral (select f.description::int as g) x where g % 100 >= 95 and g % 2 = 0`);
  // Entries: a payment moves the part from the buyer to the artist (no fee here); a refund owed
  // moves the deposit from the artist to refunds; a refund from refunds back to the buyer.
  await db.execute(sql`
    with t as (
      select t.id, t.kind, t.created_at, f.id as form_id, f.artist_id,
        case when t.part_index = 1 then f.total_price_cents - f.total_price_cents * 50 / 100
          else f.total_price_cents * 50 / 100 end as amount
      from ledger_transactions t join commission_forms f on f.id = t.form_id)
    insert into ledger_entries (transaction_id, form_id, artist_id, account, amount_cents, created_at)
    select id, form_id, artist_id, a.account, a.sign * amount, created_at
    from t cross join lateral (values
      (case kind when 'payment' then 'buyer' when 'refundOwed' then 'artist' else 'refunds' end, -1),
      (case kind when 'payment' then 'artist' when 'refundOwed' then 'refunds' else 'buyer' end, 1)) a(account, sign)`);
  // For (a): the canceler's orders, all waiting and past due: half with the deposit confirmed.
  await db.execute(sql`
    with a as (select id from users where login = 'bench_artist'), c as (select id from users where login = 'bench_canceler'),
    f as (
      insert into commission_forms (card_title, artist_id, sender_id, description, total_price_cents, payment_plan,
        delivery_days, due_at)
      select 'Cancel ' || (case when g % 2 = 0 then 'paid' else 'unpaid' end) || ' #' || g, a.id, c.id, 'c' || g,
        5000, '{"kind":"deposit","depositPercent":50}'::jsonb, 7, now() - interval '1 day'
      from generate_series(1, ${2 * CANCELS}) g cross join a cross join c
      returning id, card_title)
    insert into commission_tasks (form_id, status) select id, 'waiting' from f`);
  await db.execute(sql`
    insert into order_payments (form_id, part_index, confirmed_at, invoice_seq)
    select id, 0, now(), 100000 + id from commission_forms where card_title like 'Cancel paid%'`);
  await db.execute(sql`
    insert into ledger_transactions (form_id, kind, idempotency_key, part_index)
    select id, 'payment', 'payment:' || id || ':0', 0 from commission_forms where card_title like 'Cancel paid%'`);
  await db.execute(sql`
    insert into ledger_entries (transaction_id, form_id, artist_id, account, amount_cents)
    select t.id, f.id, f.artist_id, a.account, a.amount
    from ledger_transactions t join commission_forms f on f.id = t.form_id and f.card_title like 'Cancel paid%'
    cross join (values ('buyer', -2500), ('artist', 2500)) a(account, amount)`);
  await db.execute(sql`analyze`);
  const ids = await db.execute<{ id: string; login: string }>(
    sql`select id, login from users where login in ('bench_artist', 'bench_canceler')`,
  );
  const idOf = (login: string) => ids.rows.find((r) => r.login === login)!.id;
  const artistCookie = { cookie: `sid=${await startSession(db, idOf('bench_artist'))}` };
  const cancelerCookie = { cookie: `sid=${await startSession(db, idOf('bench_canceler'))}` };
  const forms = await db.execute<{ id: number; paid: boolean }>(
    sql`select id, card_title like 'Cancel paid%' as paid from commission_forms where card_title like 'Cancel %' order by id`,
  );
  const paid = forms.rows.filter((r) => r.paid).map((r) => r.id);
  const unpaid = forms.rows.filter((r) => !r.paid).map((r) => r.id);
  const entries = await db.execute<{ n: number }>(sql`select count(*)::int as n from ledger_entries`);
  console.log(
    `money benchmark on PostgreSQL: ${ORDERS} orders of one artist from ${BUYERS} buyers, ${entries.rows[0]!.n} ledger entries, seeded in ${((Date.now() - t0) / 1000).toFixed(1)} s; load ${loadavg()[0]!.toFixed(2)}`,
  );

  const base = await bench.serve();
  const opts = { seconds, connections };
  const health = await measure(base, 'GET /api/health', '/api/health', opts);
  const money = await measure(
    base,
    'GET /api/crm/money (10,000 orders)',
    '/api/crm/money',
    opts,
    artistCookie,
  );
  // One request at a time: the latency of the page itself, without queueing behind the others.
  const single = await measure(
    base,
    'GET /api/crm/money, 1 connection',
    '/api/crm/money',
    { seconds, connections: 1, warmup: 0 },
    artistCookie,
  );
  const month = new Date().toISOString().slice(0, 8);
  const csv = await measure(
    base,
    'GET /api/crm/money/income.csv (month)',
    `/api/crm/money/income.csv?from=${month}01&to=${month}28`,
    opts,
    artistCookie,
  );

  // (a) The same move with and without its ledger transaction, interleaved one at a time.
  const cancel = async (id: number) => {
    const start = performance.now();
    const res = await fetch(`${base}/api/comissionform/${id}/cancel-overdue`, {
      method: 'PUT',
      headers: { ...cancelerCookie, 'content-type': 'application/json' },
      body: '{}',
    });
    const ms = performance.now() - start;
    if (res.status !== 200) throw new Error(`cancel ${id}: ${res.status} ${await res.text()}`);
    return ms;
  };
  const withLedger: number[] = [];
  const without: number[] = [];
  for (let i = 0; i < CANCELS; i += 1) {
    // Alternate which goes first, so neither side always meets a warmer cache.
    if (i % 2 === 0) {
      withLedger.push(await cancel(paid[i]!));
      without.push(await cancel(unpaid[i]!));
    } else {
      without.push(await cancel(unpaid[i]!));
      withLedger.push(await cancel(paid[i]!));
    }
  }
  const owed = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from ledger_transactions t join commission_forms f on f.id = t.form_id
        where t.kind = 'refundOwed' and f.card_title like 'Cancel paid%'`,
  );
  const median = (xs: number[]) => percentile(xs, 50);
  const row = (label: string, xs: number[]) =>
    console.log(
      `  ${label.padEnd(34)} median ${median(xs).toFixed(2).padStart(6)} ms   p99 ${percentile(xs, 99).toFixed(2).padStart(6)} ms`,
    );
  console.log(
    `overdue cancel, ${CANCELS} of each, one at a time (refund-owed transactions written: ${owed.rows[0]!.n}):`,
  );
  row('with its ledger transaction', withLedger);
  row('without (nothing paid)', without);
  const ratio = median(withLedger) / median(without);
  console.log(`  ratio of medians: ${ratio.toFixed(2)}×`);

  console.log(
    `/api/crm/money p99 ${money.p99} ms (target ≤ ${P99_MAX_MS} ms): ${money.p99 <= P99_MAX_MS ? 'met' : 'NOT met'}; ` +
      `p99 ${single.p99} ms one at a time; ${(money.rps / health.rps).toFixed(3)}× the health route's req/s; income CSV p99 ${csv.p99} ms; load ${loadavg()[0]!.toFixed(2)}`,
  );
  if (money.failures + csv.failures > 0) process.exitCode = 1;
} finally {
  await bench.finish();
}
