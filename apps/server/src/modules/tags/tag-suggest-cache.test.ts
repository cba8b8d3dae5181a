import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TagSuggestion } from '@brushline/shared/tags/schemas';
import { afterBusMessage, closeAll, registerUser, twoInstances, type TestApp } from '../../test/harness.ts';
import { call } from '../../test/kit.ts';
import { TAG_VOCABULARY_TOPIC } from './tag-suggest-cache.ts';
import {
  createTag,
  editOf,
  fullTag,
  registerStaff,
  showNsfw,
  uniqueTitle,
  type TestUser,
} from './tag-fixtures.ts';

// The autocomplete's answers are cached per query and NSFW setting on each instance
// (tag-suggest-cache.ts, decision 0015). Each test asks first, so the answer it then checks would
// come from a warm cache if a write did not empty it; writes go through instance A, answers are
// read on both A and B (two servers of one deployment: one database, one cache bus — Redis when
// REDIS_URL is set, else the process's bus for apps sharing a database).

let a: TestApp;
let b: TestApp;
let ann: TestUser;
let nsfwReader: TestUser;
let mod: TestUser;
beforeAll(async () => {
  [a, b] = await twoInstances();
  ann = await registerUser(a.app, a.dataDir);
  nsfwReader = await registerUser(a.app, a.dataDir);
  mod = await registerStaff(a);
  await showNsfw(a, nsfwReader);
});
afterAll(() => closeAll(b, a));

const ask = async (t: TestApp, q: string, user?: TestUser) => {
  const res = await call(t.app, 'GET', `/api/tags/autocomplete?q=${encodeURIComponent(q)}`, user?.cookie);
  expect(res.statusCode).toBe(200);
  return res.json<{ items: TagSuggestion[] }>().items;
};
const labels = async (t: TestApp, q: string, user?: TestUser) => (await ask(t, q, user)).map((i) => i.label);
const both = async (q: string, user?: TestUser) => [await labels(a, q, user), await labels(b, q, user)];

/** A write through A, once B has heard that the vocabulary changed. */
const onBoth = <T>(write: () => Promise<T>) => afterBusMessage(b, TAG_VOCABULARY_TOPIC, write);

describe('autocomplete answers across instances', () => {
  it('shows a created tag and its synonym at once on every instance', async () => {
    const stem = uniqueTitle('cachenew');
    expect(await both(stem)).toEqual([[], []]);
    const tag = await onBoth(() => createTag(a, ann, { title: `${stem}_fox`, synonyms: [`${stem}_vulpes`] }));
    expect(await both(stem)).toEqual([[tag.title], [tag.title]]);
    expect(await labels(b, `${stem}_vul`)).toEqual([`${stem}_vulpes → ${tag.title}`]);
  });

  it('follows a rename and a maturity change, per NSFW setting', async () => {
    const stem = uniqueTitle('cacheedit');
    const tag = await createTag(a, ann, { title: `${stem}_owl` });
    expect(await both(stem)).toEqual([[tag.title], [tag.title]]);
    expect(await both(stem, nsfwReader)).toEqual([[tag.title], [tag.title]]);
    const renamed = `${stem}_barn_owl`;
    const res = await onBoth(() =>
      call(
        a.app,
        'PUT',
        `/api/tag/update/${tag.id}`,
        ann.cookie,
        editOf(tag, { title: renamed, maturity: 'NSFW' }),
      ),
    );
    expect(res.statusCode).toBe(200);
    // Anonymous readers (and everyone who hides NSFW) no longer get it; readers who show NSFW get the new title.
    expect(await both(stem)).toEqual([[], []]);
    expect(await both(stem, ann)).toEqual([[], []]);
    expect(await both(stem, nsfwReader)).toEqual([[renamed], [renamed]]);
  });

  it('an NSFW reader’s answer is never served to a reader who hides NSFW, and the other way round', async () => {
    const stem = uniqueTitle('cachensfw');
    const sfw = await createTag(a, ann, { title: `${stem}_sfw` });
    const nsfw = await createTag(a, ann, { title: `${stem}_lewd`, maturity: 'NSFW' });
    expect((await ask(b, stem, nsfwReader)).map((i) => i.id).sort()).toEqual([sfw.id, nsfw.id].sort());
    expect((await ask(b, stem)).map((i) => i.id)).toEqual([sfw.id]);
    expect((await ask(b, stem, ann)).map((i) => i.id)).toEqual([sfw.id]);
    expect((await ask(b, stem, nsfwReader)).map((i) => i.id).sort()).toEqual([sfw.id, nsfw.id].sort());
  });

  it('follows a merge and a delete by staff', async () => {
    const stem = uniqueTitle('cachestaff');
    const cat = await createTag(a, ann, { title: `${stem}_cat` });
    const kitty = await createTag(a, ann, { title: `${stem}_kitty` });
    // The prefix, then the broader titles (starting with the stem).
    expect(await both(`${stem}_k`)).toEqual([
      [kitty.title, cat.title],
      [kitty.title, cat.title],
    ]);
    const merged = await onBoth(() =>
      call(a.app, 'POST', `/api/tag/merge/${kitty.id}`, mod.cookie, { into: cat.title }),
    );
    expect(merged.statusCode).toBe(200);
    const alias = `${kitty.title} → ${cat.title}`;
    expect(await both(`${stem}_k`)).toEqual([[alias], [alias]]);
    const deleted = await onBoth(() => call(a.app, 'DELETE', `/api/tag/delete/${cat.id}`, mod.cookie));
    expect(deleted.statusCode).toBe(200);
    expect(await both(stem)).toEqual([[], []]);
  });

  it('corrects typos towards a word a tag was just given on another instance', async () => {
    const stem = uniqueTitle('cachetypo');
    const word = `wombat${Math.random().toString(36).slice(2, 6)}`;
    const typo = `${stem}_${word.slice(0, 2)}${word[3]}${word[2]}${word.slice(4)}_tail`;
    // B has its words loaded (and this typo answered) before the word exists.
    expect(await labels(b, typo)).toEqual([]);
    const tag = await onBoth(() => createTag(a, ann, { title: `${stem}_${word}_tail` }));
    expect(await labels(b, typo)).toEqual([tag.title]);
    // Renamed away: nothing is corrected towards the old word any more.
    const full = await fullTag(a, tag.id);
    await onBoth(() =>
      call(
        a.app,
        'PUT',
        `/api/tag/update/${tag.id}`,
        ann.cookie,
        editOf(full, { title: `${stem}_other_tail` }),
      ),
    );
    expect(await labels(b, typo)).toEqual([]);
  });

  it('a refused write changes nothing and the answers stay right', async () => {
    const stem = uniqueTitle('cacherefused');
    const tag = await createTag(a, ann, { title: stem });
    expect(await both(stem)).toEqual([[stem], [stem]]);
    const first = await fullTag(a, tag.id);
    const described = await call(a.app, 'PUT', `/api/tag/update/${tag.id}`, ann.cookie, {
      ...editOf(first, { description: 'a newer edit' }),
    });
    expect(described.statusCode).toBe(200);
    // An editor who started from the first version renames it: refused as stale.
    const stale = await call(a.app, 'PUT', `/api/tag/update/${tag.id}`, ann.cookie, {
      ...editOf(first, { title: `${stem}_renamed` }),
    });
    expect(stale.statusCode).toBe(409);
    expect(await both(stem)).toEqual([[stem], [stem]]);
  });
});
