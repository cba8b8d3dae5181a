import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe } from 'vitest';
import type { Card } from '@brushline/shared/cards/schemas';
import type { OrderPage, SentForm } from '@brushline/shared/orders/schemas';
import { createTestApp, registerUser, type TestApp } from '../../test/harness.ts';
import { everyRouteHasARow, routeMatrix, routesOf, type MatrixRow } from '../../test/route-matrix.ts';
import { cardsRoutes } from '../cards/cards.routes.ts';
import { mediaRoutes } from '../media/media.routes.ts';
import {
  bodyOf,
  call,
  createCard,
  deliveryBody,
  moveOrder,
  ok,
  registerArtist,
  sampleCard,
  sampleForm,
  sendForm,
  type TestUser,
} from '../../test/kit.ts';
import { ordersRoutes } from './orders.routes.ts';
import { wipFeedbackRoutes } from './wip-feedback.routes.ts';

/**
 * Every card and order route × every kind of caller, table-driven. "artist" owns the card (and
 * receives the form), "buyer" sent the form (a signed-in non-artist), "stranger" is another
 * signed-in artist on neither side, "anon" has no session. After every call the caller was not
 * meant to make a change with, the visible state is compared with the state before.
 */
type Who = 'artist' | 'buyer' | 'stranger' | 'anon';
const WHO: Who[] = ['artist', 'buyer', 'stranger', 'anon'];

interface Ctx {
  card: Card;
  form: SentForm;
  buyer: TestUser;
  title: string;
  /** A delivery upload of the artist's (used by the delivery when the setup passes through it). */
  file: string;
  /** The order's newest update: the work in progress (setup wip) or the delivery (finished). */
  updateId: number;
}

/** wip: the artist shares a work in progress once the order is in progress. */
type Setup = { closed?: boolean; status?: 'waiting' | 'processing' | 'finished'; wip?: boolean };
type Row = MatrixRow<Who, Ctx, Setup>;

let t: TestApp;
let ann: TestUser;
let stranger: TestUser;
let buyers: TestUser[];
let n = 0;
beforeAll(async () => {
  t = await createTestApp();
  ann = await registerArtist(t);
  stranger = await registerArtist(t);
  buyers = [await registerUser(t.app, t.dataDir), await registerUser(t.app, t.dataDir)];
});
afterAll(() => t.close());

/** A card of ann's, a form of a buyer's to it, moved up to the setup's status. */
async function context(setup: Setup = {}): Promise<Ctx> {
  const buyer = buyers[n % buyers.length]!;
  n += 1;
  // The table sends far more forms than a person does.
  await t.app.deps.limits.reset('formSendUser', buyer.id);
  const title = `Card ${randomBytes(4).toString('hex')}`;
  // A form needs an open card; a "closed" row closes the card after the form was sent.
  const card = await createCard(t, ann, { title });
  const form = await sendForm(t, buyer, card);
  // An upload costs an image re-encode: made only for the setups that pass through a delivery.
  const needsFile = setup.status === 'processing' || setup.status === 'finished' || !!setup.wip;
  const delivery = needsFile ? await deliveryBody(t, ann) : { files: [''], message: '' };
  await moveOrder(t, form, { artist: ann, buyer }, setup.status ?? 'none', delivery);
  if (setup.wip) ok(await call(t.app, 'POST', `/api/task/${form.task.id}/wip`, ann.cookie, delivery), 'wip');
  const page = await call(t.app, 'GET', `/api/order/${form.id}`, buyer.cookie);
  const updateId = page.json<OrderPage>().updates.at(-1)?.id ?? 0;
  if (setup.closed) {
    await call(t.app, 'PUT', '/api/comissioncard/update', ann.cookie, {
      ...sampleCard({ title, isOpenComission: false, isCommissionsOpen: false }),
      uuid: card.uuid,
    });
  }
  return { card, form, buyer, title, file: delivery.files[0]!, updateId };
}

/** What the participants can see: the artist's cards and tasks, the buyer's outgoing forms, notifications. */
async function snapshot(c: Ctx) {
  return [
    await bodyOf(t, '/api/comissioncard/owner', ann),
    await bodyOf(t, `/api/task/comissions/get/crm/${ann.login}`, ann),
    await bodyOf(t, '/api/comissionforms/outgoing', c.buyer),
    await bodyOf(t, '/api/notifications', ann),
    await bodyOf(t, '/api/notifications', c.buyer),
    // The buyer's view: the artist opening the order page would mark it read.
    await bodyOf(t, `/api/order/${c.form.id}`, c.buyer),
  ];
}

