import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe } from 'vitest';
import type { Application, Request } from '@brushline/shared/requests/schemas';
import { createTestApp, registerUser, type TestApp } from '../../test/harness.ts';
import { everyRouteHasARow, routeMatrix, routesOf, type MatrixRow } from '../../test/route-matrix.ts';
import { call, createCard, registerArtist, type TestUser } from '../../test/kit.ts';
import { answer, applyTo, postRequest, sampleApply, sampleRequest } from './request-fixtures.ts';
import { requestsRoutes } from './requests.routes.ts';

/**
 * Every request, application and tracking route × every kind of caller, table-driven. "owner"
 * posted the request, "applicant" is the artist who applied to it, "other" a signed-in artist on
 * neither side, "anon" has no session. After every call the caller was not meant to make a change
 * with, what the two sides can see is compared with what it was before.
 */
type Who = 'owner' | 'applicant' | 'other' | 'anon';
const WHO: Who[] = ['owner', 'applicant', 'other', 'anon'];

interface Ctx {
  owner: TestUser;
  applicant: TestUser;
  card: string;
  request: Request;
  application: Application;
  title: string;
}

type Setup = { hidden?: boolean; approved?: boolean };
type Row = MatrixRow<Who, Ctx, Setup>;

let t: TestApp;
let other: TestUser;
const owners: TestUser[] = [];
const applicants: { user: TestUser; card: string }[] = [];
let n = 0;
beforeAll(async () => {
  t = await createTestApp();
  other = await registerArtist(t);
  await createCard(t, other);
  // Two of each, taking turns: a context is never made by the people of the one before it.
  for (let i = 0; i < 2; i += 1) {
    owners.push(await registerUser(t.app, t.dataDir));
    const user = await registerArtist(t);
    applicants.push({ user, card: (await createCard(t, user)).uuid });
  }
});
afterAll(() => t.close());

async function context(setup: Setup = {}): Promise<Ctx> {
  const owner = owners[n % owners.length]!;
  const { user: applicant, card } = applicants[n % applicants.length]!;
  n += 1;
  // The table writes and applies far more than a person does.
  await t.app.deps.limits.reset('requestWriteUser', owner.id);
  await t.app.deps.limits.reset('applyDailyUser', applicant.id);
  const title = `Req ${randomBytes(4).toString('hex')}`;
  const request = await postRequest(t, owner, { title });
  const application = await applyTo(t, applicant, request.guid, card);
  if (setup.approved) {
    const res = await answer(t, owner, application.id, 'confirm');
    if (res.statusCode !== 200) throw new Error(`approve ${res.statusCode}: ${res.body}`);
  }
  if (setup.hidden) {
    await call(
      t.app,
      'PATCH',
      `/api/request/update/${request.id}`,
      owner.cookie,
      sampleRequest({ title, privacy: 'hidden' }),
    );
  }
  return { owner, applicant, card, request, application, title };
}

async function snapshot(c: Ctx) {
  const get = async (url: string, user?: TestUser) => (await call(t.app, 'GET', url, user?.cookie)).body;
  return [
    await get('/api/request/owned/get', c.owner),
    await get('/api/request/pending/get', c.owner),
    await get('/api/request/tracking/outgoing', c.owner),
    await get('/api/request/tracking/incoming', c.applicant),
    await get(`/api/task/comissions/get/crm/${c.applicant.login}`, c.applicant),
    await get('/api/notifications', c.owner),
    await get('/api/notifications', c.applicant),
    await get(`/api/request/get/${c.request.guid}`, c.owner),
  ];
}

