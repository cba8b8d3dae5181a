import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SentForm } from '@brushline/shared/orders/schemas';
import { paymentMessages } from '@brushline/shared/payments/messages';
import type { MoneyOverview } from '@brushline/shared/payments/overview';
import type { OrderMoney } from '@brushline/shared/payments/schemas';
import { createTestApp, registerUser, type TestApp } from '../../test/harness.ts';
import { call, createCard, registerArtist, sendForm, type TestUser } from '../../test/kit.ts';
import { registerStaff } from '../tags/tag-fixtures.ts';
import { pdfText } from './money-fixtures.ts';
import { csvCell, monthStart } from './money-page.rules.ts';

let t: TestApp;
let staff: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  t = await createTestApp({ PLATFORM_FEE_PERCENT: '10' });
  staff = await registerStaff(t);
  stranger = await registerUser(t.app, t.dataDir);
});
afterAll(() => t.close());

const act = (user: TestUser, formId: number, path: string, body: unknown = {}) =>
  call(t.app, 'PUT', `/api/comissionform/${formId}/${path}`, user.cookie, body);
const money = async (user: TestUser, formId: number) =>
  (await call(t.app, 'GET', `/api/comissionform/${formId}/payments`, user.cookie)).json<OrderMoney>();
const overview = async (user: TestUser) => {
  const res = await call(t.app, 'GET', '/api/crm/money', user.cookie);
  expect(res.statusCode).toBe(200);
  return res.json<MoneyOverview>();
};
const pdf = (user: TestUser | null, formId: number, number: string) =>
  call(t.app, 'GET', `/api/comissionform/${formId}/invoices/${number}.pdf`, user?.cookie);
const today = () => new Date().toISOString().slice(0, 10);

/**
 * A 50% deposit card at $80 with options: the buyer picks a full body (+$15.50) and a background
 * (+$10.25), so the total is $105.75, the deposit $52.87 and the remainder $52.88.
 */
async function depositOrder(artist: TestUser, buyer: TestUser, title = 'Portrait') {
  const card = await createCard(t, artist, {
    title,
    startingPrice: 80,
    paymentPlan: { kind: 'deposit', depositPercent: 50 },
    deliveryDays: 7,
  });
  const form = await sendForm(t, buyer, card, {
    chosen: [
      { sectionKey: 'size', optionKeys: ['full'] },
      { sectionKey: 'extras', optionKeys: ['bg'] },
    ],
    totalPrice: 105.75,
  });
  expect((await call(t.app, 'PUT', `/api/task/${form.task.id}/accept`, artist.cookie)).statusCode).toBe(200);
  return form;
}

async function cancelOverdue(buyer: TestUser, form: SentForm) {
  await t.app.deps.db.execute(
    sql`update commission_forms set due_at = now() - interval '1 hour' where id = ${form.id}`,
  );
  expect((await act(buyer, form.id, 'cancel-overdue')).statusCode).toBe(200);
}

describe('invoices and credit notes as PDF', () => {
  let artist: TestUser;
  let buyer: TestUser;
  let form: SentForm;
  let invoice: string;

  beforeAll(async () => {
    artist = await registerArtist(t);
    buyer = await registerUser(t.app, t.dataDir);
    form = await depositOrder(artist, buyer);
    await act(buyer, form.id, 'payments/0/paid', { reference: 'PP-77' });
    expect((await act(artist, form.id, 'payments/0/confirm', {})).statusCode).toBe(200);
    invoice = (await money(buyer, form.id)).parts[0]!.invoiceNumber!;
  });

  it('gives both parties and staff the invoice of a confirmed payment with its lines, part, fee and net', async () => {
    expect(invoice).toBe(`INV-${artist.login}-0001`);
    for (const who of [artist, buyer, staff]) {
      const res = await pdf(who, form.id, invoice);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="${invoice}.pdf"`);
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      const text = pdfText(res.rawPayload);
      expect(text).toContain(`Invoice ${invoice}`);
      expect(text).toContain(`Date: ${today()}`);
      expect(text).toContain(`Order: #${form.id}, Portrait`);
      expect(text).toContain(`(@${artist.login})`);
      expect(text).toContain(`(@${buyer.login})`);
      // The order's lines add up to the total: starting price, then each option.
      for (const line of ['Starting price\n$80.00', 'Size: Full body\n$15.50', 'Extras: Background\n$10.25'])
        expect(text).toContain(line);
      expect(text).toContain('Order total\n$105.75');
      expect(text).toContain('Deposit (50% of the total)\n$52.87');
      // 10% of $52.87, rounded half up to a cent; the net is what is left.
      expect(text).toContain('Platform fee\n$5.29');
      expect(text).toContain('Net to the artist\n$47.58');
      expect(text).toContain('Reference: PP-77');
    }
  });

  it('answers 404 to strangers, 401 without a session, and invoiceNotFound for a number the order does not have', async () => {
    expect((await pdf(stranger, form.id, invoice)).statusCode).toBe(404);
    expect((await pdf(stranger, form.id, invoice)).json().error.message).not.toBe(
      paymentMessages.invoiceNotFound,
    );
    expect((await pdf(null, form.id, invoice)).statusCode).toBe(401);
    for (const number of [
      `INV-${artist.login}-0002`, // the remainder is not confirmed
      `INV-${artist.login}-001`, // not the spelling the order page links to
      `CN-${artist.login}-0001`, // no refund
      `INV-${buyer.login}-0001`, // another login
      'whatever',
    ]) {
      const res = await pdf(buyer, form.id, number);
      expect(res.statusCode, number).toBe(404);
      expect(res.json().error.message).toBe(paymentMessages.invoiceNotFound);
    }
    // Another order of the same artist does not lend its invoice number.
    const other = await depositOrder(artist, buyer);
    expect((await pdf(buyer, other.id, invoice)).json().error.message).toBe(paymentMessages.invoiceNotFound);
  });

  it('gives a credit note per refund with the refunded amount and the invoices it credits', async () => {
    await cancelOverdue(buyer, form);
    expect((await act(artist, form.id, 'payments/refund', { reference: 'PP refund' })).statusCode).toBe(200);
    const note = (await money(buyer, form.id)).creditNotes[0]!.number;
    expect(note).toBe(`CN-${artist.login}-0002`);
    const res = await pdf(buyer, form.id, note);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${note}.pdf"`);
    const text = pdfText(res.rawPayload);
    expect(text).toContain(`Credit note ${note}`);
    expect(text).toContain('Refunded to the buyer\n$52.87');
    expect(text).toContain(`Credits: ${invoice}`);
    expect((await pdf(stranger, form.id, note)).statusCode).toBe(404);
  });
});

