import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe } from 'vitest';
import type { Card } from '@brushline/shared/cards/schemas';
import { createTestApp, registerUser, type TestApp } from '../../test/harness.ts';
import { everyRouteHasARow, routeMatrix, routesOf, type MatrixRow } from '../../test/route-matrix.ts';
import { addImage, createFolder } from '../gallery/gallery-fixtures.ts';
import { call, createCard, registerArtist, sampleCard, type TestUser } from '../../test/kit.ts';
import { registerStaff } from '../tags/tag-fixtures.ts';
import { cardsRoutes } from './cards.routes.ts';

/**
 * Every commission card route × every kind of caller. "owner" is the artist whose card it is,
 * "artist" another artist (who may make cards of their own), "user" a signed-in non-artist, "staff"
 * a moderator who is not an artist (staff have no power over cards), "anon" has no session. A
 * closed card (isOpenComission false) is its owner's alone; a card's example folder shows only as
 * far as the reader may open it. After every call nobody but the owner may make a change with, the
 * owner's card list is as it was.
 */
type Who = 'owner' | 'artist' | 'user' | 'staff' | 'anon';
const WHO: Who[] = ['owner', 'artist', 'user', 'staff', 'anon'];

interface Ctx {
  card: Card;
  title: string;
}
/** closed: the card is not open; folder: its example folder is the owner's Hidden one. */
type Setup = { closed?: boolean; folder?: boolean };
type Row = MatrixRow<Who, Ctx, Setup>;

let t: TestApp;
const users = {} as Record<Exclude<Who, 'anon'>, TestUser>;
/** The owner's Hidden folder of examples, with one image in it. */
let folderId: string;
const FOLDER = `Hidden examples ${randomBytes(4).toString('hex')}`;
beforeAll(async () => {
  t = await createTestApp();
  users.owner = await registerArtist(t);
  users.artist = await registerArtist(t);
  users.user = await registerUser(t.app, t.dataDir);
  users.staff = await registerStaff(t);
  folderId = (await createFolder(t, users.owner, { folderName: FOLDER, privacy: 'Hidden' })).id;
  await addImage(t, users.owner, { folderId });
});
afterAll(() => t.close());

async function context(setup: Setup = {}): Promise<Ctx> {
  const title = `Card ${randomBytes(4).toString('hex')}`;
  const card = await createCard(t, users.owner, {
    title,
    galleryFolder: setup.folder ? folderId : null,
    isOpenComission: !setup.closed,
    isCommissionsOpen: !setup.closed,
  });
  return { card, title };
}

/** What the owner sees of their cards (closed ones and example folders included). */
const snapshot = async () => (await call(t.app, 'GET', '/api/comissioncard/owner', users.owner.cookie)).body;

const everyone = { owner: 200, artist: 200, user: 200, staff: 200, anon: 200 };
const ownerOnly = { owner: 200, artist: 404, user: 404, staff: 404, anon: 401 };

const rows: Row[] = [
  {
    name: 'GET /comissioncard/owner',
    method: 'GET',
    url: () => '/api/comissioncard/owner',
    setup: { closed: true },
    expect: { ...everyone, anon: 401 },
    seenBy: ['owner'],
  },
  {
    name: 'POST /commissioncard/create',
    method: 'POST',
    url: () => '/api/commissioncard/create',
    body: () => sampleCard({ title: 'Another card' }),
    expect: { owner: 200, artist: 200, user: 403, staff: 403, anon: 401 },
    mutates: ['owner', 'artist'],
  },
  {
    // Someone else's folder is refused like a missing one, and no card is made.
    name: "POST /commissioncard/create (the owner's folder as examples)",
    method: 'POST',
    url: () => '/api/commissioncard/create',
    body: () => sampleCard({ title: 'Another card', galleryFolder: folderId }),
    expect: { owner: 200, artist: 404, user: 403, staff: 403, anon: 401 },
    mutates: ['owner'],
  },
  {
    name: 'PUT /comissioncard/update',
    method: 'PUT',
    url: () => '/api/comissioncard/update',
    body: (c) => ({ ...sampleCard({ title: 'Taken over' }), uuid: c.card.uuid }),
    expect: ownerOnly,
    mutates: ['owner'],
  },
  {
    name: 'PUT /comissioncard/update (closed card)',
    method: 'PUT',
    url: () => '/api/comissioncard/update',
    body: (c) => ({ ...sampleCard({ title: 'Taken over' }), uuid: c.card.uuid }),
    setup: { closed: true },
    expect: ownerOnly,
    mutates: ['owner'],
  },
  {
    name: 'DELETE /comissioncard/delete/{uuid}',
    method: 'DELETE',
    url: (c) => `/api/comissioncard/delete/${c.card.uuid}`,
    expect: ownerOnly,
    mutates: ['owner'],
  },
  {
    name: 'DELETE /comissioncard/delete/{uuid} (closed card)',
    method: 'DELETE',
    url: (c) => `/api/comissioncard/delete/${c.card.uuid}`,
    setup: { closed: true },
    expect: ownerOnly,
    mutates: ['owner'],
  },
  {
    name: 'GET /comissioncard/get/{uuid} (open card)',
    method: 'GET',
    url: (c) => `/api/comissioncard/get/${c.card.uuid}`,
    expect: everyone,
    seenBy: WHO,
  },
  {
    name: 'GET /comissioncard/get/{uuid} (closed card)',
    method: 'GET',
    url: (c) => `/api/comissioncard/get/${c.card.uuid}`,
    setup: { closed: true },
    expect: { ...ownerOnly, anon: 404 },
    seenBy: ['owner'],
  },
  {
    // The card is public; its Hidden example folder is left out for everyone but the owner.
    name: 'GET /comissioncard/get/{uuid} (open card, Hidden example folder)',
    method: 'GET',
    url: (c) => `/api/comissioncard/get/${c.card.uuid}`,
    setup: { folder: true },
    expect: everyone,
    seenBy: ['owner'],
    marker: () => FOLDER,
  },
  {
    name: 'GET /comissioncards/user/{login} (open card)',
    method: 'GET',
    url: () => `/api/comissioncards/user/${users.owner.login}`,
    expect: everyone,
    seenBy: WHO,
  },
  {
    // Closed cards are never listed, not even to their owner (they have /comissioncard/owner).
    name: 'GET /comissioncards/user/{login} (closed card)',
    method: 'GET',
    url: () => `/api/comissioncards/user/${users.owner.login}`,
    setup: { closed: true },
    expect: everyone,
    seenBy: [],
  },
  {
    name: 'GET /comissioncards/user/{login} (open card, Hidden example folder)',
    method: 'GET',
    url: () => `/api/comissioncards/user/${users.owner.login}`,
    setup: { folder: true },
    expect: everyone,
    seenBy: ['owner'],
    marker: () => FOLDER,
  },
];

describe('card routes × callers', () => {
  everyRouteHasARow(() => routesOf(cardsRoutes(t.app.deps)), rows);

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
