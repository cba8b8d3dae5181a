import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@brushline/shared/messages';
import { tagMessages } from '@brushline/shared/tags/messages';
import type { Tag, TagFull, TagPage, TagSuggestion } from '@brushline/shared/tags/schemas';
import { createTestApp, registerUser, type TestApp } from '../../test/harness.ts';
import { call } from '../../test/kit.ts';
import {
  createTag,
  editOf,
  fullTag,
  registerStaff,
  showNsfw,
  tagThing,
  uniqueTitle,
  type TestUser,
} from './tag-fixtures.ts';
import { carriesAnyOfSql, subjectsTaggedWith, tagSearchIds, tagsOf } from './tag-usage.service.ts';

let t: TestApp;
let ann: TestUser;
let bob: TestUser;
let mod: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  ann = await registerUser(t.app, t.dataDir);
  bob = await registerUser(t.app, t.dataDir);
  mod = await registerStaff(t);
});
afterAll(() => t.close());

const post = (user: TestUser | null, url: string, body: unknown) =>
  call(t.app, 'POST', url, user?.cookie, body);
const put = (user: TestUser | null, url: string, body: unknown) =>
  call(t.app, 'PUT', url, user?.cookie, body);
const get = (url: string, user?: TestUser) => call(t.app, 'GET', url, user?.cookie);
const total = async () => {
  const res = await get('/api/tags/take/1');
  expect(res.statusCode).toBe(200);
  return res.json<TagPage>().total;
};
const errorOf = (res: { json: <T>() => T }) => res.json<{ error: { code: string; message: string } }>().error;

describe('titles', () => {
  it('are normalised and unique across case, spaces and synonyms (409 Tag already exists)', async () => {
    const base = uniqueTitle('Reference');
    const tag = await createTag(t, ann, {
      title: `  ${base.toUpperCase().replaceAll('_', '  ')} `,
      synonyms: [`${base}_alias`],
    });
    expect(tag.title).toBe(base.toLowerCase());
    for (const title of [base.toUpperCase(), base.replaceAll('_', ' '), `${base}_ALIAS`]) {
      const res = await post(bob, '/api/tag/create', { title });
      expect(res.statusCode, title).toBe(409);
      expect(errorOf(res).message).toBe(messages.tagExists);
    }
  });

  it('refuses bad characters and empty or too long titles with the rule, and stores nothing', async () => {
    const before = await total();
    expect(before).toBeGreaterThan(0);
    for (const [title, message] of [
      ['   ', tagMessages.titleRequired],
      ['a/b', tagMessages.titleCharacters],
      ['-minus', tagMessages.titleCharacters],
      ['x'.repeat(65), tagMessages.titleTooLong],
    ] as const) {
      const res = await post(ann, '/api/tag/create', { title });
      expect(res.statusCode, title).toBe(400);
      expect(errorOf(res).message).toBe(message);
    }
    expect(await total()).toBe(before);
  });
});

describe('the wiki table', () => {
  it('pages a filtered list to an empty page past the end, exact match first', async () => {
    const stem = uniqueTitle('pg');
    for (const suffix of ['b', 'a', ''])
      await createTag(t, ann, { title: suffix ? `${stem}_${suffix}` : stem });
    const first = (await get(`/api/tags/take/1?filter=${stem}`)).json<TagPage>();
    expect(first.items.map((i) => i.title)).toEqual([stem, `${stem}_a`, `${stem}_b`]);
    expect(first.total).toBe(3);
    expect((await get(`/api/tags/take/2?filter=${stem}`)).json<TagPage>().items).toEqual([]);
    expect((await get('/api/tags/take/0')).statusCode).toBe(400);
  });
});

