import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors.ts';
import type { Actor } from '../../platform/session.ts';
import { createTestApp, registerUser, type TestApp } from '../../test/harness.ts';
import { actorOf } from '../../test/kit.ts';
import { postRequest } from '../requests/request-fixtures.ts';
import { holdTagGraph, setTagsOf } from './tag-usage.service.ts';
import { deleteTag, mergeTag } from './tags-staff.service.ts';
import { createTag, getTagFull, updateTag } from './tags.service.ts';

/**
 * Random sequences of wiki edits (parents, synonyms, maturity, merges, deletes, taggings) by people
 * who do not know the rules never leave a cycle, a synonym chain, a synonym with links or usages, a
 * usage count that differs from the usages stored, or an NSFW closure (`nsfw_tags`, kept by
 * triggers) that differs from walking the graph, or a request's tag tree (`tag_tree`, its tags and
 * their ancestors, kept by triggers) that does. Refusals must be the rules' 400/409 answers.
 */
let t: TestApp;
let editor: Actor;
let staff: Actor;
/** Requests the edits tag (as the requests module does: the graph held first). */
let requestIds: number[];
beforeAll(async () => {
  t = await createTestApp();
  const user = await registerUser(t.app, t.dataDir);
  editor = actorOf(user);
  staff = actorOf(user, ['moderator']);
  requestIds = [];
  for (let i = 0; i < 2; i += 1) requestIds.push((await postRequest(t, user, { title: `tree ${i}` })).id);
});
afterAll(() => t.close());

const POOL = 6;
const pick = (n: number) => fc.integer({ min: 0, max: n - 1 });
const subset = fc.uniqueArray(pick(POOL), { maxLength: 3 });
// Parent and synonym edits are the ones that could break the graph: most steps are those.
const edit = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({ op: fc.constant('parents' as const), tag: pick(POOL), others: subset }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constant('synonyms' as const),
      tag: pick(POOL),
      others: subset,
      fresh: fc.boolean(),
    }),
  },
  fc.record({ op: fc.constant('maturity' as const), tag: pick(POOL), nsfw: fc.boolean() }),
  fc.record({ op: fc.constant('merge' as const), tag: pick(POOL), into: pick(POOL) }),
  fc.record({ op: fc.constant('delete' as const), tag: pick(POOL) }),
  fc.record({ op: fc.constant('tagThing' as const), thing: pick(3), others: subset }),
  fc.record({ op: fc.constant('tagRequest' as const), request: pick(2), others: subset }),
);
type Edit = typeof edit extends fc.Arbitrary<infer E> ? E : never;

async function invariants(prefix: string) {
  const db = t.app.deps.db;
  const like = `${prefix}%`;
  const cycle = await db.execute(sql`
    with recursive up(start, id, depth) as (
      select p.child_id, p.parent_id, 1 from tag_parents p join tags c on c.id = p.child_id where c.title like ${like}
      union all
      select up.start, p.parent_id, up.depth + 1 from tag_parents p join up on p.child_id = up.id where up.depth < 50
    ) select 1 from up where start = id limit 1`);
  expect(cycle.rows, 'a cycle').toEqual([]);
  const chains = await db.execute(sql`
    select s.title from tags s join tags c on c.id = s.canonical_id
    where s.title like ${like} and s.deleted_at is null and (c.canonical_id is not null or c.deleted_at is not null)`);
  expect(chains.rows, 'a synonym chain or orphan').toEqual([]);
  const linkedSynonyms = await db.execute(sql`
    select s.title from tags s where s.title like ${like} and s.canonical_id is not null and s.deleted_at is null
      and (exists (select 1 from tag_parents p where p.child_id = s.id or p.parent_id = s.id)
        or exists (select 1 from tag_usages u where u.tag_id = s.id))`);
  expect(linkedSynonyms.rows, 'a synonym with links or usages').toEqual([]);
  const counts = await db.execute(sql`
    select t.title from tags t where t.title like ${like}
      and t.usage_count <> (select count(*) from tag_usages u where u.tag_id = t.id)`);
  expect(counts.rows, 'a usage count off').toEqual([]);
}

/** The closure the triggers keep equals walking the graph (checked after every edit: a later edit could mend it). */
async function nsfwClosureExact(after: Edit) {
  const nsfwOff = await t.app.deps.db.execute(sql`
    with recursive d(id) as (
      select t.id from tags t where t.maturity = 'NSFW' and t.canonical_id is null and t.deleted_at is null
      union
      select p.child_id from tag_parents p join d on p.parent_id = d.id
    )
    (select id, 'missing' as what from d except select tag_id, 'missing' from nsfw_tags)
    union all (select tag_id, 'extra' from nsfw_tags except select id, 'extra' from d)`);
  expect(nsfwOff.rows, `the NSFW closure off after ${JSON.stringify(after)}`).toEqual([]);
}