describe('GET /crm/money', () => {
  it('shows an artist what awaits payment, what came in this month, refunds owed and due dates; the buyer what they paid and owe', async () => {
    const artist = await registerArtist(t);
    const buyer = await registerUser(t.app, t.dataDir);
    let view = await overview(artist);
    expect(view.artist).toMatchObject({
      awaiting: { count: 0, total: 0, parts: [] },
      receivedThisMonth: { count: 0, gross: 0, fees: 0, net: 0 },
      refundsOwed: { count: 0, total: 0, orders: [] },
      refundsByCard: { count: 0, total: 0, orders: [] },
      dueSoon: [],
    });
    expect(view.artist!.receivedThisMonth.from).toBe(monthStart(new Date()).toISOString());
    expect((await overview(stranger)).artist).toBeNull();

    const asked = await depositOrder(artist, buyer, 'Asked');
    await act(artist, asked.id, 'payments/0/request', { instructions: 'paypal.me/a' });
    const marked = await depositOrder(artist, buyer, 'Marked');
    await act(artist, marked.id, 'payments/0/request', { instructions: 'paypal.me/a' });
    await act(buyer, marked.id, 'payments/0/paid', { reference: 'x' });
    const paid = await depositOrder(artist, buyer, 'Paid');
    await act(artist, paid.id, 'payments/0/confirm', {});
    const owed = await depositOrder(artist, buyer, 'Owed');
    await act(artist, owed.id, 'payments/0/confirm', {});
    await cancelOverdue(buyer, owed);
    await t.app.deps.db.execute(
      sql`update commission_forms set due_at = now() - interval '2 days' where id = ${paid.id}`,
    );

    view = await overview(artist);
    const a = view.artist!;
    expect(a.awaiting).toMatchObject({ count: 2, total: 105.74, requested: 52.87, marked: 52.87 });
    expect(a.awaiting.parts.map((p) => [p.cardTitle, p.status, p.partName, p.amount])).toEqual([
      ['Marked', 'marked', 'Deposit', 52.87],
      ['Asked', 'requested', 'Deposit', 52.87],
    ]);
    expect(a.awaiting.parts[0]!.party.login).toBe(buyer.login);
    // Two payments of $52.87 came in; the canceled order's is owed back, but it was received.
    expect(a.receivedThisMonth).toMatchObject({ count: 2, gross: 105.74, fees: 10.58, net: 95.16 });
    expect(a.refundsOwed).toMatchObject({ count: 1, total: 52.87 });
    expect(a.refundsOwed.orders[0]).toMatchObject({ formId: owed.id, cardTitle: 'Owed', amount: 52.87 });
    // The overdue one first, then the three due in 7 days; the canceled one is gone.
    expect(a.dueSoon.map((d) => [d.cardTitle, d.overdue])).toEqual([
      ['Paid', true],
      ['Asked', false],
      ['Marked', false],
    ]);

    const b = (await overview(buyer)).buyer!;
    expect(b.paid).toEqual({ count: 2, total: 52.87 }); // the canceled order's payment is owed back
    expect(b.refundsOwed).toMatchObject({ count: 1, total: 52.87 });
    expect(b.refundsOwed.orders[0]!.party.login).toBe(artist.login);
    expect(b.due.parts.map((p) => [p.cardTitle, p.status])).toEqual([
      ['Marked', 'marked'],
      ['Asked', 'requested'],
    ]);
    expect(b.due.total).toBe(105.74);
    // Nobody else's orders leak into anyone's overview.
    expect(JSON.stringify(await overview(stranger))).not.toContain('Marked');
  });

  it('counts a part as due for the buyer once its stage comes, before the artist asks', async () => {
    const artist = await registerArtist(t);
    const buyer = await registerUser(t.app, t.dataDir);
    const form = await depositOrder(artist, buyer, 'Fresh');
    const due = (await overview(buyer)).buyer!.due;
    expect(due.parts.map((p) => [p.cardTitle, p.partName, p.status, p.since])).toEqual([
      ['Fresh', 'Deposit', 'due', null],
    ]);
    expect((await overview(artist)).artist!.awaiting.count).toBe(0); // due, not asked yet
    expect(form.id).toBeGreaterThan(0);
  });
});