describe('synonyms', () => {
  it('a lookup or a search by a synonym finds the canonical tag', async () => {
    const title = uniqueTitle('kitty');
    const cat = await createTag(t, ann, { title, synonyms: [`${title}_syn`] });
    const found = (await get(`/api/tag/get/${encodeURIComponent(`${title.toUpperCase()}_SYN`)}`)).json<Tag>();
    expect(found.id).toBe(cat.id);
    expect(found.synonyms.map((s) => s.title)).toEqual([`${title}_syn`]);
    const page = (await get(`/api/tags/take/1?filter=${title}_syn`)).json<TagPage>();
    expect(page.items.map((i) => i.id)).toEqual([cat.id]);
  });

  it('refuses self-reference, chains and a second canonical with a 400 that names the rule', async () => {
    const a = await createTag(t, ann, { title: uniqueTitle('a'), synonyms: [uniqueTitle('a_syn')] });
    const b = await createTag(t, ann, { title: uniqueTitle('b') });
    const aSyn = a.synonyms[0]!.title;
    const cases: [string, TagFull, object, string][] = [
      ['self', b, { synonyms: [b.title] }, tagMessages.synonymOfItself],
      ['second canonical', b, { synonyms: [aSyn] }, tagMessages.synonymHasCanonical(aSyn, a.title)],
      ['canonical as synonym', b, { synonyms: [a.title] }, tagMessages.synonymIsCanonical(a.title)],
    ];
    for (const [name, tag, change, message] of cases) {
      const res = await put(bob, `/api/tag/update/${tag.id}`, editOf(tag, change));
      expect(res.statusCode, name).toBe(400);
      expect(errorOf(res).message, name).toBe(message);
    }
    // A synonym cannot have synonyms of its own.
    const synonym = await fullTag(t, a.synonyms[0]!.id);
    const res = await put(
      bob,
      `/api/tag/update/${synonym.id}`,
      editOf(synonym, { synonyms: [uniqueTitle('deeper')] }),
    );
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).message).toBe(tagMessages.synonymCannotHaveSynonyms(a.title));
    // Nothing moved.
    expect((await fullTag(t, a.id)).synonyms.map((s) => s.id)).toEqual([synonym.id]);
    expect((await fullTag(t, b.id)).version).toBe(b.version);
  });

  it('attaches an unused tag, refuses one in use, and lets a dropped synonym stand alone', async () => {
    const main = await createTag(t, ann, { title: uniqueTitle('main') });
    const loose = await createTag(t, ann, { title: uniqueTitle('loose') });
    const used = await createTag(t, ann, { title: uniqueTitle('used') });
    await tagThing(t, 'test', 'thing-used', [used.title]);
    const refused = await put(ann, `/api/tag/update/${main.id}`, editOf(main, { synonyms: [used.title] }));
    expect(errorOf(refused).message).toBe(tagMessages.synonymInUse(used.title));
    const ok = await put(ann, `/api/tag/update/${main.id}`, editOf(main, { synonyms: [loose.title] }));
    expect(ok.statusCode).toBe(200);
    expect((await fullTag(t, loose.id)).synonymOf?.id).toBe(main.id);
    const now = await fullTag(t, main.id);
    await put(ann, `/api/tag/update/${main.id}`, editOf(now, { synonyms: [] }));
    expect((await fullTag(t, loose.id)).synonymOf).toBeNull();
  });
});

