import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serializerCompiler } from 'fastify-type-provider-zod';
import {
  artistsPageSchema,
  galleryPageSchema,
  type ArtistsPage,
  type GalleryPage,
} from '@brushline/shared/gallery/browse-schemas';
import { afterBusMessage, closeAll, registerUser, twoInstances, type TestApp } from '../../test/harness.ts';
import { call, createCard, registerArtist, type TestUser } from '../../test/kit.ts';
import { createTag, editOf, registerStaff, uniqueTitle } from '../tags/tag-fixtures.ts';
import { addImage, shownArtist } from './gallery-fixtures.ts';
import { TAG_VOCABULARY_TOPIC } from '../tags/tag-suggest-cache.ts';
import { GALLERY_LISTS_TOPIC } from './gallery-page-cache.ts';

// /artists and /gallery pages are cached per reader class on each instance (gallery-page-cache.ts,
// decision 0017 "Page cache"). Each test reads first on both instances, so a page it then checks
// would come from a warm cache if a write did not empty it; writes go through A, pages are read on
// A and B (two servers of one deployment: one database, one cache bus).

let a: TestApp;
let b: TestApp;
let staff: TestUser;
beforeAll(async () => {
  [a, b] = await twoInstances();
  staff = await registerStaff(a);
});
afterAll(() => closeAll(b, a));

const get = async <T>(t: TestApp, path: string, user?: TestUser) => {
  const res = await call(t.app, 'GET', path, user?.cookie);
  expect(res.statusCode).toBe(200);
  return res.json<T>();
};
const galleryIds = async (t: TestApp, tag: string, user?: TestUser) =>
  (await get<GalleryPage>(t, `/api/gallery?tags=${tag}`, user)).items.map((i) => i.id);
const artistNames = async (t: TestApp, tag: string, user?: TestUser) =>
  (await get<ArtistsPage>(t, `/api/artists?tags=${tag}`, user)).items.map((c) => c.owner.displayName);

/** A write through A, once B has heard that the lists changed. */
const onBoth = <T>(write: () => Promise<T>) => afterBusMessage(b, GALLERY_LISTS_TOPIC, write);

