import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { REQUESTS_PAGE_SIZE } from '@brushline/shared/requests/constants';
import {
  requestBodySchema,
  requestListSchema,
  type Request,
  type RequestBodyInput,
} from '@brushline/shared/requests/schemas';
import { afterBusMessage, closeAll, registerUser, twoInstances, type TestApp } from '../../test/harness.ts';
import { call, createCard, registerArtist, type TestUser } from '../../test/kit.ts';
import { TAG_VOCABULARY_TOPIC } from '../tags/tag-suggest-cache.ts';
import { createTag, editOf, fullTag, showNsfw, uniqueTitle } from '../tags/tag-fixtures.ts';
import { REQUESTS_TOPIC } from './request-list-cache.ts';
import { toRequestValues } from './requests.dto.ts';
import { insertRequest } from './requests.repo.ts';
import { applyTo, postRequest, sampleRequest } from './request-fixtures.ts';

// The public list's pages are cached per instance and read from remembered page starts (keyset;
// request-list-cache.ts, decision 0018 "Speed"). Each test reads first, so what it then checks
// would come from a warm cache or a stale start if a write did not reach it; writes go through
// instance A, lists are read on A and B (two servers of one deployment: one database, one cache
// bus). Each test lists its own requests by a unique word in their titles.

let a: TestApp;
let b: TestApp;
let ann: TestUser;
beforeAll(async () => {
  [a, b] = await twoInstances();
  ann = await registerUser(a.app, a.dataDir);
});
afterAll(() => closeAll(b, a));

const list = async (t: TestApp, query: string, user?: TestUser) => {
  const res = await call(t.app, 'GET', `/api/request/get/filter?${query}`, user?.cookie);
  expect(res.statusCode).toBe(200);
  return res.json<Request[]>();
};
const titles = async (t: TestApp, query: string, user?: TestUser) =>
  (await list(t, query, user)).map((r) => r.title);
const both = async (query: string) => [await titles(a, query), await titles(b, query)];

/** A write through A, once B has heard of it on `topic`. */
const onBoth = <T>(write: () => Promise<T>, topic = REQUESTS_TOPIC) => afterBusMessage(b, topic, write);

/** The owner saves `request` with `change` through A, once B has heard of it. */
const save = (owner: TestUser, request: Request, change: Partial<RequestBodyInput>) =>
  onBoth(() =>
    call(
      a.app,
      'PATCH',
      `/api/request/update/${request.id}`,
      owner.cookie,
      sampleRequest({ title: request.title, ...change }),
    ),
  );

/** `count` requests of `owner` titled `${word} 1` … (the last is the newest), stored one after another. */
async function seed(owner: TestUser, word: string, count: number) {
  for (let i = 1; i <= count; i += 1)
    await insertRequest(
      a.app.deps.db,
      owner.id,
      toRequestValues(requestBodySchema.parse(sampleRequest({ title: `${word} ${i}` }))),
    );
}

/** Every page of the list until an empty one, read in order. */
async function allPages(t: TestApp, query: string) {
  const pages: string[][] = [];
  for (let page = 1; ; page += 1) {
    const got = await titles(t, `${query}&page=${page}`);
    if (got.length === 0) return pages;
    pages.push(got);
  }
}

