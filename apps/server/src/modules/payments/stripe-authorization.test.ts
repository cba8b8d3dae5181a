import { afterAll, beforeAll, describe } from 'vitest';
import type { SentForm } from '@brushline/shared/orders/schemas';
import { registerUser } from '../../test/harness.ts';
import { everyRouteHasARow, routeMatrix, routesOf, type MatrixRow } from '../../test/route-matrix.ts';
import { call, type TestUser } from '../../test/kit.ts';
import { registerStaff } from '../tags/tag-fixtures.ts';
import { acceptedOrder, readyArtist, stripeWorld, type StripeWorld } from './stripe-fixtures.ts';
import { stripeRoutes } from './stripe.routes.ts';

/**
 * Every Stripe Connect route × every kind of caller, with PAYMENT_PROVIDER=stripe and the stand-in.
 * Payout accounts are each caller's own (any signed-in user); the checkout is the buyer's alone
 * (the artist and staff 403, anyone else 404); the webhook takes no session, only Stripe's
 * signature (an unsigned call is 400 for everyone).
 */
type Who = 'artist' | 'buyer' | 'staff' | 'stranger' | 'anon';
const WHO: Who[] = ['artist', 'buyer', 'staff', 'stranger', 'anon'];
type Row = MatrixRow<Who, { form: SentForm }>;

let w: StripeWorld;
const users = {} as Record<Exclude<Who, 'anon'>, TestUser>;
beforeAll(async () => {
  w = await stripeWorld();
  users.artist = await readyArtist(w);
  users.buyer = await registerUser(w.t.app, w.t.dataDir);
  users.staff = await registerStaff(w.t);
  users.stranger = await registerUser(w.t.app, w.t.dataDir);
});
afterAll(() => w.close());

const snapshot = async (c: { form: SentForm }) =>
  [
    (await call(w.t.app, 'GET', `/api/comissionform/${c.form.id}/payments`, users.artist.cookie)).body,
    (await call(w.t.app, 'GET', '/api/payments/account', users.artist.cookie)).body,
  ].join('\n');

const signedIn = { artist: 200, buyer: 200, staff: 200, stranger: 200, anon: 401 };
const rows: Row[] = [
  { name: 'GET /payments/account', method: 'GET', url: () => '/api/payments/account', expect: signedIn },
  {
    name: 'POST /payments/account/link',
    method: 'POST',
    url: () => '/api/payments/account/link',
    expect: signedIn,
  },
  {
    name: 'POST /payments/account/refresh',
    method: 'POST',
    url: () => '/api/payments/account/refresh',
    expect: signedIn,
    mutates: ['artist'],
  },
  {
    name: 'POST /comissionform/{id}/payments/{part}/checkout',
    method: 'POST',
    url: (c) => `/api/comissionform/${c.form.id}/payments/0/checkout`,
    expect: { artist: 403, buyer: 200, staff: 403, stranger: 404, anon: 401 },
    mutates: ['buyer'],
  },
  {
    name: 'POST /payments/stripe/webhook unsigned',
    method: 'POST',
    url: () => '/api/payments/stripe/webhook',
    body: () => ({ id: 'evt_forged', type: 'checkout.session.completed', data: { object: {} } }),
    expect: { artist: 400, buyer: 400, staff: 400, stranger: 400, anon: 400 },
  },
];

describe('Stripe Connect routes × callers', () => {
  everyRouteHasARow(() => routesOf(stripeRoutes(w.t.app.deps)), rows);

  routeMatrix({
    t: () => w.t,
    who: WHO,
    rows,
    context: async () => ({
      form: (await acceptedOrder(w, users.artist, { kind: 'full' }, users.buyer)).form,
    }),
    cookieOf: (who) => (who === 'anon' ? undefined : users[who].cookie),
    snapshot,
  });
});