describe('parents', () => {
  it('refuses a cycle with a 400 naming it, and a parent that does not exist', async () => {
    const animal = await createTag(t, ann, { title: uniqueTitle('animal') });
    const feline = await createTag(t, ann, { title: uniqueTitle('feline'), parentTags: [animal.title] });
    const cat = await createTag(t, ann, { title: uniqueTitle('cat'), parentTags: [feline.title] });
    const res = await put(bob, `/api/tag/update/${animal.id}`, editOf(animal, { parentTags: [cat.title] }));
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).message).toBe(
      tagMessages.cycle([animal.title, cat.title, feline.title, animal.title]),
    );
    const self = await put(
      bob,
      `/api/tag/update/${animal.id}`,
      editOf(animal, { parentTags: [animal.title] }),
    );
    expect(errorOf(self).message).toBe(tagMessages.parentIsItself);
    const missing = await post(bob, '/api/tag/create', {
      title: uniqueTitle(),
      parentTags: ['no_such_tag_here'],
    });
    expect(errorOf(missing).message).toBe(tagMessages.parentMissing('no_such_tag_here'));
    expect((await fullTag(t, animal.id)).parentTags).toEqual([]);
    expect((await fullTag(t, feline.id)).childTags.map((c) => c.id)).toEqual([cat.id]);
    expect((await fullTag(t, animal.id)).isRoot).toBe(true);
    expect((await fullTag(t, cat.id)).isRoot).toBe(false);
  });

  it('a parent named by its synonym means the canonical tag', async () => {
    const big = await createTag(t, ann, { title: uniqueTitle('big'), synonyms: [uniqueTitle('large')] });
    const child = await createTag(t, ann, {
      title: uniqueTitle('huge'),
      parentTags: [big.synonyms[0]!.title],
    });
    expect(child.parentTags.map((p) => p.id)).toEqual([big.id]);
  });
});

describe('search by tag (ancestor expansion) and usage counts', () => {
  it('"animal" finds a thing tagged "cat" when cat → feline → animal; a synonym stores the canonical tag', async () => {
    const animal = await createTag(t, ann, { title: uniqueTitle('animal') });
    const feline = await createTag(t, ann, { title: uniqueTitle('feline'), parentTags: [animal.title] });
    const cat = await createTag(t, ann, {
      title: uniqueTitle('cat'),
      parentTags: [feline.title],
      synonyms: [uniqueTitle('moggy')],
    });
    const dog = await createTag(t, ann, { title: uniqueTitle('dog'), parentTags: [animal.title] });
    const stored = await tagThing(t, 'test', 'item-1', [cat.synonyms[0]!.title]);
    expect(stored.map((s) => s.id)).toEqual([cat.id]);
    await tagThing(t, 'test', 'item-2', [dog.title]);
    const ids = await tagSearchIds(t.app.deps, null, animal.title);
    expect(new Set(ids)).toEqual(new Set([animal.id, feline.id, cat.id, dog.id]));
    expect((await subjectsTaggedWith(t.app.deps, null, 'test', animal.title)).sort()).toEqual([
      'item-1',
      'item-2',
    ]);
    expect(await subjectsTaggedWith(t.app.deps, null, 'test', feline.title)).toEqual(['item-1']);
    expect(await subjectsTaggedWith(t.app.deps, null, 'test', cat.synonyms[0]!.title)).toEqual(['item-1']);
    expect((await fullTag(t, cat.id)).usageCount).toBe(1);
    // The same search as a condition inside another feature's query.
    const hits = await t.app.deps.db.execute<{ id: string }>(
      sql`select id from (values ('item-1'), ('item-2'), ('item-3')) as things(id)
          where ${carriesAnyOfSql('test', sql`things.id`, [feline.id])}`,
    );
    expect(hits.rows.map((r) => r.id)).toEqual(['item-1']);
  });

  it('keeps usage counts exact as tags are set, replaced and cleared, and refuses unknown tags', async () => {
    const a = await createTag(t, ann, { title: uniqueTitle('ua') });
    const b = await createTag(t, ann, { title: uniqueTitle('ub') });
    await tagThing(t, 'test', 'u1', [a.title, b.title]);
    await tagThing(t, 'test', 'u2', [a.title]);
    expect([(await fullTag(t, a.id)).usageCount, (await fullTag(t, b.id)).usageCount]).toEqual([2, 1]);
    await tagThing(t, 'test', 'u1', [b.title]);
    expect([(await fullTag(t, a.id)).usageCount, (await fullTag(t, b.id)).usageCount]).toEqual([1, 1]);
    await expect(tagThing(t, 'test', 'u2', ['nothing_like_this'])).rejects.toMatchObject({ statusCode: 400 });
    expect(await tagsOf(t.app.deps, null, { kind: 'test', id: 'u2' })).toMatchObject([{ id: a.id }]);
    await tagThing(t, 'test', 'u2', []);
    expect((await fullTag(t, a.id)).usageCount).toBe(0);
  });
});

