import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ArtistsPage } from '@brushline/shared/gallery/browse-schemas';
import type { TagFull } from '@brushline/shared/tags/schemas';
import { AppError } from '../../platform/errors.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { actorOf, call } from '../../test/kit.ts';
import { createTag, editOf, fullTag, registerStaff, uniqueTitle } from '../tags/tag-fixtures.ts';
import { deleteTag, mergeTag } from '../tags/tags-staff.service.ts';
import { createTag as createTagService, getTagFull, updateTag } from '../tags/tags.service.ts';
import { updateDisplayCard } from './display-cards.service.ts';
import { addImage, shownArtist } from './gallery-fixtures.ts';
import { deleteImage, updateImage } from './images.service.ts';

/**
 * `display_cards.carries_nsfw` (migration 0015) is what /artists asks instead of probing the card's
 * and its display images' tags against `nsfw_tags`, and `tag_ids` (migration 0016) what it filters
 * tags by instead of probing the card's usages. Random sequences of taggings (of the card and of
 * its images), changes of the card's images, image deletions and wiki edits (maturity, parents,
 * merges, deletes) must leave it equal to asking the tags, after every step.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t.close());

/**
 * Cards whose stored flag differs from their tags' and their display images' tags against the NSFW
 * closure, or whose stored tag ids differ from their usages.
 */
async function flagsOff(): Promise<unknown[]> {
  const r = await t.app.deps.db.execute(sql`
    select d.id, d.carries_nsfw, d.tag_ids::text from display_cards d
    where d.carries_nsfw is distinct from exists (
      select 1 from tag_usages u join nsfw_tags n on n.tag_id = u.tag_id
      where (u.subject_kind = 'displayCard' and u.subject_id = d.id::text)
        or (u.subject_kind = 'galleryImage' and u.subject_id = any(d.media_ids::text[])))
    or d.tag_ids is distinct from array(select u.tag_id from tag_usages u
      where u.subject_kind = 'displayCard' and u.subject_id = d.id::text order by u.tag_id)`);
  return r.rows;
}

const POOL = 5;
const IMAGES = 3;
const pick = (n: number) => fc.integer({ min: 0, max: n - 1 });
const subset = fc.uniqueArray(pick(POOL), { maxLength: 3 });
const edit = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({ op: fc.constant('tagImage' as const), image: pick(IMAGES), tags: subset }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant('tagCard' as const),
      tags: fc.uniqueArray(pick(POOL), { minLength: 1, maxLength: 3 }),
      // Which of the artist's images the card shows (the extra one swaps in).
      media: fc.shuffledSubarray([0, 1, 2, 3], { minLength: 3, maxLength: 3 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ op: fc.constant('maturity' as const), tag: pick(POOL), nsfw: fc.boolean() }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ op: fc.constant('parents' as const), tag: pick(POOL), others: subset }),
  },
  fc.record({ op: fc.constant('merge' as const), tag: pick(POOL), into: pick(POOL) }),
  fc.record({ op: fc.constant('delete' as const), tag: pick(POOL) }),
  fc.record({ op: fc.constant('deleteImage' as const), image: pick(IMAGES + 1) }),
);
type Edit = typeof edit extends fc.Arbitrary<infer E> ? E : never;

