import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TagFull } from '@brushline/shared/tags/schemas';
import { createTestApp, registerUser, type TestApp } from '../../test/harness.ts';
import { everyRouteHasARow, routeMatrix, routesOf, type MatrixRow } from '../../test/route-matrix.ts';
import { actorOf, call } from '../../test/kit.ts';
import { tagsRoutes } from './tags.routes.ts';
import { createTag as createTagAs } from './tags.service.ts';
import { editOf, registerStaff, uniqueTitle, type TestUser } from './tag-fixtures.ts';

/**
 * Every tag route × every kind of caller: the tag's creator, another signed-in user, an anonymous
 * reader and staff (a moderator). Anyone reads; signed-in users create and edit; only staff merge
 * and delete. After a refused call, the tag, the target of a merge and the table are unchanged.
 */
type Who = 'creator' | 'other' | 'anon' | 'staff';
const WHO: Who[] = ['creator', 'other', 'anon', 'staff'];

interface Ctx {
  tag: TagFull;
  target: TagFull;
}
type Row = MatrixRow<Who, Ctx>;

let t: TestApp;
const users = {} as Record<Exclude<Who, 'anon'>, TestUser>;
beforeAll(async () => {
  t = await createTestApp();
  users.creator = await registerUser(t.app, t.dataDir);
  users.other = await registerUser(t.app, t.dataDir);
  users.staff = await registerStaff(t);
});
afterAll(() => t.close());

const cookieOf = (who: Who) => (who === 'anon' ? undefined : users[who].cookie);

/** Made through the service: the route's per-user write limit is for people, not for this table. */
async function context(): Promise<Ctx> {
  const u = users.creator;
  const actor = actorOf(u);
  const body = {
    description: '',
    maturity: 'SFW' as const,
    tagType: 'General' as const,
    synonyms: [],
    parentTags: [],
  };
  const target = await createTagAs(t.app.deps, actor, { ...body, title: uniqueTitle('target') });
  const tag = await createTagAs(t.app.deps, actor, {
    ...body,
    title: uniqueTitle('authz'),
    synonyms: [uniqueTitle('authz_syn')],
    parentTags: [target.title],
  });
  return { tag, target };
}

async function snapshot(c: Ctx) {
  const get = async (url: string) => {
    const res = await call(t.app, 'GET', url);
    // A tag gone (deleted) is a 404: a state too; anything else is a broken read.
    if (res.statusCode !== 200 && res.statusCode !== 404)
      throw new Error(`${url} ${res.statusCode}: ${res.body}`);
    return res.body;
  };
  return [
    await get(`/api/tag/get/byIdFull/${c.tag.id}`),
    await get(`/api/tag/get/byIdFull/${c.target.id}`),
    JSON.parse(await get('/api/tags/take/1')).total as number,
  ];
}

const rows: Row[] = [
  {
    name: 'GET /tags/take/{page}',
    method: 'GET',
    url: () => '/api/tags/take/1?filter=authz',
    expect: { creator: 200, other: 200, anon: 200, staff: 200 },
  },
  {
    name: 'GET /tags/autocomplete',
    method: 'GET',
    url: (c) => `/api/tags/autocomplete?q=${c.tag.title}`,
    expect: { creator: 200, other: 200, anon: 200, staff: 200 },
  },
  {
    name: 'GET /tag/get/{title}',
    method: 'GET',
    url: (c) => `/api/tag/get/${c.tag.title}`,
    expect: { creator: 200, other: 200, anon: 200, staff: 200 },
  },
  {
    name: 'GET /tag/get/byIdFull/{id}',
    method: 'GET',
    url: (c) => `/api/tag/get/byIdFull/${c.tag.id}`,
    expect: { creator: 200, other: 200, anon: 200, staff: 200 },
  },
  {
    name: 'POST /tag/create',
    method: 'POST',
    url: () => '/api/tag/create',
    body: () => ({ title: uniqueTitle('made') }),
    expect: { creator: 200, other: 200, anon: 401, staff: 200 },
    mutates: ['creator', 'other', 'staff'],
  },
  {
    name: 'PUT /tag/update/{id}',
    method: 'PUT',
    url: (c) => `/api/tag/update/${c.tag.id}`,
    body: (c) => editOf(c.tag, { description: 'Edited' }),
    expect: { creator: 200, other: 200, anon: 401, staff: 200 },
    mutates: ['creator', 'other', 'staff'],
  },
  {
    name: 'POST /tag/merge/{id}',
    method: 'POST',
    url: (c) => `/api/tag/merge/${c.tag.id}`,
    body: (c) => ({ into: c.target.title }),
    // Merging into its own parent: the self link is dropped, not a cycle.
    expect: { creator: 403, other: 403, anon: 401, staff: 200 },
    mutates: ['staff'],
  },
  {
    name: 'DELETE /tag/delete/{id}',
    method: 'DELETE',
    url: (c) => `/api/tag/delete/${c.tag.id}`,
    expect: { creator: 403, other: 403, anon: 401, staff: 200 },
    mutates: ['staff'],
  },
];

describe('tag routes × callers', () => {
  everyRouteHasARow(() => routesOf(tagsRoutes(t.app.deps)), rows);

  routeMatrix({
    t: () => t,
    who: WHO,
    rows,
    context: () => context(),
    cookieOf: (who) => cookieOf(who),
    snapshot,
    mutatesMust: true,
  });
});

describe('bad input changes nothing', () => {
  it('refused bodies, ids and versions leave the tag as it was', async () => {
    const c = await context();
    const before = await snapshot(c);
    const bad: [string, string, unknown][] = [
      ['PUT', `/api/tag/update/${c.tag.id}`, { ...editOf(c.tag), version: undefined }],
      ['PUT', `/api/tag/update/${c.tag.id}`, editOf(c.tag, { maturity: 'Mild' as 'SFW' })],
      ['PUT', `/api/tag/update/${c.tag.id}`, editOf(c.tag, { tagType: 'Animal' as 'General' })],
      ['PUT', `/api/tag/update/${c.tag.id}`, editOf(c.tag, { description: 'x'.repeat(5001) })],
      ['PUT', `/api/tag/update/${c.tag.id}`, editOf(c.tag, { title: 'bad\u0000title' })],
      [
        'PUT',
        `/api/tag/update/${c.tag.id}`,
        editOf(c.tag, { synonyms: Array.from({ length: 21 }, (_, i) => `s${i}`) }),
      ],
      ['PUT', `/api/tag/update/${c.tag.id}`, editOf(c.tag, { title: c.target.title })],
      ['PUT', `/api/tag/update/${c.tag.id}`, editOf(c.tag, { parentTags: [c.tag.synonyms[0]!.title] })],
      ['PUT', '/api/tag/update/0', editOf(c.tag)],
      ['PUT', '/api/tag/update/99999999', editOf(c.tag)],
      ['POST', `/api/tag/merge/${c.tag.id}`, { into: 'no_such_tag_at_all' }],
      ['POST', `/api/tag/merge/${c.tag.id}`, { into: c.tag.synonyms[0]!.title }],
    ];
    for (const [method, url, body] of bad) {
      const res = await call(t.app, method as 'PUT', url, users.staff.cookie, body);
      expect(res.statusCode, `${url} ${JSON.stringify(body).slice(0, 80)}`).toBeGreaterThanOrEqual(400);
    }
    expect(await snapshot(c)).toEqual(before);
  });
});