describe('versions and history', () => {
  it('a stale version answers 409 and changes nothing; history says who changed what', async () => {
    const tag = await createTag(t, ann, { title: uniqueTitle('v'), description: 'first' });
    const first = await put(bob, `/api/tag/update/${tag.id}`, editOf(tag, { description: 'second' }));
    expect(first.statusCode).toBe(200);
    expect(first.json<{ message: string }>().message).toBe(messages.tagUpdated);
    const stale = await put(ann, `/api/tag/update/${tag.id}`, editOf(tag, { description: 'third' }));
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale).code).toBe('tag_version_conflict');
    const now = await fullTag(t, tag.id);
    expect(now.description).toBe('second');
    expect(now.version).toBe(tag.version + 1);
    expect(now.history[0]).toMatchObject({
      version: now.version,
      kind: 'update',
      actor: { login: bob.login },
      changes: [{ field: 'description', before: 'first', after: 'second' }],
    });
    expect(now.contributers.map((c) => c.login)).toEqual([ann.login, bob.login]);
    expect(now.creator?.login).toBe(ann.login);
    // Saving without a change keeps the version.
    const same = await put(ann, `/api/tag/update/${tag.id}`, editOf(now));
    expect(same.json<{ tag: TagFull }>().tag.version).toBe(now.version);
  });
});

describe('NSFW tags', () => {
  it('are left out of the table and 404 as pages for readers who do not display NSFW, anonymous ones included', async () => {
    const stem = uniqueTitle('nsfwcase');
    const shown = await createTag(t, ann, { title: `${stem}_sfw` });
    const hidden = await createTag(t, ann, {
      title: `${stem}_adult`,
      maturity: 'NSFW',
      parentTags: [shown.title],
      synonyms: [`${stem}_alias`],
    });
    const reader = await registerUser(t.app, t.dataDir);
    await showNsfw(t, reader);
    const synonymId = hidden.synonyms[0]!.id;
    for (const who of [undefined, bob]) {
      const page = (await get(`/api/tags/take/1?filter=${stem}`, who)).json<TagPage>();
      expect(page.items.map((i) => i.id)).toEqual([shown.id]);
      expect(page.total).toBe(1);
      expect((await get(`/api/tags/take/1?filter=${stem}_alias`, who)).json<TagPage>().total).toBe(0);
      for (const url of [
        `/api/tag/get/${hidden.title}`,
        `/api/tag/get/${stem}_alias`,
        `/api/tag/get/byIdFull/${hidden.id}`,
        `/api/tag/get/byIdFull/${synonymId}`,
      ]) {
        const res = await get(url, who);
        expect(res.statusCode, url).toBe(404);
        expect(errorOf(res).message).toBe(tagMessages.tagMissing);
      }
      expect((await get(`/api/tag/get/byIdFull/${shown.id}`, who)).json<TagFull>().childTags).toEqual([]);
    }
    const page = (await get(`/api/tags/take/1?filter=${stem}`, reader)).json<TagPage>();
    expect(page.items.map((i) => i.id).sort()).toEqual([shown.id, hidden.id].sort());
    expect((await get(`/api/tag/get/${stem}_alias`, reader)).json<Tag>().id).toBe(hidden.id);
    expect((await get(`/api/tag/get/byIdFull/${synonymId}`, reader)).statusCode).toBe(200);
    const parent = (await get(`/api/tag/get/byIdFull/${shown.id}`, reader)).json<TagFull>();
    expect(parent.childTags.map((c) => c.id)).toEqual([hidden.id]);
  });
});