const rows: Row[] = [
  {
    name: 'GET /request/owned/get',
    method: 'GET',
    url: () => '/api/request/owned/get',
    expect: { owner: 200, applicant: 200, other: 200, anon: 401 },
    seenBy: ['owner'],
  },
  {
    name: 'GET /request/get/filter',
    method: 'GET',
    url: (c) => `/api/request/get/filter?searchInTitle=${encodeURIComponent(c.title)}`,
    expect: { owner: 200, applicant: 200, other: 200, anon: 200 },
    seenBy: WHO,
  },
  {
    name: 'GET /request/get/filter (hidden)',
    method: 'GET',
    url: (c) => `/api/request/get/filter?searchInTitle=${encodeURIComponent(c.title)}`,
    setup: { hidden: true },
    expect: { owner: 200, applicant: 200, other: 200, anon: 200 },
  },
  {
    name: 'GET /request/get/{guid}',
    method: 'GET',
    url: (c) => `/api/request/get/${c.request.guid}`,
    expect: { owner: 200, applicant: 200, other: 200, anon: 200 },
    seenBy: WHO,
  },
  {
    name: 'GET /request/get/{guid} (hidden)',
    method: 'GET',
    url: (c) => `/api/request/get/${c.request.guid}`,
    setup: { hidden: true },
    expect: { owner: 200, applicant: 404, other: 404, anon: 404 },
    seenBy: ['owner'],
  },
  {
    name: 'POST /request/create',
    method: 'POST',
    url: () => '/api/request/create',
    body: () => sampleRequest({ title: 'Another' }),
    expect: { owner: 200, applicant: 200, other: 200, anon: 401 },
    mutates: ['owner', 'applicant', 'other'],
  },
  {
    name: 'PATCH /request/update/{id}',
    method: 'PATCH',
    url: (c) => `/api/request/update/${c.request.id}`,
    body: () => sampleRequest({ title: 'Taken over' }),
    expect: { owner: 200, applicant: 404, other: 404, anon: 401 },
    mutates: ['owner'],
    seenBy: ['owner'],
  },
  {
    name: 'DELETE /request/delete/{guid}',
    method: 'DELETE',
    url: (c) => `/api/request/delete/${c.request.guid}`,
    expect: { owner: 200, applicant: 404, other: 404, anon: 401 },
    mutates: ['owner'],
  },
  {
    name: 'POST /request/apply/{guid}',
    method: 'POST',
    url: (c) => `/api/request/apply/${c.request.guid}`,
    body: (c) => sampleApply(c.card, { comment: 'Updated offer' }),
    expect: { owner: 403, applicant: 200, other: 404, anon: 401 },
    mutates: ['applicant'],
    seenBy: ['applicant'],
  },
  {
    name: 'POST /request/apply/{guid} (hidden)',
    method: 'POST',
    url: (c) => `/api/request/apply/${c.request.guid}`,
    body: (c) => sampleApply(c.card),
    setup: { hidden: true },
    expect: { owner: 403, applicant: 404, other: 404, anon: 401 },
  },
  {
    name: 'GET /request/pending/get',
    method: 'GET',
    url: () => '/api/request/pending/get',
    expect: { owner: 200, applicant: 200, other: 200, anon: 401 },
    seenBy: ['owner'],
  },
  ...(['confirm', 'reject'] as const).map((how): Row => ({
    name: `POST /request/answer (${how})`,
    method: 'POST',
    url: () => '/api/request/answer',
    body: (c) => ({ id: c.application.id, answer: how }),
    expect: { owner: 200, applicant: 404, other: 404, anon: 401 },
    mutates: ['owner'],
    seenBy: ['owner'],
  })),
  {
    name: 'POST /request/answer (already approved)',
    method: 'POST',
    url: () => '/api/request/answer',
    body: (c) => ({ id: c.application.id, answer: 'reject' }),
    setup: { approved: true },
    expect: { owner: 409, applicant: 404, other: 404, anon: 401 },
  },
  {
    name: 'PATCH /request/read/{id}',
    method: 'PATCH',
    url: (c) => `/api/request/read/${c.application.id}`,
    expect: { owner: 200, applicant: 404, other: 404, anon: 401 },
    mutates: ['owner'],
    seenBy: ['owner'],
  },
  {
    name: 'GET /request/tracking/incoming',
    method: 'GET',
    url: () => '/api/request/tracking/incoming',
    setup: { approved: true },
    expect: { owner: 200, applicant: 200, other: 200, anon: 401 },
    seenBy: ['applicant'],
  },
  {
    name: 'GET /request/tracking/outgoing',
    method: 'GET',
    url: () => '/api/request/tracking/outgoing',
    setup: { approved: true },
    expect: { owner: 200, applicant: 200, other: 200, anon: 401 },
    seenBy: ['owner'],
  },
];

describe('authorization matrix', () => {
  everyRouteHasARow(() => routesOf(requestsRoutes(t.app.deps)), rows);

  routeMatrix({
    t: () => t,
    who: WHO,
    rows,
    context,
    cookieOf: (who, c) => ({ owner: c.owner, applicant: c.applicant, other, anon: undefined })[who]?.cookie,
    snapshot,
    markers: (c) => [c.title],
  });
});
