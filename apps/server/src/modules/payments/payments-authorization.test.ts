import { afterAll, beforeAll, describe } from 'vitest';
import type { SentForm } from '@brushline/shared/orders/schemas';
import { createTestApp, registerUser, type TestApp } from '../../test/harness.ts';
import { everyRouteHasARow, routeMatrix, routesOf, type MatrixRow } from '../../test/route-matrix.ts';
import { call, createCard, registerArtist, sendForm, type TestUser } from '../../test/kit.ts';
import { registerStaff } from '../tags/tag-fixtures.ts';
import { paymentsRoutes } from './payments.routes.ts';

/**
 * Every payments route × every kind of caller. "artist" and "buyer" are the order's two parties,
 * "staff" a moderator (who may read an order's money, never act on it), "stranger" anyone else
 * signed in (404: they must not learn the order exists), "anon" no session. The order is accepted,
 * with a 50% deposit and a 7-day delivery time (route-matrix.ts decides which cases share one).
 */
type Who = 'artist' | 'buyer' | 'staff' | 'stranger' | 'anon';
const WHO: Who[] = ['artist', 'buyer', 'staff', 'stranger', 'anon'];
interface Ctx {
  form: SentForm;
}
type Setup = { asked?: boolean };
type Row = MatrixRow<Who, Ctx, Setup>;

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

async function make(setup: Setup): Promise<Ctx> {
  const card = await createCard(t, users.artist, {
    paymentPlan: { kind: 'deposit', depositPercent: 50 },
    deliveryDays: 7,
  });
  const form = await sendForm(t, users.buyer, card);
  await call(t.app, 'PUT', `/api/task/${form.task.id}/accept`, users.artist.cookie);
  if (setup.asked) {
    await call(t.app, 'PUT', `/api/comissionform/${form.id}/payments/0/request`, users.artist.cookie, {
      instructions: 'paypal.me/artist',
    });
  }
  return { form };
}

const snapshot = async (c: Ctx) =>
  (await call(t.app, 'GET', `/api/comissionform/${c.form.id}/payments`, users.artist.cookie)).body;

const parties = { artist: 200, buyer: 200, staff: 200, stranger: 404, anon: 401 };
const artistActs = { artist: 200, buyer: 403, staff: 403, stranger: 404, anon: 401 };
const buyerActs = { artist: 403, buyer: 200, staff: 403, stranger: 404, anon: 401 };
const url = (path: string) => (c: Ctx) => `/api/comissionform/${c.form.id}/${path}`;
const inAWeekAndADay = () => new Date(Date.now() + 8 * 86_400_000).toISOString();

const rows: Row[] = [
  {
    name: 'GET /comissionform/{id}/payments',
    method: 'GET',
    url: url('payments'),
    expect: parties,
    seenBy: ['artist', 'buyer', 'staff'],
  },
  {
    name: 'PUT /comissionform/{id}/payments/{part}/request',
    method: 'PUT',
    url: url('payments/0/request'),
    body: () => ({ instructions: 'iban DE00 1234' }),
    expect: artistActs,
    mutates: ['artist'],
  },
  {
    name: 'PUT /comissionform/{id}/payments/{part}/paid',
    method: 'PUT',
    url: url('payments/0/paid'),
    body: () => ({ reference: 'PP-1' }),
    setup: { asked: true },
    expect: buyerActs,
    mutates: ['buyer'],
  },
  {
    name: 'PUT /comissionform/{id}/payments/{part}/confirm',
    method: 'PUT',
    url: url('payments/0/confirm'),
    body: () => ({ reference: '' }),
    expect: artistActs,
    mutates: ['artist'],
  },
  {
    // Nothing is owed on an order that was never canceled: the artist is told so, nothing changes.
    name: 'PUT /comissionform/{id}/payments/refund',
    method: 'PUT',
    url: url('payments/refund'),
    body: () => ({}),
    expect: { ...artistActs, artist: 400 },
  },
  {
    name: 'PUT /comissionform/{id}/payments/start-before-payment',
    method: 'PUT',
    url: url('payments/start-before-payment'),
    body: () => ({ enabled: true }),
    expect: artistActs,
    mutates: ['artist'],
  },
  {
    name: 'POST /comissionform/{id}/extension',
    method: 'POST',
    url: url('extension'),
    body: () => ({ dueAt: inAWeekAndADay(), reason: 'A family matter' }),
    expect: artistActs,
    mutates: ['artist'],
  },
  {
    // No extension is pending: the buyer is told so; the others are refused before that.
    name: 'PUT /comissionform/{id}/extension/accept',
    method: 'PUT',
    url: url('extension/accept'),
    expect: { ...buyerActs, buyer: 409 },
  },
  {
    name: 'PUT /comissionform/{id}/extension/decline',
    method: 'PUT',
    url: url('extension/decline'),
    expect: { ...buyerActs, buyer: 409 },
  },
];

describe('payments routes × callers', () => {
  everyRouteHasARow(() => routesOf(paymentsRoutes(t.app.deps)), rows);

  routeMatrix({
    t: () => t,
    who: WHO,
    rows,
    context: (setup) => make(setup ?? {}),
    cookieOf: (who) => (who === 'anon' ? undefined : users[who].cookie),
    snapshot,
  });
});