describe('an NSFW tag for its creator who hides NSFW', () => {
  it('has a page right after creating it (and its synonym), but stays out of the table and the autocomplete', async () => {
    const maker = await registerUser(t.app, t.dataDir);
    const stem = uniqueTitle('ownnsfw');
    const tag = await createTag(t, maker, { title: stem, maturity: 'NSFW', synonyms: [`${stem}_alias`] });
    for (const url of [
      `/api/tag/get/${stem}`,
      `/api/tag/get/${stem}_alias`,
      `/api/tag/get/byIdFull/${tag.id}`,
      `/api/tag/get/byIdFull/${tag.synonyms[0]!.id}`,
    ]) {
      expect((await get(url, maker)).statusCode, url).toBe(200);
      expect((await get(url, bob)).statusCode, url).toBe(404);
    }
    expect((await get(`/api/tags/take/1?filter=${stem}`, maker)).json<TagPage>().total).toBe(0);
    const suggested = (await get(`/api/tags/autocomplete?q=${stem}`, maker)).json<{
      items: TagSuggestion[];
    }>();
    expect(suggested.items).toEqual([]);
  });
});

describe('staff: merge and delete', () => {
  it('merging makes the tag a synonym, moves usages (one per thing) and links, keeps history', async () => {
    const parent = await createTag(t, ann, { title: uniqueTitle('p') });
    const kitty = await createTag(t, ann, { title: uniqueTitle('kitty'), parentTags: [parent.title] });
    const cat = await createTag(t, ann, { title: uniqueTitle('cat') });
    await tagThing(t, 'test', 'm1', [kitty.title, cat.title]);
    await tagThing(t, 'test', 'm2', [kitty.title]);
    expect((await post(bob, `/api/tag/merge/${kitty.id}`, { into: cat.title })).statusCode).toBe(403);
    const res = await post(mod, `/api/tag/merge/${kitty.id}`, { into: cat.title });
    expect(res.statusCode).toBe(200);
    const merged = res.json<{ tag: TagFull }>().tag;
    expect(merged.usageCount).toBe(2);
    expect(merged.synonyms.map((s) => s.id)).toEqual([kitty.id]);
    expect(merged.parentTags.map((p) => p.id)).toEqual([parent.id]);
    expect((await get(`/api/tag/get/${kitty.title}`)).json<Tag>().id).toBe(cat.id);
    const old = await fullTag(t, kitty.id);
    expect(old.history[0]).toMatchObject({ kind: 'merge', actor: { login: mod.login } });
  });

  it('deleting frees the title, removes usages and links, keeps the history', async () => {
    const parent = await createTag(t, ann, { title: uniqueTitle('dp') });
    const gone = await createTag(t, ann, { title: uniqueTitle('gone'), synonyms: [uniqueTitle('gone_syn')] });
    const child = await createTag(t, ann, {
      title: uniqueTitle('dc'),
      parentTags: [gone.title, parent.title],
    });
    await tagThing(t, 'test', 'd1', [gone.title]);
    expect((await call(t.app, 'DELETE', `/api/tag/delete/${gone.id}`, ann.cookie)).statusCode).toBe(403);
    expect((await call(t.app, 'DELETE', `/api/tag/delete/${gone.id}`, mod.cookie)).statusCode).toBe(200);
    expect((await get(`/api/tag/get/${gone.title}`)).statusCode).toBe(404);
    expect((await get(`/api/tag/get/${gone.synonyms[0]!.title}`)).statusCode).toBe(404);
    expect((await fullTag(t, child.id)).parentTags.map((p) => p.id)).toEqual([parent.id]);
    expect(await tagsOf(t.app.deps, null, { kind: 'test', id: 'd1' })).toEqual([]);
    const again = await createTag(t, bob, { title: gone.title });
    expect(again.id).not.toBe(gone.id);
  });
});