describe('GET /crm/money/income.csv', () => {
  const csv = (user: TestUser | null, query: string) =>
    call(t.app, 'GET', `/api/crm/money/income.csv?${query}`, user?.cookie);

  it('lists every ledger movement of the artist in the range, quoted and guarded against formulas', async () => {
    const artist = await registerArtist(t);
    const buyer = await registerUser(t.app, t.dataDir);
    const form = await depositOrder(artist, buyer, '=HYPERLINK("x"), "quoted"');
    await act(artist, form.id, 'payments/0/confirm', {});
    await cancelOverdue(buyer, form);
    await act(artist, form.id, 'payments/refund', {});
    const day = today();
    const res = await csv(artist, `from=${day}&to=${day}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="brushline-income-${day}-to-${day}.csv"`,
    );
    const title = `"'=HYPERLINK(""x""), ""quoted"""`;
    const L = artist.login;
    const B = buyer.login;
    expect(res.body).toBe(
      '\uFEFFdate,movement,order,card,other party,gross,fee,net,refunds,document\r\n' +
        `${day},Payment confirmed,${form.id},${title},${B},52.87,5.29,47.58,0.00,INV-${L}-0001\r\n` +
        `${day},Refund owed,${form.id},${title},${B},-52.87,-5.29,-47.58,52.87,\r\n` +
        `${day},Refund made,${form.id},${title},${B},0.00,0.00,0.00,52.87,CN-${L}-0002\r\n`,
    );
    // The buyer's own export has nothing of it: it lists orders they are the artist of.
    expect((await csv(buyer, `from=${day}&to=${day}`)).body).toBe(
      '\uFEFFdate,movement,order,card,other party,gross,fee,net,refunds,document\r\n',
    );
    // Days before the movements: only the header.
    expect((await csv(artist, 'from=2020-01-01&to=2020-12-31')).body.split('\r\n')).toHaveLength(2);
  });

  it('refuses a range longer than 366 days, reversed or malformed with exportRange; 401 without a session', async () => {
    expect((await csv(stranger, 'from=2024-01-01&to=2024-12-31')).statusCode).toBe(200); // 366 days
    for (const q of [
      'from=2023-01-01&to=2024-01-02',
      'from=2024-02-02&to=2024-02-01',
      'from=2024-02-30&to=2024-03-01',
      'from=yesterday&to=2024-03-01',
      'from=2024-01-01',
    ]) {
      const res = await csv(stranger, q);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().error.message, q).toBe(paymentMessages.exportRange);
    }
    expect((await csv(null, 'from=2024-01-01&to=2024-01-31')).statusCode).toBe(401);
  });

  it('quotes cells that need it and prefixes text that a spreadsheet would run', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(' padded')).toBe('" padded"');
    for (const danger of ['=1+1', '+1', '-1', '@SUM(A1)', '\tx'])
      expect(csvCell(danger).replace(/^"/, '')).toMatch(/^'/);
    expect(csvCell(-12.5)).toBe('-12.50');
    expect(csvCell(0)).toBe('0.00');
  });
});

describe('the overview kept for a few seconds', () => {
  it('shows the other side’s money action and an order move at once, on the next read', async () => {
    const artist = await registerArtist(t);
    const buyer = await registerUser(t.app, t.dataDir);
    const form = await depositOrder(artist, buyer, 'Kept');
    await act(artist, form.id, 'payments/0/request', { instructions: 'paypal.me/a' });
    expect((await overview(artist)).artist!.awaiting.parts.map((p) => p.status)).toEqual(['requested']);
    expect((await overview(artist)).artist!.awaiting.parts.map((p) => p.status)).toEqual(['requested']);
    expect((await overview(buyer)).buyer!.due.parts.map((p) => p.status)).toEqual(['requested']);

    await act(buyer, form.id, 'payments/0/paid', { reference: 'sent' });
    expect((await overview(artist)).artist!.awaiting.parts.map((p) => p.status)).toEqual(['marked']);
    expect((await overview(buyer)).buyer!.due.parts.map((p) => p.status)).toEqual(['marked']);

    await cancelOverdue(buyer, form);
    expect((await overview(artist)).artist!.awaiting.count).toBe(0);
    expect((await overview(artist)).artist!.dueSoon.map((d) => d.cardTitle)).not.toContain('Kept');
  });
});