let run = 0;
describe('display cards carry NSFW and their tag ids exactly', () => {
  it('the stored flag and tag ids equal the tags after every random edit', async () => {
    const staffUser = await registerStaff(t);
    const staff = actorOf(staffUser, ['moderator']);
    await fc.assert(
      fc.asyncProperty(fc.array(edit, { minLength: 1, maxLength: 16 }), async (edits) => {
        run += 1;
        const prefix = `dn${run}_`;
        const titleOf = (i: number) => `${prefix}t${i}`;
        const ids: number[] = [];
        for (let i = 0; i < POOL; i += 1) {
          const tag = await createTagService(t.app.deps, staff, {
            title: titleOf(i),
            description: '',
            maturity: i === 0 ? 'NSFW' : 'SFW',
            tagType: 'General',
            synonyms: [],
            parentTags: [],
          });
          ids.push(tag.id);
        }
        // Every other run starts from a card whose images already carry the NSFW tag.
        const { user, card, images } = await shownArtist(t, [titleOf(1)], {
          imageTags: run % 2 === 0 ? [titleOf(0)] : [],
        });
        expect(await flagsOff(), 'carries_nsfw or tag_ids off after the card was made').toEqual([]);
        const extra = (await addImage(t, user)).id;
        const artist = actorOf(user);
        const imageIds = [...images.map((i) => i.id), extra];
        const apply = async (e: Edit) => {
          const full = async (i: number) => getTagFull(t.app.deps, null, ids[i]!);
          switch (e.op) {
            case 'tagImage':
              return updateImage(t.app.deps, artist, imageIds[e.image]!, { tags: e.tags.map(titleOf) });
            case 'tagCard':
              return updateDisplayCard(t.app.deps, artist, card.id, {
                tags: e.tags.map(titleOf),
                displayMedia: e.media.map((i) => imageIds[i]!),
              });
            case 'maturity': {
              const tag = await full(e.tag);
              return updateTag(t.app.deps, staff, tag.id, {
                ...tag,
                maturity: e.nsfw ? 'NSFW' : 'SFW',
                synonyms: tag.synonyms.map((s) => s.title),
                parentTags: tag.parentTags.map((p) => p.title),
                version: tag.version,
              });
            }
            case 'parents': {
              const tag = await full(e.tag);
              return updateTag(t.app.deps, staff, tag.id, {
                ...tag,
                synonyms: tag.synonyms.map((s) => s.title),
                parentTags: e.others.map(titleOf),
                version: tag.version,
              });
            }
            case 'merge':
              return mergeTag(t.app.deps, staff, ids[e.tag]!, { into: titleOf(e.into) });
            case 'delete':
              return deleteTag(t.app.deps, staff, ids[e.tag]!);
            case 'deleteImage':
              return deleteImage(t.app.deps, artist, imageIds[e.image]!);
          }
        };
        for (const e of edits) {
          try {
            await apply(e);
          } catch (err) {
            // Only the rules' own refusals are expected (a rule, a missing tag or image, a stale version).
            if (!(err instanceof AppError) || ![400, 404, 409].includes(err.statusCode)) throw err;
          }
          expect(await flagsOff(), `carries_nsfw or tag_ids off after ${JSON.stringify(e)}`).toEqual([]);
        }
      }),
      {
        numRuns: 15,
        endOnFailure: true,
        // Always tried: NSFW reaching an image's tag through a parent, then leaving by a cut link,
        // a merge into an NSFW tag, an NSFW card tag, and images swapped in and deleted.
        examples: [
          [
            [
              { op: 'tagImage', image: 0, tags: [2] },
              { op: 'parents', tag: 2, others: [3] },
              { op: 'maturity', tag: 3, nsfw: true },
              { op: 'parents', tag: 2, others: [] },
              { op: 'merge', tag: 2, into: 0 },
              { op: 'maturity', tag: 0, nsfw: false },
              { op: 'tagCard', tags: [0], media: [0, 1, 2] },
              { op: 'maturity', tag: 0, nsfw: true },
              { op: 'tagCard', tags: [4], media: [0, 1, 2] },
              { op: 'tagImage', image: 0, tags: [] },
              { op: 'tagImage', image: 3, tags: [0] },
              { op: 'tagCard', tags: [4], media: [3, 1, 2] },
              { op: 'tagCard', tags: [4], media: [0, 1, 2] },
              { op: 'tagCard', tags: [4], media: [1, 3, 2] },
              { op: 'deleteImage', image: 3 },
              { op: 'tagImage', image: 1, tags: [0] },
              { op: 'delete', tag: 0 },
            ],
          ],
        ],
      },
    );
  }, 600_000);

  it('an anonymous reader loses a card when an image tag becomes NSFW through its parent, and gets it back', async () => {
    const staff = await registerStaff(t);
    const parent = await createTag(t, staff, { title: uniqueTitle('theme') });
    const child = await createTag(t, staff, { title: uniqueTitle('motif'), parentTags: [parent.title] });
    const marker = await createTag(t, staff, { title: uniqueTitle('marker') });
    const { user } = await shownArtist(t, [marker.title], { imageTags: [child.title] });
    const listed = async () => {
      const res = await call(t.app, 'GET', `/api/artists?tags=${marker.title}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<ArtistsPage>().items.map((c) => c.owner.login);
    };
    expect(await listed()).toEqual([user.login]);
    const edited = await call(
      t.app,
      'PUT',
      `/api/tag/update/${parent.id}`,
      staff.cookie,
      editOf(await fullTag(t, parent.id), { maturity: 'NSFW' }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await listed()).toEqual([]);
    const back = await call(
      t.app,
      'PUT',
      `/api/tag/update/${parent.id}`,
      staff.cookie,
      editOf(edited.json<{ tag: TagFull }>().tag, { maturity: 'SFW' }),
    );
    expect(back.statusCode, back.body).toBe(200);
    expect(await listed()).toEqual([user.login]);
  });
});
