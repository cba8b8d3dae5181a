import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TagSuggestion } from '@brushline/shared/tags/schemas';
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

// The autocomplete and its typo correction's words (tag-suggest.repo.ts, decision 0015 "Search");
// the wiki's reads and writes are in tags.test.ts, the answer cache in tag-suggest-cache.test.ts.

let t: TestApp;
let ann: TestUser;
let mod: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  ann = await registerUser(t.app, t.dataDir);
  mod = await registerStaff(t);
});
afterAll(() => t.close());

const put = (user: TestUser | null, url: string, body: unknown) =>
  call(t.app, 'PUT', url, user?.cookie, body);
const get = (url: string, user?: TestUser) => call(t.app, 'GET', url, user?.cookie);

describe('autocomplete', () => {
  it('matches prefixes and similar titles of tags and synonyms, best first, "alias → canonical", no NSFW for readers who hide it', async () => {
    const stem = uniqueTitle('zebra');
    const main = await createTag(t, ann, { title: `${stem}_stripes`, synonyms: [`${stem}_lines`] });
    const rare = await createTag(t, ann, { title: `${stem}_spots` });
    const nsfw = await createTag(t, ann, { title: `${stem}_nsfw`, maturity: 'NSFW' });
    await tagThing(t, 'test', 'z1', [main.title]);
    const items = (await get(`/api/tags/autocomplete?q=${stem}`)).json<{ items: TagSuggestion[] }>().items;
    expect(items.map((i) => i.id)).toEqual([main.id, rare.id]);
    const alias = (await get(`/api/tags/autocomplete?q=${stem}_li`)).json<{ items: TagSuggestion[] }>().items;
    expect(alias[0]).toMatchObject({ id: main.id, label: `${stem}_lines → ${stem}_stripes` });
    const typo = (await get(`/api/tags/autocomplete?q=${stem}_stripse`)).json<{ items: TagSuggestion[] }>()
      .items;
    expect(typo[0]?.id).toBe(main.id);
    expect(items.some((i) => i.id === nsfw.id)).toBe(false);
    await showNsfw(t, ann);
    const forAnn = (await get(`/api/tags/autocomplete?q=${stem}`, ann)).json<{ items: TagSuggestion[] }>()
      .items;
    expect(forAnn.some((i) => i.id === nsfw.id)).toBe(true);
  });

  it('answers the exact title before more used prefixes, then fills up with broader titles', async () => {
    const stem = uniqueTitle('okapi');
    const exact = await createTag(t, ann, { title: stem });
    const longer = await createTag(t, ann, { title: `${stem}_calf` });
    const alike = await createTag(t, ann, { title: `${stem}x` });
    await tagThing(t, 'test', 'o1', [longer.title]);
    const ask = async (q: string) =>
      (await get(`/api/tags/autocomplete?q=${q}`)).json<{ items: TagSuggestion[] }>().items.map((i) => i.id);
    expect(await ask(stem)).toEqual([exact.id, longer.id, alike.id]);
    // Only one title starts with this; the titles starting with its first words come after it.
    const similar = await ask(`${stem}_cal`);
    expect(similar[0]).toBe(longer.id);
    expect(similar).toEqual(expect.arrayContaining([exact.id]));
  });
});

describe('autocomplete typo correction', () => {
  it('corrects a mistyped word to one a live title uses, follows renames and deletions', async () => {
    const stem = uniqueTitle('corr');
    const word = `quokka${Math.random().toString(36).slice(2, 6)}`;
    const tag = await createTag(t, ann, { title: `${stem}_${word}` });
    const ask = async (q: string) =>
      (await get(`/api/tags/autocomplete?q=${q}`)).json<{ items: TagSuggestion[] }>().items.map((i) => i.id);
    const typo = `${stem}_${word.slice(0, 2)}${word[3]}${word[2]}${word.slice(4)}`;
    expect(await ask(typo)).toEqual([tag.id]);
    const uses = async (w: string) =>
      (await t.app.deps.db.execute<{ uses: number }>(sql`select uses from tag_words where word = ${w}`))
        .rows[0]?.uses;
    expect(await uses(word)).toBe(1);
    // Renamed: the old word is no longer used, the new one is.
    const renamed = `${stem}_${word}x`;
    const full = await fullTag(t, tag.id);
    expect((await put(ann, `/api/tag/update/${tag.id}`, editOf(full, { title: renamed }))).statusCode).toBe(
      200,
    );
    expect(await uses(word)).toBe(0);
    expect(await uses(`${word}x`)).toBe(1);
    expect(await ask(`${stem}_${word}`)).toEqual([tag.id]); // a prefix of the new title
    // Deleted: nothing is corrected towards its words any more.
    expect((await call(t.app, 'DELETE', `/api/tag/delete/${tag.id}`, mod.cookie)).statusCode).toBe(200);
    expect(await uses(`${word}x`)).toBe(0);
    expect(await ask(typo)).toEqual([]);
  });
});
