import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Request } from '@brushline/shared/requests/schemas';
import { createTestApp, registerUser, type TestApp } from '../../test/harness.ts';
import { call, type TestUser } from '../../test/kit.ts';
import { createTag, registerStaff, uniqueTitle } from '../tags/tag-fixtures.ts';
import { postRequest, sampleRequest } from './request-fixtures.ts';

/**
 * `requests.tag_ids` (migration 0021) is what the public list filters by and reads a page's tags
 * from: the triggers on tag_usages must keep it equal to the request's usages through every write
 * that moves them (tagging, editing, a merge, a tag's deletion, the request's deletion).
 */
let t: TestApp;
let ann: TestUser;
let mod: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  ann = await registerUser(t.app, t.dataDir);
  mod = await registerStaff(t);
});
afterAll(() => t.close());

/** Requests whose tag_ids differ from their usages (none when the triggers hold). */
async function offRequests(): Promise<unknown[]> {
  const r = await t.app.deps.db.execute(sql`
    select r.id, r.tag_ids::text from requests r
    where r.tag_ids is distinct from array(select u.tag_id from tag_usages u
      where u.subject_kind = 'request' and u.subject_id = r.id::text order by u.tag_id)`);
  return r.rows;
}

const tagIdsOf = async (id: number) =>
  (
    await t.app.deps.db.execute<{ ids: string }>(
      sql`select array_to_string(tag_ids, ',') as ids from requests where id = ${id}`,
    )
  ).rows[0]!.ids;

const listed = async (query: string) =>
  (await call(t.app, 'GET', `/api/request/get/filter?${query}`)).json<Request[]>();

describe('requests.tag_ids follows the usages', () => {
  it('through tagging, edits, a merge, a deleted tag and a deleted request; the filter and the cards follow', async () => {
    const [x, y, z] = await Promise.all(
      ['x', 'y', 'z'].map((p) => createTag(t, mod, { title: uniqueTitle(`tid${p}`) })),
    );
    const mark = uniqueTitle('tid');
    const r = await postRequest(t, ann, { title: mark, tags: [x!.title, y!.title] });
    const bare = await postRequest(t, ann, { title: `${mark} bare` });
    expect(await offRequests()).toEqual([]);
    expect(await tagIdsOf(r.id)).toBe([x!.id, y!.id].sort((a, b) => a - b).join(','));
    expect(await tagIdsOf(bare.id)).toBe('');

    const edited = await call(
      t.app,
      'PATCH',
      `/api/request/update/${r.id}`,
      ann.cookie,
      sampleRequest({ title: mark, tags: [y!.title, z!.title] }),
    );
    expect(edited.statusCode).toBe(200);
    expect(await offRequests()).toEqual([]);
    expect((await listed(`tags=${x!.title}&searchInTitle=${mark}`)).map((q) => q.id)).toEqual([]);
    expect((await listed(`tags=${z!.title}&searchInTitle=${mark}`)).map((q) => q.id)).toEqual([r.id]);

    // z becomes a synonym of x: the request now carries x, and a filter by either finds it.
    const merged = await call(t.app, 'POST', `/api/tag/merge/${z!.id}`, mod.cookie, { into: x!.title });
    expect(merged.statusCode).toBe(200);
    expect(await offRequests()).toEqual([]);
    expect(await tagIdsOf(r.id)).toBe([x!.id, y!.id].sort((a, b) => a - b).join(','));
    for (const title of [x!.title, z!.title])
      expect((await listed(`tags=${title}&searchInTitle=${mark}`)).map((q) => q.id)).toEqual([r.id]);

    const deleted = await call(t.app, 'DELETE', `/api/tag/delete/${y!.id}`, mod.cookie);
    expect(deleted.statusCode).toBe(200);
    expect(await offRequests()).toEqual([]);
    const [card] = await listed(`searchInTitle=${mark}&tags=${x!.title}`);
    expect(card!.tags.map((tag) => tag.title)).toEqual([x!.title]);
    const single = await call(t.app, 'GET', `/api/request/get/${r.guid}`);
    expect(card!.tags).toEqual(single.json<{ request: Request }>().request.tags);

    expect((await call(t.app, 'DELETE', `/api/request/delete/${r.guid}`, ann.cookie)).statusCode).toBe(200);
    expect(await offRequests()).toEqual([]);
    expect((await listed(`searchInTitle=${mark}`)).map((q) => q.id)).toEqual([bare.id]);
  });
});