const rows: Row[] = [
  // Cards
  {
    name: 'GET /comissioncard/owner',
    method: 'GET',
    url: () => '/api/comissioncard/owner',
    expect: { artist: 200, buyer: 200, stranger: 200, anon: 401 },
    seenBy: ['artist'],
  },
  {
    name: 'POST /commissioncard/create',
    method: 'POST',
    url: () => '/api/commissioncard/create',
    body: () => sampleCard(),
    expect: { artist: 200, buyer: 403, stranger: 200, anon: 401 },
    mutates: ['artist', 'stranger'],
  },
  {
    name: 'PUT /comissioncard/update',
    method: 'PUT',
    url: () => '/api/comissioncard/update',
    body: (c) => ({ ...sampleCard({ title: 'Taken over' }), uuid: c.card.uuid }),
    expect: { artist: 200, buyer: 404, stranger: 404, anon: 401 },
    mutates: ['artist'],
  },
  {
    name: 'DELETE /comissioncard/delete/{uuid}',
    method: 'DELETE',
    url: (c) => `/api/comissioncard/delete/${c.card.uuid}`,
    expect: { artist: 200, buyer: 404, stranger: 404, anon: 401 },
    mutates: ['artist'],
  },
  {
    name: 'GET /comissioncard/get/{uuid} (open card)',
    method: 'GET',
    url: (c) => `/api/comissioncard/get/${c.card.uuid}`,
    expect: { artist: 200, buyer: 200, stranger: 200, anon: 200 },
    seenBy: WHO,
  },
  {
    name: 'GET /comissioncard/get/{uuid} (closed card)',
    method: 'GET',
    url: (c) => `/api/comissioncard/get/${c.card.uuid}`,
    setup: { closed: true },
    expect: { artist: 200, buyer: 404, stranger: 404, anon: 404 },
    seenBy: ['artist'],
  },
  {
    name: 'GET /comissioncards/user/{login} (closed card)',
    method: 'GET',
    url: () => `/api/comissioncards/user/${ann.login}`,
    setup: { closed: true },
    expect: { artist: 200, buyer: 200, stranger: 200, anon: 200 },
    seenBy: [],
  },
  // Forms
  {
    name: 'POST /comissionform/send',
    method: 'POST',
    url: () => '/api/comissionform/send',
    body: (c) => sampleForm(c.card),
    expect: { artist: 403, buyer: 200, stranger: 200, anon: 401 },
    mutates: ['buyer', 'stranger'],
    seenBy: ['buyer', 'stranger'],
  },
  {
    name: 'GET /comissionforms/outgoing',
    method: 'GET',
    url: () => '/api/comissionforms/outgoing',
    expect: { artist: 200, buyer: 200, stranger: 200, anon: 401 },
    seenBy: ['buyer'],
  },
  {
    name: 'GET /comissionforms/artist/pending/{login}',
    method: 'GET',
    url: () => `/api/comissionforms/artist/pending/${ann.login}`,
    expect: { artist: 200, buyer: 404, stranger: 404, anon: 401 },
    seenBy: ['artist'],
  },
  {
    name: 'PUT /comissionform/read/{id}',
    method: 'PUT',
    url: (c) => `/api/comissionform/read/${c.form.id}`,
    expect: { artist: 200, buyer: 200, stranger: 404, anon: 401 },
    mutates: ['artist'],
    seenBy: ['artist', 'buyer'],
  },
  {
    // Not overdue (no due date): refused for the buyer too; strangers do not learn it exists.
    name: 'PUT /comissionform/{id}/cancel-overdue',
    method: 'PUT',
    url: (c) => `/api/comissionform/${c.form.id}/cancel-overdue`,
    expect: { artist: 409, buyer: 409, stranger: 404, anon: 401 },
  },
  {
    name: 'DELETE /comissionform/decline/{id}',
    method: 'DELETE',
    url: (c) => `/api/comissionform/decline/${c.form.id}`,
    expect: { artist: 200, buyer: 409, stranger: 404, anon: 401 },
    mutates: ['artist'],
  },
  {
    name: 'DELETE /comissionform/decline-request-as-buyer/{id}',
    method: 'DELETE',
    url: (c) => `/api/comissionform/decline-request-as-buyer/${c.form.id}`,
    expect: { artist: 409, buyer: 200, stranger: 404, anon: 401 },
    mutates: ['buyer'],
  },
  {
    name: 'GET /comissionform/comissioners',
    method: 'GET',
    url: () => '/api/comissionform/comissioners',
    expect: { artist: 200, buyer: 200, stranger: 200, anon: 401 },
    seenBy: ['artist'],
    marker: (c) => c.buyer.id,
  },
  {
    name: 'GET /task/comissions/get/crm/{login}',
    method: 'GET',
    url: () => `/api/task/comissions/get/crm/${ann.login}`,
    expect: { artist: 200, buyer: 404, stranger: 404, anon: 401 },
    seenBy: ['artist'],
  },
  ...(['accept', 'start', 'deliver'] as const).map((action, i): Row => ({
    name: `PUT /task/{id}/${action}`,
    method: 'PUT',
    url: (c) => `/api/task/${c.form.task.id}/${action}`,
    body: action === 'deliver' ? (c) => ({ files: [c.file], message: 'Done' }) : undefined,
    setup: { status: ([undefined, 'waiting', 'processing'] as const)[i] },
    expect: { artist: 200, buyer: 409, stranger: 404, anon: 401 },
    mutates: ['artist'],
    seenBy: ['artist'],
  })),
  ...(['approve', 'send-back'] as const).map((path): Row => ({
    name: `PUT /task/{id}/${path}`,
    method: 'PUT',
    url: (c) => `/api/task/${c.form.task.id}/${path}`,
    body: () => ({ comment: 'More contrast' }),
    setup: { status: 'finished' },
    expect: { artist: 409, buyer: 200, stranger: 404, anon: 401 },
    mutates: ['buyer'],
    seenBy: ['buyer'],
  })),
  {
    name: 'POST /task/{id}/wip',
    method: 'POST',
    url: (c) => `/api/task/${c.form.task.id}/wip`,
    body: (c) => ({ files: [c.file], message: 'A sketch' }),
    setup: { status: 'processing' },
    expect: { artist: 200, buyer: 409, stranger: 404, anon: 401 },
    mutates: ['artist'],
    seenBy: ['artist'],
  },
  {
    name: 'GET /order/{id}',
    method: 'GET',
    url: (c) => `/api/order/${c.form.id}`,
    setup: { status: 'finished' },
    expect: { artist: 200, buyer: 200, stranger: 404, anon: 401 },
    // The artist opening the order marks it read, as opening the form does.
    mutates: ['artist'],
    seenBy: ['artist', 'buyer'],
  },
  ...(['full', 'miniature', 'download'] as const).map((variant): Row => ({
    name: `GET /order/{id}/files/{mediaId}/{variant} (${variant})`,
    method: 'GET',
    url: (c) => `/api/order/${c.form.id}/files/${c.file}/${variant}`,
    setup: { status: 'finished' },
    expect: { artist: 200, buyer: 200, stranger: 404, anon: 401 },
    seenBy: ['artist', 'buyer'],
  })),
  // The commissioner's answers to a work in progress: theirs alone, on a WIP alone.
  {
    name: 'PUT /order/{id}/updates/{updateId}/looks-good',
    method: 'PUT',
    url: (c) => `/api/order/${c.form.id}/updates/${c.updateId}/looks-good`,
    setup: { status: 'processing', wip: true },
    expect: { artist: 403, buyer: 200, stranger: 404, anon: 401 },
    mutates: ['buyer'],
    seenBy: ['buyer'],
  },
  {
    name: 'POST /order/{id}/updates/{updateId}/comments',
    method: 'POST',
    url: (c) => `/api/order/${c.form.id}/updates/${c.updateId}/comments`,
    body: () => ({ message: 'Love the pose' }),
    setup: { status: 'processing', wip: true },
    expect: { artist: 403, buyer: 200, stranger: 404, anon: 401 },
    mutates: ['buyer'],
    seenBy: ['buyer'],
  },
  {
    name: 'POST /order/{id}/updates/{updateId}/comments (empty comment)',
    method: 'POST',
    url: (c) => `/api/order/${c.form.id}/updates/${c.updateId}/comments`,
    body: () => ({ message: '   ' }),
    setup: { status: 'processing', wip: true },
    expect: { artist: 400, buyer: 400, stranger: 400, anon: 400 },
  },
  {
    name: 'PUT /order/{id}/updates/{updateId}/looks-good (a delivery)',
    method: 'PUT',
    url: (c) => `/api/order/${c.form.id}/updates/${c.updateId}/looks-good`,
    setup: { status: 'finished' },
    expect: { artist: 403, buyer: 409, stranger: 404, anon: 401 },
  },
  {
    name: 'POST /order/{id}/updates/{updateId}/comments (a delivery)',
    method: 'POST',
    url: (c) => `/api/order/${c.form.id}/updates/${c.updateId}/comments`,
    body: () => ({ message: 'Love it' }),
    setup: { status: 'finished' },
    expect: { artist: 403, buyer: 409, stranger: 404, anon: 401 },
  },
  {
    // A delivered file is private: the media route answers the order's two sides only.
    name: 'GET /media/{id}/{variant} (full of a delivery)',
    method: 'GET',
    url: (c) => `/api/media/${c.file}/full`,
    setup: { status: 'finished' },
    expect: { artist: 200, buyer: 200, stranger: 404, anon: 404 },
    seenBy: ['artist', 'buyer'],
  },
];

describe('authorization matrix', () => {
  everyRouteHasARow(
    () => routesOf(ordersRoutes(t.app.deps), wipFeedbackRoutes(t.app.deps)),
    rows,
    // Card routes (cards has its own table) and an order's file through the media route.
    () =>
      routesOf(
        cardsRoutes(t.app.deps),
        mediaRoutes(t.app.deps, { placements: [], mayRead: () => Promise.resolve(false) }),
      ),
  );

  routeMatrix({
    t: () => t,
    who: WHO,
    rows,
    context,
    cookieOf: (who, c) => ({ artist: ann, buyer: c.buyer, stranger, anon: undefined })[who]?.cookie,
    snapshot,
    markers: (c) => [c.title],
    // A card per context would pass the per-artist card cap (CARDS_PER_OWNER_MAX) before the end.
    cleanup: async (c) => {
      await call(t.app, 'DELETE', `/api/comissioncard/delete/${c.card.uuid}`, ann.cookie);
    },
  });
});