describe('gallery list pages across instances', () => {
  it('a new Public image, and one made Private, show on every instance at once', async () => {
    const tag = await createTag(a, staff, { title: uniqueTitle('cachegal') });
    const artist = await registerArtist(a);
    expect([await galleryIds(a, tag.title), await galleryIds(b, tag.title)]).toEqual([[], []]);
    const image = await onBoth(() => addImage(a, artist, { tags: [tag.title] }));
    expect([await galleryIds(a, tag.title), await galleryIds(b, tag.title)]).toEqual([
      [image.id],
      [image.id],
    ]);
    await onBoth(() =>
      call(a.app, 'PATCH', `/api/gallery/image/${image.id}`, artist.cookie, { privacy: 'Private' }),
    );
    expect([await galleryIds(a, tag.title), await galleryIds(b, tag.title)]).toEqual([[], []]);
  });

  it('closing the last open card, and a new display name, show on /artists at once', async () => {
    const tag = await createTag(a, staff, { title: uniqueTitle('cacheart') });
    const { user, card } = await shownArtist(a, [tag.title]);
    const name = card.owner.displayName;
    expect([await artistNames(a, tag.title), await artistNames(b, tag.title)]).toEqual([[name], [name]]);
    await onBoth(() =>
      call(a.app, 'PATCH', '/api/user/profile', user.cookie, { displayName: 'Renamed Artist' }),
    );
    expect(await artistNames(b, tag.title)).toEqual(['Renamed Artist']);
    const open = await get<{ uuid: string }[]>(a, `/api/comissioncards/user/${user.login}`);
    expect(open.length).toBeGreaterThan(0);
    for (const c of open)
      await onBoth(() => call(a.app, 'DELETE', `/api/comissioncard/delete/${c.uuid}`, user.cookie));
    expect([await artistNames(a, tag.title), await artistNames(b, tag.title)]).toEqual([[], []]);
    // A new open card shows the card again.
    await onBoth(() => createCard(a, user, { isOpenComission: true }));
    expect(await artistNames(b, tag.title)).toEqual(['Renamed Artist']);
  });

  it('a reader who hides a tag is not served the shared page', async () => {
    const tag = await createTag(a, staff, { title: uniqueTitle('cachehide') });
    const artist = await registerArtist(a);
    const image = await addImage(a, artist, { tags: [tag.title] });
    expect(await galleryIds(a, tag.title)).toEqual([image.id]);
    const reader = await registerUser(a.app, a.dataDir);
    await call(a.app, 'PUT', '/api/user/hidden-tags', reader.cookie, {
      items: [{ title: tag.title, mode: 'hide' }],
    });
    expect(await galleryIds(a, tag.title, reader)).toEqual([]);
    expect(await galleryIds(a, tag.title)).toEqual([image.id]);
  });

  it('a tag renamed in the wiki shows its new title in cached pages at once', async () => {
    const tag = await createTag(a, staff, { title: uniqueTitle('cacheren') });
    const artist = await registerArtist(a);
    const image = await addImage(a, artist, { tags: [tag.title] });
    const titles = async (t: TestApp) =>
      (await get<GalleryPage>(t, '/api/gallery')).items
        .find((i) => i.id === image.id)
        ?.tags.map((x) => x.title);
    expect([await titles(a), await titles(b)]).toEqual([[tag.title], [tag.title]]);
    const renamed = uniqueTitle('cacherenamed');
    const res = await afterBusMessage(b, TAG_VOCABULARY_TOPIC, () =>
      call(a.app, 'PUT', `/api/tag/update/${tag.id}`, staff.cookie, editOf(tag, { title: renamed })),
    );
    expect(res.statusCode).toBe(200);
    expect([await titles(a), await titles(b)]).toEqual([[renamed], [renamed]]);
  });

  it('a new child of a filtered tag counts at once: the filter’s tag ids follow the vocabulary', async () => {
    const parent = await createTag(a, staff, { title: uniqueTitle('cacheparent') });
    expect([await artistNames(a, parent.title), await artistNames(b, parent.title)]).toEqual([[], []]);
    const child = await afterBusMessage(b, TAG_VOCABULARY_TOPIC, () =>
      createTag(a, staff, { title: uniqueTitle('cachechild'), parentTags: [parent.title] }),
    );
    const { card } = await onBoth(() => shownArtist(a, [child.title]));
    const name = card.owner.displayName;
    expect([await artistNames(a, parent.title), await artistNames(b, parent.title)]).toEqual([
      [name],
      [name],
    ]);
  });
});

describe('the lists’ JSON', () => {
  it('is written exactly as the zod serializer would write it', async () => {
    const tag = await createTag(a, staff, { title: uniqueTitle('cachejson') });
    const { user } = await shownArtist(a, [tag.title], { imageTags: [tag.title] });
    const reader = await registerUser(a.app, a.dataDir);
    await call(a.app, 'PUT', '/api/user/hidden-tags', reader.cookie, {
      items: [{ title: tag.title, mode: 'blur' }],
    });
    const checks = [
      { schema: artistsPageSchema, url: `/api/artists?tags=${tag.title}` },
      { schema: galleryPageSchema, url: `/api/gallery?tags=${tag.title}` },
    ];
    for (const { schema, url } of checks) {
      const zod = serializerCompiler({ schema, method: 'GET', url });
      for (const who of [undefined, reader, user]) {
        const res = await call(a.app, 'GET', url, who?.cookie);
        expect(res.statusCode).toBe(200);
        expect(res.json<{ items: unknown[] }>().items.length).toBeGreaterThan(0);
        expect(res.body).toBe(zod(res.json()));
      }
    }
    // Refusals still go through the zod serializer, in the one error shape.
    const bad = await call(a.app, 'GET', '/api/gallery?cursor=nonsense');
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ error: { code: string } }>().error.code).toBe('bad_cursor');
  });
});
