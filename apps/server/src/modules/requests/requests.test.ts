import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@brushline/shared/messages';
import { REQUESTS_PAGE_SIZE } from '@brushline/shared/requests/constants';
import { requestMessages } from '@brushline/shared/requests/messages';
import type { Request, RequestBodyInput, RequestPage } from '@brushline/shared/requests/schemas';
import { createTestApp, registerUser, type TestApp } from '../../test/harness.ts';
import { uploadImage } from '../../test/media-fixtures.ts';
import { call, type TestUser } from '../../test/kit.ts';
import { createTag, uniqueTitle } from '../tags/tag-fixtures.ts';
import { postRequest, sampleRequest } from './request-fixtures.ts';

let t: TestApp;
let ann: TestUser;
let bob: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  ann = await registerUser(t.app, t.dataDir);
  bob = await registerUser(t.app, t.dataDir);
});
afterAll(() => t.close());

const owned = async (user: TestUser) =>
  (await call(t.app, 'GET', '/api/request/owned/get', user.cookie)).json<Request[]>();

describe('SPEC §5 prices and deadline, as stored', () => {
  // input → stored, the table of decision 0018 (the server fixes the maximum)
  const table: [
    name: string,
    input: { priceMin: number; priceMax: number; deadline: number | string },
    stored: [number, number, number],
  ][] = [
    ['in range', { priceMin: 10, priceMax: 20, deadline: 7 }, [10, 20, 7]],
    ['negative minimum becomes 0', { priceMin: -5, priceMax: 20, deadline: 7 }, [0, 20, 7]],
    ['both negative become 0', { priceMin: -5, priceMax: -1, deadline: 7 }, [0, 0, 7]],
    ['above the cap becomes the cap', { priceMin: 20, priceMax: 20_000, deadline: 7 }, [20, 10_000, 7]],
    [
      'minimum above the maximum raises the maximum',
      { priceMin: 500, priceMax: 100, deadline: 7 },
      [500, 500, 7],
    ],
    [
      'minimum above the cap, maximum below it',
      { priceMin: 12_000, priceMax: 100, deadline: 7 },
      [10_000, 10_000, 7],
    ],
    ['equal bounds stay', { priceMin: 75.5, priceMax: 75.5, deadline: 7 }, [75.5, 75.5, 7]],
    ['cents are kept, finer is rounded', { priceMin: 0.125, priceMax: 9.999, deadline: 7 }, [0.13, 10, 7]],
    ['deadline above 365 is capped', { priceMin: 0, priceMax: 0, deadline: 1000 }, [0, 0, 365]],
    ['deadline 365 stays', { priceMin: 0, priceMax: 0, deadline: 365 }, [0, 0, 365]],
    ['deadline 0 becomes 1', { priceMin: 0, priceMax: 0, deadline: 0 }, [0, 0, 1]],
    ['negative deadline becomes 1', { priceMin: 0, priceMax: 0, deadline: -3 }, [0, 0, 1]],
    ['deadline as text (SPEC: held as text)', { priceMin: 0, priceMax: 0, deadline: '45' }, [0, 0, 45]],
  ];
  it.each(table)('%s', async (_name, input, [min, max, days]) => {
    const r = await postRequest(t, ann, input);
    expect([r.priceMin, r.priceMax, r.deadline]).toEqual([min, max, days]);
    const again = await call(t.app, 'PATCH', `/api/request/update/${r.id}`, ann.cookie, sampleRequest(input));
    const saved = again.json<{ request: Request }>().request;
    expect([saved.priceMin, saved.priceMax, saved.deadline]).toEqual([min, max, days]);
    await call(t.app, 'DELETE', `/api/request/delete/${r.guid}`, ann.cookie);
  });
});

