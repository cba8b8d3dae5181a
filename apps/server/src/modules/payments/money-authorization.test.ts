import { afterAll, beforeAll, describe, expect } from 'vitest';
import type { SentForm } from '@brushline/shared/orders/schemas';
import type { OrderMoney } from '@brushline/shared/payments/schemas';
import { createTestApp, registerUser, type TestApp } from '../../test/harness.ts';
import { everyRouteHasARow, routeMatrix, routesOf, type MatrixRow } from '../../test/route-matrix.ts';
import { call, createCard, registerArtist, sendForm, type TestUser } from '../../test/kit.ts';
import { registerStaff } from '../tags/tag-fixtures.ts';
import { moneyRoutes } from './money.routes.ts';

/**
 * Every route of money.routes.ts × every kind of caller (as payments-authorization.test.ts): the
 * order's artist and buyer, staff (read only), a stranger (404 for the order's documents, and
 * nothing of the order in their own overview or export) and no session. The order is accepted with
 * a 50% deposit that the artist confirmed, so it has an invoice.
 */
type Who = 'artist' | 'buyer' | 'staff' | 'stranger' | 'anon';
const WHO: Who[] = ['artist', 'buyer', 'staff', 'stranger', 'anon'];
interface Ctx {
  form: SentForm;
  invoice: string;
  title: string;
}
type Row = MatrixRow<Who, Ctx>;

let t: TestApp;
const users = {} as Record<Exclude<Who, 'anon'>, TestUser>;
beforeAll(async () => {
  t = await createTestApp();
  users.artist = await registerArtist(t);
  users.buyer = await registerUser(t.app, t.dataDir);
  users.staff = await registerStaff(t);
  users.stranger = await registerUser(t.app, t.dataDir);
});
afterAll(() => t.close());

let made: Promise<Ctx> | undefined;
async function make(): Promise<Ctx> {
  const title = `Ledger marker ${Date.now()}`;
  const card = await createCard(t, users.artist, {
    title,
    paymentPlan: { kind: 'deposit', depositPercent: 50 },
    deliveryDays: 7,
  });
  const form = await sendForm(t, users.buyer, card);
  await call(t.app, 'PUT', `/api/task/${form.task.id}/accept`, users.artist.cookie);
  const res = await call(
    t.app,
    'PUT',
    `/api/comissionform/${form.id}/payments/0/confirm`,
    users.artist.cookie,
    {
      reference: 'cash',
    },
  );
  const invoice = res.json<OrderMoney>().parts[0]!.invoiceNumber!;
  return { form, invoice, title };
}
const context = () => (made ??= make());

const snapshot = async (c: Ctx) =>
  (await call(t.app, 'GET', `/api/comissionform/${c.form.id}/payments`, users.artist.cookie)).body;
const today = new Date().toISOString().slice(0, 10);
const signedIn = { artist: 200, buyer: 200, staff: 200, stranger: 200, anon: 401 };

const rows: Row[] = [
  {
    name: 'GET /comissionform/{id}/invoices/{number}.pdf',
    method: 'GET',
    url: (c) => `/api/comissionform/${c.form.id}/invoices/${c.invoice}.pdf`,
    expect: { artist: 200, buyer: 200, staff: 200, stranger: 404, anon: 401 },
    seenBy: ['artist', 'buyer', 'staff'],
    check: (res) => {
      if (res.statusCode === 200) expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    },
  },
  {
    name: 'GET /comissionform/{id}/invoices/{number}.pdf of a number the order does not have',
    method: 'GET',
    url: (c) => `/api/comissionform/${c.form.id}/invoices/${c.invoice.replace(/\d+$/, '9999')}.pdf`,
    expect: { artist: 404, buyer: 404, staff: 404, stranger: 404, anon: 401 },
  },
  {
    name: 'GET /crm/money',
    method: 'GET',
    url: () => '/api/crm/money',
    expect: signedIn,
    seenBy: ['artist', 'buyer'],
  },
  {
    name: 'GET /crm/money/income.csv',
    method: 'GET',
    url: () => `/api/crm/money/income.csv?from=${today}&to=${today}`,
    expect: signedIn,
    seenBy: ['artist'],
  },
];

describe('money routes × callers', () => {
  everyRouteHasARow(() => routesOf(moneyRoutes(t.app.deps)), rows);

  routeMatrix({
    t: () => t,
    who: WHO,
    rows,
    context,
    cookieOf: (who) => (who === 'anon' ? undefined : users[who].cookie),
    snapshot,
    markers: (c) => [c.title],
  });
});
