import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe } from 'vitest';
import type { SocialLink } from '@brushline/shared/users/schemas';
import { createTestApp, registerUser, type TestApp } from '../../test/harness.ts';
import { uploadImage } from '../../test/media-fixtures.ts';
import { everyRouteHasARow, routeMatrix, routesOf, type MatrixRow } from '../../test/route-matrix.ts';
import { call, type TestUser } from '../../test/kit.ts';
import { registerStaff } from '../tags/tag-fixtures.ts';
import { profileRoutes } from './profile.routes.ts';
import { socialsRoutes } from './socials.routes.ts';
import { usersRoutes } from './users.routes.ts';

/**
 * Every user, profile and social link route × every kind of caller: the account's "owner", another
 * signed-in user ("stranger"), "staff" (a moderator: no power over anyone's account) and "anon". The
 * user card and the links are public; settings are their owner's (anyone else: 404, as for a
 * missing user); writes change the caller's own account only. The owner calls last, so every
 * refused call meets the account as it was made, with a body that would change it; after every call
 * but the owner's own writes the owner's settings, card and links are as they were, and no answer
 * but the owner's own may carry their e-mail address.
 */
type Who = 'owner' | 'stranger' | 'staff' | 'anon';
const WHO: Who[] = ['stranger', 'staff', 'anon', 'owner'];

interface Ctx {
  social: SocialLink;
}
type Row = MatrixRow<Who, Ctx>;

let t: TestApp;
const users = {} as Record<Exclude<Who, 'anon'>, TestUser>;
/** An upload of the owner's made for an avatar. */
let avatar: string;
beforeAll(async () => {
  t = await createTestApp();
  users.owner = await registerUser(t.app, t.dataDir);
  users.stranger = await registerUser(t.app, t.dataDir);
  users.staff = await registerStaff(t);
  avatar = (await uploadImage(t.app, users.owner.cookie, { purpose: 'avatar' })).id;
});
afterAll(() => t.close());

async function context(): Promise<Ctx> {
  await t.app.deps.limits.reset('socialWriteUser', users.owner.id);
  const res = await call(t.app, 'POST', '/api/user/socials/add', users.owner.cookie, {
    title: `Site ${randomBytes(3).toString('hex')}`,
    url: `https://example.com/${randomBytes(4).toString('hex')}`,
  });
  if (res.statusCode !== 200) throw new Error(`socials/add ${res.statusCode}: ${res.body}`);
  return { social: res.json<SocialLink>() };
}

/** The owner's settings as they read them, and their public card and links as anyone reads them. */
async function snapshot() {
  const get = async (url: string, user?: TestUser) => (await call(t.app, 'GET', url, user?.cookie)).body;
  return [
    await get(`/api/user/settings/login/${users.owner.login}`, users.owner),
    await get(`/api/user/${users.owner.login}`),
    await get(`/api/user/socials/${users.owner.login}`),
  ];
}

const everyone = { owner: 200, stranger: 200, staff: 200, anon: 200 };
const signedIn = { owner: 200, stranger: 200, staff: 200, anon: 401 };
const ownerOnly = { owner: 200, stranger: 404, staff: 404, anon: 401 };

const rows: Row[] = [
  {
    name: 'GET /user/{login}',
    method: 'GET',
    url: () => `/api/user/${users.owner.login}`,
    expect: everyone,
    // The card is public and never carries the address, not even to its owner.
    seenBy: [],
  },
  {
    name: 'GET /user/id/{id}',
    method: 'GET',
    url: () => `/api/user/id/${users.owner.id}`,
    expect: everyone,
    seenBy: [],
  },
  {
    name: 'GET /user/settings/login/{login}',
    method: 'GET',
    url: () => `/api/user/settings/login/${users.owner.login}`,
    expect: ownerOnly,
  },
  {
    name: 'PATCH /user/update/settings/id/{id}',
    method: 'PATCH',
    url: () => `/api/user/update/settings/id/${users.owner.id}`,
    body: () => ({ displayNSFW: true, displayQuestionable: true, isArtist: true }),
    expect: ownerOnly,
    mutates: ['owner'],
  },
  {
    // No id in the path: each caller renames themselves, never the owner.
    name: 'PATCH /user/profile',
    method: 'PATCH',
    url: () => '/api/user/profile',
    body: () => ({ displayName: 'Renamed' }),
    expect: signedIn,
    mutates: ['owner'],
  },
  {
    name: "PATCH /user/profile (the owner's avatar upload)",
    method: 'PATCH',
    url: () => '/api/user/profile',
    body: () => ({ avatarMediaId: avatar }),
    expect: ownerOnly,
    mutates: ['owner'],
  },
  {
    name: 'GET /user/socials/{login}',
    method: 'GET',
    url: () => `/api/user/socials/${users.owner.login}`,
    expect: everyone,
    seenBy: [],
  },
  {
    name: 'POST /user/socials/add',
    method: 'POST',
    url: () => '/api/user/socials/add',
    body: () => ({ title: 'Portfolio', url: 'https://example.org/portfolio' }),
    expect: signedIn,
    mutates: ['owner'],
  },
  {
    name: 'PATCH /user/socials/update/{id}',
    method: 'PATCH',
    url: (c) => `/api/user/socials/update/${c.social.id}`,
    body: () => ({ title: 'Taken over', url: 'https://example.net/taken' }),
    expect: ownerOnly,
    mutates: ['owner'],
  },
  {
    name: 'DELETE /user/socials/delete/{id}',
    method: 'DELETE',
    url: (c) => `/api/user/socials/delete/${c.social.id}`,
    expect: ownerOnly,
    mutates: ['owner'],
  },
];

describe('user routes × callers', () => {
  everyRouteHasARow(
    () => routesOf(usersRoutes(t.app.deps), profileRoutes(t.app.deps), socialsRoutes(t.app.deps)),
    rows,
  );

  routeMatrix({
    t: () => t,
    who: WHO,
    rows,
    context: () => context(),
    cookieOf: (who) => (who === 'anon' ? undefined : users[who].cookie),
    snapshot: () => snapshot(),
    markers: () => [users.owner.email],
    // Only the owner's own writes change what the snapshot reads, and each of them must.
    defaults: { seenBy: ['owner'] },
    mutatesMust: true,
  });
});