describe('the public list across writes', () => {
  it('shows a new request, an edit, hiding and deleting at once on every instance', async () => {
    const word = uniqueTitle('cnew');
    const q = `searchInTitle=${word}`;
    expect(await both(q)).toEqual([[], []]);
    const first = await onBoth(() => postRequest(a, ann, { title: `${word} 1` }));
    expect(await both(q)).toEqual([[`${word} 1`], [`${word} 1`]]);

    const renamed = `${word} renamed`;
    await save(ann, first, { title: renamed });
    expect(await both(q)).toEqual([[renamed], [renamed]]);

    await save(ann, first, { title: renamed, privacy: 'hidden' });
    expect(await both(q)).toEqual([[], []]);

    await save(ann, first, { title: renamed, privacy: 'public' });
    expect(await both(q)).toEqual([[renamed], [renamed]]);

    await onBoth(() => call(a.app, 'DELETE', `/api/request/delete/${first.guid}`, ann.cookie));
    expect(await both(q)).toEqual([[], []]);
  });

  it('counts a new application on every instance', async () => {
    const word = uniqueTitle('capply');
    const request = await postRequest(a, ann, { title: `${word} 1` });
    const q = `searchInTitle=${word}`;
    expect((await list(b, q))[0]!.applications).toBe(0);
    const artist = await registerArtist(a);
    const card = await createCard(a, artist, { title: 'Cached cards' });
    await onBoth(() => applyTo(a, artist, request.guid, card.uuid));
    expect((await list(a, q))[0]!.applications).toBe(1);
    expect((await list(b, q))[0]!.applications).toBe(1);
  });

  it('follows the tag vocabulary: a new parent brings its child’s requests into the filter', async () => {
    const word = uniqueTitle('ctag');
    const parent = await createTag(a, ann, { title: uniqueTitle('cparent') });
    const child = await createTag(a, ann, { title: uniqueTitle('cchild') });
    await postRequest(a, ann, { title: `${word} 1`, tags: [child.title] });
    const q = `tags=${parent.title}`;
    expect(await both(q)).toEqual([[], []]);
    await onBoth(
      () =>
        call(
          a.app,
          'PUT',
          `/api/tag/update/${child.id}`,
          ann.cookie,
          editOf(child, { parentTags: [parent.title] }),
        ),
      TAG_VOCABULARY_TOPIC,
    );
    expect(await both(q)).toEqual([[`${word} 1`], [`${word} 1`]]);
    // Renaming the tag renames it on the cached cards too.
    const renamed = uniqueTitle('crenamed');
    const fresh = await fullTag(a, child.id);
    await onBoth(
      () => call(a.app, 'PUT', `/api/tag/update/${child.id}`, ann.cookie, editOf(fresh, { title: renamed })),
      TAG_VOCABULARY_TOPIC,
    );
    expect((await list(b, q))[0]!.tags.map((t) => t.title)).toEqual([renamed]);
  });

  it('leaves out the tags a reader hides, whoever read the page first', async () => {
    const word = uniqueTitle('cnsfw');
    const nsfw = await createTag(a, ann, { title: uniqueTitle('cnsfwtag'), maturity: 'NSFW' });
    const sfw = await createTag(a, ann, { title: uniqueTitle('csfwtag') });
    // Bob hides `plants`: `fern`, its child, goes with it (decision 0017, "Hidden tags").
    const plants = await createTag(a, ann, { title: uniqueTitle('cplants') });
    const fern = await createTag(a, ann, { title: uniqueTitle('cfern'), parentTags: [plants.title] });
    const request = await postRequest(a, ann, {
      title: `${word} 1`,
      tags: [nsfw.title, sfw.title, fern.title],
    });
    const q = `searchInTitle=${word}`;
    const bob = await registerUser(a.app, a.dataDir);
    const hide = await call(a.app, 'PUT', '/api/user/hidden-tags', bob.cookie, {
      items: [{ title: plants.title, mode: 'hide' }],
    });
    expect(hide.statusCode).toBe(200);
    const eve = await registerUser(a.app, a.dataDir);
    await showNsfw(a, eve);
    const tagsOf = async (user?: TestUser) => (await list(a, q, user))[0]!.tags.map((t) => t.title).sort();
    const single = async (user?: TestUser) =>
      (await call(a.app, 'GET', `/api/request/get/${request.guid}`, user?.cookie))
        .json<{ request: Request }>()
        .request.tags.map((t) => t.title)
        .sort();
    const all = [nsfw.title, sfw.title, fern.title].sort();
    // Anonymous first (the cached page), then the owner and an NSFW reader, then anonymous again.
    expect(await tagsOf()).toEqual([sfw.title, fern.title].sort());
    expect(await tagsOf(ann)).toEqual(all);
    expect(await tagsOf(eve)).toEqual(all);
    expect(await tagsOf(bob)).toEqual([sfw.title]);
    expect(await tagsOf()).toEqual([sfw.title, fern.title].sort());
    // The request's own page leaves out the same tags.
    expect(await single(bob)).toEqual([sfw.title]);
    expect(await single(ann)).toEqual(all);
    // The list's JSON (fast-json-stringify) is exactly what the zod serializer writes, for each reader.
    const url = `/api/request/get/filter?${q}`;
    const zod = serializerCompiler({ schema: requestListSchema, method: 'GET', url });
    for (const who of [undefined, ann, bob, eve]) {
      const res = await call(a.app, 'GET', url, who?.cookie);
      expect(res.statusCode).toBe(200);
      expect(res.json<Request[]>().length).toBe(1);
      expect(res.body).toBe(zod(res.json()));
    }
  });
});

describe('page numbers read from remembered starts', () => {
  const pages = 3;
  let word: string;
  let pat: TestUser;
  beforeAll(async () => {
    // Stored directly, before anything of this list is read (the create route is rate-limited).
    pat = await registerUser(a.app, a.dataDir);
    word = uniqueTitle('cpage');
    await seed(pat, word, REQUESTS_PAGE_SIZE * pages - 5);
  });
  const expected = (from: number, to: number) =>
    Array.from({ length: to - from + 1 }, (_, i) => `${word} ${to - i}`);

  it('gives every request once, newest first, read in order or by jumping to a page', async () => {
    const total = REQUESTS_PAGE_SIZE * pages - 5;
    const inOrder = await allPages(a, `searchInTitle=${word}`);
    expect(inOrder.flat()).toEqual(expected(1, total));
    expect(inOrder.map((p) => p.length)).toEqual([
      REQUESTS_PAGE_SIZE,
      REQUESTS_PAGE_SIZE,
      REQUESTS_PAGE_SIZE - 5,
    ]);
    // B has read nothing of this filter: its page 3 walks the index to its start once.
    expect(await titles(b, `searchInTitle=${word}&page=3`)).toEqual(inOrder[2]);
    expect(await titles(b, `searchInTitle=${word}&page=2`)).toEqual(inOrder[1]);
    expect(await titles(b, `searchInTitle=${word}&page=4`)).toEqual([]);
    expect(await titles(b, `searchInTitle=${word}&page=99`)).toEqual([]);
  });

  it('moves every page by one when a request is added or deleted', async () => {
    const q = `searchInTitle=${word}`;
    const before = await allPages(b, q);
    const total = before.flat().length;
    const added = await onBoth(() => postRequest(a, pat, { title: `${word} ${total + 1}` }));
    const after = await allPages(b, q);
    expect(after.flat()).toEqual(expected(1, total + 1));
    expect(after[1]![0]).toBe(before[0]!.at(-1));
    await onBoth(() => call(a.app, 'DELETE', `/api/request/delete/${added.guid}`, pat.cookie));
    expect(await allPages(b, q)).toEqual(before);
    // Hiding the newest moves every page back by one the other way.
    const newest = (await list(a, q))[0]!;
    await save(pat, newest, { privacy: 'hidden' });
    expect((await allPages(b, q)).flat()).toEqual(expected(1, total - 1));
  });
});
