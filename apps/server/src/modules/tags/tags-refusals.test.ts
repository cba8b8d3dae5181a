import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tagMessages } from '@brushline/shared/tags/messages';
import { TAG_ALREADY_MERGED_CODE, type TagFull } from '@brushline/shared/tags/schemas';
import { createTestApp, registerUser, type TestApp } from '../../test/harness.ts';
import { call } from '../../test/kit.ts';
import {
  createTag,
  editOf,
  fullTag,
  registerStaff,
  tagThing,
  uniqueTitle,
  type TestUser,
} from './tag-fixtures.ts';

// What a client is told when a tag write cannot go through as sent: an update without the
// version it started from, and a merge someone already made.

let t: TestApp;
let ann: TestUser;
let mod: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  ann = await registerUser(t.app, t.dataDir);
  mod = await registerStaff(t);
});
afterAll(() => t.close());

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

describe('PUT tag/update/{id} with the SPEC’s fields only', () => {
  it('is refused (400) saying what to send and where to read it; the tag is unchanged', async () => {
    const tag = await createTag(t, ann, { title: uniqueTitle('spec'), description: 'before' });
    const { version: _version, ...specFields } = editOf(tag, { description: 'after' });
    const res = await call(t.app, 'PUT', `/api/tag/update/${tag.id}`, ann.cookie, specFields);
    expect(res.statusCode).toBe(400);
    const { error } = res.json<ErrorBody>();
    expect(error.message).toBe(tagMessages.versionRequired);
    expect(error.fields?.version).toBe(tagMessages.versionRequired);
    expect(error.message).toContain('GET /api/tag/get/byIdFull/{id}');
    expect((await fullTag(t, tag.id)).description).toBe('before');
    // Sent with the version read there, the same edit goes through.
    const ok = await call(t.app, 'PUT', `/api/tag/update/${tag.id}`, ann.cookie, {
      ...specFields,
      version: (await fullTag(t, tag.id)).version,
    });
    expect(ok.statusCode).toBe(200);
  });

  it('/api/docs says so on the route and on the field', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, { description: string; requestBody: unknown }>>;
    }>();
    const op = doc.paths['/api/tag/update/{id}']!.put!;
    expect(op.description).toContain('GET tag/get/byIdFull/{id}');
    expect(op.description).toContain(tagMessages.versionRequired);
    expect(JSON.stringify(op.requestBody)).toContain("The tag's current version");
  });
});

describe('POST tag/merge/{id} twice', () => {
  it('ten identical merges at once: one 200, nine 409 already merged; usages and history moved once', async () => {
    const kitty = await createTag(t, ann, { title: uniqueTitle('kitty') });
    const cat = await createTag(t, ann, { title: uniqueTitle('cat') });
    await tagThing(t, 'test', `race-${kitty.id}`, [kitty.title]);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        call(t.app, 'POST', `/api/tag/merge/${kitty.id}`, mod.cookie, { into: cat.title }),
      ),
    );
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, ...Array<number>(9).fill(409)]);
    for (const refused of answers.filter((r) => r.statusCode === 409))
      expect(refused.json<ErrorBody>().error).toEqual({
        code: TAG_ALREADY_MERGED_CODE,
        message: tagMessages.alreadyMerged(kitty.title, cat.title),
      });
    const merged = answers.find((r) => r.statusCode === 200)!.json<{ tag: TagFull }>().tag;
    expect(merged.id).toBe(cat.id);
    expect(merged.usageCount).toBe(1);
    expect(merged.synonyms.map((s) => s.id)).toEqual([kitty.id]);
    const old = await fullTag(t, kitty.id);
    expect(old.history.filter((h) => h.kind === 'merge')).toHaveLength(1);
  });

  it('a merge into the tag it is already a synonym of, later (another tab), is 409 too', async () => {
    const kitten = await createTag(t, ann, { title: uniqueTitle('kitten') });
    const cat = await createTag(t, ann, { title: uniqueTitle('cat') });
    const first = await call(t.app, 'POST', `/api/tag/merge/${kitten.id}`, mod.cookie, { into: cat.title });
    expect(first.statusCode).toBe(200);
    const again = await call(t.app, 'POST', `/api/tag/merge/${kitten.id}`, mod.cookie, { into: cat.title });
    expect(again.statusCode).toBe(409);
    expect(again.json<ErrorBody>().error.code).toBe(TAG_ALREADY_MERGED_CODE);
  });
});