describe('request CRUD', () => {
  it('creates (answering the guid and SPEC message), reads, updates, deletes', async () => {
    const ref = await uploadImage(t.app, ann.cookie, { purpose: 'reference' });
    const res = await call(
      t.app,
      'POST',
      '/api/request/create',
      ann.cookie,
      sampleRequest({ attachedMedia: [ref.id] }),
    );
    expect(res.statusCode).toBe(200);
    const created = res.json<{ guid: string; request: Request; message: string }>();
    expect(created.message).toBe(messages.requestCreated);
    expect(created.guid).toBe(created.request.guid);
    expect(created.request.attachedMedia.map((m) => m.id)).toEqual([ref.id]);
    const page = (await call(t.app, 'GET', `/api/request/get/${created.guid}`)).json<RequestPage>();
    expect(page.request.title).toBe('A fox in the snow');
    expect(page.myApplication).toBeNull();

    const upd = await call(
      t.app,
      'PATCH',
      `/api/request/update/${created.request.id}`,
      ann.cookie,
      sampleRequest({ title: 'Two foxes', attachedMedia: [] }),
    );
    expect(upd.json().message).toBe(messages.requestSaved);
    expect(upd.json<{ request: Request }>().request.attachedMedia).toEqual([]);
    expect((await owned(ann)).map((r) => r.title)).toContain('Two foxes');

    const del = await call(t.app, 'DELETE', `/api/request/delete/${created.guid}`, ann.cookie);
    expect(del.json().message).toBe(messages.requestDeleted);
    expect((await call(t.app, 'GET', `/api/request/get/${created.guid}`)).statusCode).toBe(404);
  });

  it.each([
    ['title too long', { title: 'x'.repeat(33) }, requestMessages.titleTooLong],
    ['empty title', { title: '  ' }, requestMessages.titleRequired],
    ['description too long', { description: 'x'.repeat(1201) }, requestMessages.descriptionTooLong],
    [
      'requirements too long',
      { additionalRequirements: 'x'.repeat(601) },
      requestMessages.requirementsTooLong,
    ],
    ['preferences too long', { preferences: 'x'.repeat(801) }, requestMessages.preferencesTooLong],
    ['16 tags', { tags: Array.from({ length: 16 }, (_, i) => `t${i}`) }, requestMessages.tooManyTags],
    ['unknown type of work', { typeOfWork: 'sculpture' as never }, requestMessages.typeOfWorkInvalid],
    ['no type of work', { typeOfWork: undefined }, requestMessages.typeOfWorkRequired],
    ['price not a number', { priceMin: 'ten' as never }, requestMessages.priceInvalid],
  ])('refuses %s with 400 and stores nothing', async (_name, change, message) => {
    const before = await owned(bob);
    const res = await call(t.app, 'POST', '/api/request/create', bob.cookie, sampleRequest(change));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(message);
    expect(await owned(bob)).toEqual(before);
  });

  it('refuses 11 attachments, someone else’s upload and an unknown tag, changing nothing on update', async () => {
    const mine = await postRequest(t, bob, { title: 'Unchanged' });
    const ids = await Promise.all(
      Array.from({ length: 11 }, () => uploadImage(t.app, bob.cookie, { purpose: 'reference' })),
    );
    const annsUpload = await uploadImage(t.app, ann.cookie, { purpose: 'reference' });
    const tries: [Partial<RequestBodyInput>, number][] = [
      [{ attachedMedia: ids.map((m) => m.id) }, 400],
      [{ attachedMedia: [annsUpload.id] }, 404],
      [{ tags: [uniqueTitle('nope')] }, 400],
    ];
    for (const [change, status] of tries) {
      const res = await call(
        t.app,
        'PATCH',
        `/api/request/update/${mine.id}`,
        bob.cookie,
        sampleRequest({ title: 'Changed', ...change }),
      );
      expect(res.statusCode).toBe(status);
    }
    expect((await owned(bob)).find((r) => r.id === mine.id)!.title).toBe('Unchanged');
  });
});

describe('hidden requests never leak', () => {
  it('single, lists and filters show a hidden request to its owner only', async () => {
    const word = uniqueTitle('secretword');
    const hidden = await postRequest(t, ann, { title: 'Hidden one', description: word, privacy: 'hidden' });
    expect((await call(t.app, 'GET', `/api/request/get/${hidden.guid}`, ann.cookie)).statusCode).toBe(200);
    for (const cookie of [bob.cookie, undefined]) {
      expect((await call(t.app, 'GET', `/api/request/get/${hidden.guid}`, cookie)).statusCode).toBe(404);
      const list = await call(
        t.app,
        'GET',
        `/api/request/get/filter?page=1&searchInDecriptions=${word}`,
        cookie,
      );
      expect(list.json()).toEqual([]);
    }
    // Not even its owner finds it in the public list.
    const own = await call(t.app, 'GET', `/api/request/get/filter?searchInDecriptions=${word}`, ann.cookie);
    expect(own.json()).toEqual([]);
    expect((await owned(ann)).some((r) => r.guid === hidden.guid)).toBe(true);
  });
});

