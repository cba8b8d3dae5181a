import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestBodySchema, type Request } from '@brushline/shared/requests/schemas';
import { createTestApp, registerUser, type TestApp } from '../../test/harness.ts';
import { actorOf, call, type TestUser } from '../../test/kit.ts';
import { createTag, fullTag, registerStaff, uniqueTitle } from '../tags/tag-fixtures.ts';
import { holdTagGraph, setTagsOf } from '../tags/tag-usage.service.ts';
import { lockTagWrites } from '../tags/tags.repo.ts';
import { updateTag } from '../tags/tags.service.ts';
import { postRequest, sampleRequest } from './request-fixtures.ts';
import { updateRequest } from './requests.service.ts';

/**
 * `requests.tag_ids` (migration 0021) is what the public list reads a page's tags from, and
 * `requests.tag_tree` (migration 0031: those tags and their ancestors) what it filters by: the
 * triggers on tag_usages and tag_parents must keep both equal to the request's usages and the
 * graph through every write that moves them (tagging, editing, a merge, a tag's deletion, the
 * request's deletion, a parent added or taken away), also when a tagging and a graph edit meet.
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

/** Requests whose tag_ids differ from their usages, or tag_tree from walking up the graph (none when the triggers hold). */
async function offRequests(): Promise<unknown[]> {
  const r = await t.app.deps.db.execute(sql`
    select r.id, r.tag_ids::text, r.tag_tree::text from requests r
    where r.tag_ids is distinct from array(select u.tag_id from tag_usages u
      where u.subject_kind = 'request' and u.subject_id = r.id::text order by u.tag_id)
    or r.tag_tree is distinct from array(with recursive a(id) as (
        select unnest(r.tag_ids) union select p.parent_id from tag_parents p join a on p.child_id = a.id
      ) select id from a order by id)`);
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

describe('requests.tag_tree follows the tag graph', () => {
  const setParents = async (tagId: number, parents: string[]) => {
    const tag = await fullTag(t, tagId);
    await updateTag(t.app.deps, actorOf(mod, ['moderator']), tagId, {
      ...tag,
      synonyms: tag.synonyms.map((s) => s.title),
      parentTags: parents,
      version: tag.version,
    });
  };

  it('a parent added or taken away moves the filter: a search by an ancestor finds the request', async () => {
    const [animal, feline, cat] = await Promise.all(
      ['animal', 'feline', 'cat'].map((p) => createTag(t, mod, { title: uniqueTitle(`tree${p}`) })),
    );
    const mark = uniqueTitle('tree');
    const r = await postRequest(t, ann, { title: mark, tags: [cat!.title] });
    const found = async (title: string) =>
      (await listed(`tags=${title}&searchInTitle=${mark}`)).map((q) => q.id);
    expect(await found(animal!.title)).toEqual([]);
    await setParents(cat!.id, [feline!.title]);
    await setParents(feline!.id, [animal!.title]);
    expect(await offRequests()).toEqual([]);
    for (const tag of [animal!, feline!, cat!]) expect(await found(tag.title)).toEqual([r.id]);
    await setParents(cat!.id, []);
    expect(await offRequests()).toEqual([]);
    expect(await found(animal!.title)).toEqual([]);
    expect(await found(cat!.title)).toEqual([r.id]);
  });

  it('a tagging and a graph edit that meet leave the tree exact (on PostgreSQL they run at once)', async () => {
    const owner = actorOf(ann);
    for (let round = 0; round < 12; round += 1) {
      const [top, mid, leaf] = await Promise.all(
        ['top', 'mid', 'leaf'].map((p) => createTag(t, mod, { title: uniqueTitle(`race${p}${round}`) })),
      );
      await setParents(mid!.id, [top!.title]);
      const r = await postRequest(t, ann, { title: uniqueTitle('race') });
      const body = requestBodySchema.parse(sampleRequest({ title: r.title, tags: [leaf!.title] }));
      // The request takes the leaf while the leaf is hung under mid (whose parent is top).
      const tagging = () => updateRequest(t.app.deps, owner, r.id, body);
      const linking = () => setParents(leaf!.id, [mid!.title]);
      await Promise.all(round % 2 ? [tagging(), linking()] : [linking(), tagging()]);
      expect(await offRequests()).toEqual([]);
      expect((await listed(`tags=${top!.title}&searchInTitle=${r.title}`)).map((q) => q.id)).toEqual([r.id]);
    }
  });
});

describe.skipIf(!process.env.DATABASE_URL)('a tagging that meets an open graph edit (PostgreSQL)', () => {
  it('waits for the edit to commit and builds the tree from its links', async () => {
    const db = t.app.deps.db;
    const [top, leaf] = await Promise.all(
      ['top', 'leaf'].map((p) => createTag(t, mod, { title: uniqueTitle(`open${p}`) })),
    );
    const r = await postRequest(t, ann, { title: uniqueTitle('open') });
    let linked!: () => void;
    const linkWritten = new Promise<void>((resolve) => (linked = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    // A vocabulary write, as tags.write.ts runs one: the graph's lock, then the link, held open.
    const edit = db.transaction(async (tx) => {
      await lockTagWrites(tx);
      await tx.execute(sql`insert into tag_parents (child_id, parent_id) values (${leaf!.id}, ${top!.id})`);
      linked();
      await released;
    });
    await linkWritten;
    const tagging = db.transaction(async (tx) => {
      await holdTagGraph({ db: tx }, null);
      await setTagsOf({ db: tx }, null, { kind: 'request', id: String(r.id) }, [leaf!.title]);
    });
    // The tagging must queue behind the edit: wait until PostgreSQL shows it waiting for the lock
    // (a tagging that finishes first has raced the edit, and the check below fails).
    const waiting = (async () => {
      for (;;) {
        const w = await db.execute<{ n: number }>(
          sql`select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted`,
        );
        if (Number(w.rows[0]!.n) > 0) return;
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    await Promise.race([waiting, tagging]);
    release();
    await Promise.all([edit, tagging]);
    expect(await offRequests()).toEqual([]);
    expect((await listed(`tags=${top!.title}&searchInTitle=${r.title}`)).map((q) => q.id)).toEqual([r.id]);
  });
});