/** Every request's tag tree is its tags and all their ancestors, walking the graph now. */
async function requestTreesExact(after: Edit) {
  const off = await t.app.deps.db.execute(sql`
    select r.id, r.tag_tree::text as kept, w.ids::text as walked from requests r,
    lateral (select array(with recursive a(id) as (
        select u.tag_id from tag_usages u where u.subject_kind = 'request' and u.subject_id = r.id::text
        union
        select p.parent_id from tag_parents p join a on p.child_id = a.id
      ) select id from a order by id) as ids) w
    where r.tag_tree is distinct from w.ids`);
  expect(off.rows, `a request's tag tree off after ${JSON.stringify(after)}`).toEqual([]);
}

async function apply(prefix: string, ids: number[], titleOf: (i: number) => string, e: Edit) {
  const full = async (i: number) => getTagFull(t.app.deps, null, ids[i]!);
  switch (e.op) {
    case 'parents': {
      const tag = await full(e.tag);
      return updateTag(t.app.deps, editor, tag.id, {
        ...tag,
        synonyms: tag.synonyms.map((s) => s.title),
        parentTags: e.others.map(titleOf),
        version: tag.version,
      });
    }
    case 'maturity': {
      const tag = await full(e.tag);
      return updateTag(t.app.deps, editor, tag.id, {
        ...tag,
        maturity: e.nsfw ? 'NSFW' : 'SFW',
        synonyms: tag.synonyms.map((s) => s.title),
        parentTags: tag.parentTags.map((p) => p.title),
        version: tag.version,
      });
    }
    case 'synonyms': {
      const tag = await full(e.tag);
      const extra = e.fresh ? [`${prefix}new_${e.tag}_${e.others.join('')}`] : [];
      return updateTag(t.app.deps, editor, tag.id, {
        ...tag,
        synonyms: [...e.others.map(titleOf), ...extra],
        parentTags: tag.parentTags.map((p) => p.title),
        version: tag.version,
      });
    }
    case 'merge':
      return mergeTag(t.app.deps, staff, ids[e.tag]!, { into: titleOf(e.into) });
    case 'delete':
      return deleteTag(t.app.deps, staff, ids[e.tag]!);
    case 'tagThing':
      return t.app.deps.db.transaction((tx) =>
        setTagsOf({ db: tx }, null, { kind: 'prop', id: `${prefix}${e.thing}` }, e.others.map(titleOf)),
      );
    case 'tagRequest':
      return t.app.deps.db.transaction(async (tx) => {
        await holdTagGraph({ db: tx }, null);
        const subject = { kind: 'request', id: String(requestIds[e.request]) };
        return setTagsOf({ db: tx }, null, subject, e.others.map(titleOf));
      });
  }
}

let run = 0;
describe('tag graph property', () => {
  it('random edit sequences never leave a cycle, a synonym chain, a wrong usage count, NSFW closure or request tag tree', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(edit, { minLength: 1, maxLength: 12 }), async (edits) => {
        run += 1;
        const prefix = `p${run}_`;
        const titleOf = (i: number) => `${prefix}t${i}`;
        const ids: number[] = [];
        for (let i = 0; i < POOL; i += 1) {
          ids.push(
            (
              await createTag(t.app.deps, editor, {
                title: titleOf(i),
                description: '',
                maturity: i === 0 ? 'NSFW' : 'SFW',
                tagType: 'General',
                synonyms: [],
                parentTags: [],
              })
            ).id,
          );
        }
        for (const e of edits) {
          try {
            await apply(prefix, ids, titleOf, e);
          } catch (err) {
            // Only the rules' own refusals are expected (a rule, a missing tag, a stale version).
            if (!(err instanceof AppError) || ![400, 404, 409].includes(err.statusCode)) throw err;
          }
          await nsfwClosureExact(e);
          await requestTreesExact(e);
        }
        await invariants(prefix);
      }),
      {
        numRuns: 40,
        endOnFailure: true,
        // Always tried: the shortest way to a cycle, a synonym of a synonym, and the NSFW closure
        // through a chain that is then cut, merged away and made SFW.
        examples: [
          [
            [
              { op: 'parents', tag: 2, others: [1] },
              { op: 'parents', tag: 1, others: [0] },
              { op: 'parents', tag: 1, others: [3] },
              { op: 'maturity', tag: 3, nsfw: true },
              { op: 'merge', tag: 3, into: 4 },
              { op: 'maturity', tag: 4, nsfw: true },
              { op: 'delete', tag: 4 },
            ],
          ],
          [
            [
              { op: 'parents', tag: 0, others: [1] },
              { op: 'parents', tag: 1, others: [2] },
              { op: 'parents', tag: 2, others: [0] },
            ],
          ],
          [
            [
              { op: 'tagRequest', request: 0, others: [2, 5] },
              { op: 'parents', tag: 2, others: [1] },
              { op: 'parents', tag: 1, others: [0, 3] },
              { op: 'merge', tag: 3, into: 4 },
              { op: 'parents', tag: 1, others: [] },
              { op: 'delete', tag: 2 },
            ],
          ],
          [
            [
              { op: 'synonyms', tag: 0, others: [1], fresh: false },
              { op: 'synonyms', tag: 1, others: [2], fresh: false },
            ],
          ],
        ],
      },
    );
  }, 240_000);
});