describe('the public filter', () => {
  it('filters by price, deadline, words, type of work and tags with descendants and synonyms', async () => {
    const staffless = await registerUser(t.app, t.dataDir);
    const animal = await createTag(t, staffless, { title: uniqueTitle('animal') });
    const fox = await createTag(t, staffless, {
      title: uniqueTitle('fox'),
      parentTags: [animal.title],
      synonyms: [uniqueTitle('vulpes')],
    });
    const mark = uniqueTitle('m');
    const a = await postRequest(t, ann, {
      title: `cheap ${mark}`.slice(0, 32),
      priceMin: 10,
      priceMax: 40,
      deadline: 10,
      tags: [fox.title],
    });
    const b = await postRequest(t, ann, {
      title: `dear ${mark}`.slice(0, 32),
      priceMin: 500,
      priceMax: 900,
      deadline: 90,
      typeOfWork: 'comic',
      tags: [animal.title],
    });
    const c = await postRequest(t, ann, {
      title: `mid ${mark}`.slice(0, 32),
      description: `about ${mark}`,
      priceMin: 100,
      priceMax: 200,
      deadline: 30,
    });
    const q = async (query: string) =>
      (
        await call(
          t.app,
          'GET',
          `/api/request/get/filter?searchInTitle=${mark}&searchInDecriptions=${mark}&${query}`,
        )
      )
        .json<Request[]>()
        .map((r) => r.guid)
        .sort();
    const sorted = (...rs: Request[]) => rs.map((r) => r.guid).sort();
    expect(await q('page=1')).toEqual(sorted(a, b, c));
    expect(await q('maxPrice=150')).toEqual(sorted(a, c));
    expect(await q('minPrice=300')).toEqual(sorted(b));
    expect(await q('minPrice=30&maxPrice=120')).toEqual(sorted(a, c));
    expect(await q('minDeadline=30')).toEqual(sorted(b, c));
    expect(await q('typeOfWork=comic')).toEqual(sorted(b));
    expect(await q(`tags=${animal.title}`)).toEqual(sorted(a, b));
    expect(await q(`tags=${fox.title}`)).toEqual(sorted(a));
    expect(await q(`tags=${fox.synonyms[0]!.title}`)).toEqual(sorted(a));
    expect(await q(`tags=${uniqueTitle('unknown')}`)).toEqual([]);
    expect(await q('page=2')).toEqual([]);
    const words = await call(t.app, 'GET', `/api/request/get/filter?searchInDecriptions=about%20${mark}`);
    expect(words.json<Request[]>().map((r) => r.guid)).toEqual([c.guid]);
    expect(words.json<Request[]>()[0]!.applications).toBe(0);
  });

  it('pages by REQUESTS_PAGE_SIZE, newest first, and refuses a bad page', async () => {
    const mark = uniqueTitle('pg');
    for (let i = 0; i < REQUESTS_PAGE_SIZE + 2; i += 1)
      await postRequest(t, bob, { title: `${i}`, description: mark });
    const one = (await call(t.app, 'GET', `/api/request/get/filter?page=1&searchInDecriptions=${mark}`)).json<
      Request[]
    >();
    const two = (await call(t.app, 'GET', `/api/request/get/filter?page=2&searchInDecriptions=${mark}`)).json<
      Request[]
    >();
    expect(one).toHaveLength(REQUESTS_PAGE_SIZE);
    expect(one[0]!.title).toBe(String(REQUESTS_PAGE_SIZE + 1));
    expect(two.map((r) => r.title)).toEqual(['1', '0']);
    expect((await call(t.app, 'GET', '/api/request/get/filter?page=0')).statusCode).toBe(400);
  });

  it('lists a card as its own page shows it: owner, tags, attachments in their order', async () => {
    // The list reads a page's ids, then their rows by id (requests-page.repo.ts): both in order.
    const tagA = await createTag(t, ann, { title: uniqueTitle('zeta') });
    const tagB = await createTag(t, ann, { title: uniqueTitle('alpha') });
    const refs = [
      await uploadImage(t.app, bob.cookie, { purpose: 'reference' }),
      await uploadImage(t.app, bob.cookie, { purpose: 'reference' }),
    ];
    const mark = uniqueTitle('card');
    const older = await postRequest(t, bob, { description: mark, tags: [tagA.title, tagB.title] });
    const newer = await postRequest(t, bob, {
      description: mark,
      attachedMedia: [refs[1]!.id, refs[0]!.id],
    });
    const listed = (await call(t.app, 'GET', `/api/request/get/filter?searchInDecriptions=${mark}`)).json<
      Request[]
    >();
    const pageOf = async (guid: string) =>
      (await call(t.app, 'GET', `/api/request/get/${guid}`)).json<RequestPage>().request;
    expect(listed).toEqual([await pageOf(newer.guid), await pageOf(older.guid)]);
    expect(listed[0]!.attachedMedia.map((m) => m.id)).toEqual([refs[1]!.id, refs[0]!.id]);
    expect(listed[1]!.tags.map((x) => x.title).sort()).toEqual([tagA.title, tagB.title].sort());
  });
});
