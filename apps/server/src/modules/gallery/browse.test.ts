import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ArtistsPage, GalleryPage, HiddenTags } from '@brushline/shared/gallery/browse-schemas';
import { ARTISTS_PAGE_SIZE, GALLERY_PAGE_SIZE } from '@brushline/shared/gallery/constants';
import { galleryMessages } from '@brushline/shared/gallery/messages';
import type { TagFull } from '@brushline/shared/tags/schemas';
import { createTestApp, registerUser, type TestApp } from '../../test/harness.ts';
import { call, type TestUser } from '../../test/kit.ts';
import { createTag, registerStaff, uniqueTitle } from '../tags/tag-fixtures.ts';
import { addImage, shownArtist } from './gallery-fixtures.ts';

/**
 * /artists and /gallery (decision 0017): tag filters with descendants and synonyms, price, open
 * now, name search, keyset pages, and what a reader's hidden tags and maturity leave out or blur.
 */
let t: TestApp;
let staff: TestUser;
let animal: TagFull;
let cat: TagFull;
let dog: TagFull;
let nsfw: TagFull;
const artists = {} as Record<
  'cheapCat' | 'dearDog' | 'closedCat' | 'spicy',
  Awaited<ReturnType<typeof shownArtist>>
>;

beforeAll(async () => {
  t = await createTestApp();
  staff = await registerStaff(t);
  animal = await createTag(t, staff, { title: uniqueTitle('animal') });
  cat = await createTag(t, staff, {
    title: uniqueTitle('cat'),
    parentTags: [animal.title],
    synonyms: [uniqueTitle('kitty')],
  });
  dog = await createTag(t, staff, { title: uniqueTitle('dog'), parentTags: [animal.title] });
  nsfw = await createTag(t, staff, { title: uniqueTitle('lewd'), maturity: 'NSFW' });
  artists.cheapCat = await shownArtist(t, [cat.title], { price: 15, imageTags: [cat.title] });
  artists.dearDog = await shownArtist(t, [dog.title], { price: 300 });
  artists.closedCat = await shownArtist(t, [cat.synonyms[0]!.title], { price: 50, taking: false });
  artists.spicy = await shownArtist(t, [animal.title, nsfw.title], { price: 40, imageTags: [nsfw.title] });
}, 120_000);
afterAll(() => t.close());

async function artistLogins(query: string, who?: TestUser): Promise<string[]> {
  const res = await call(t.app, 'GET', `/api/artists?${query}`, who?.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ArtistsPage>().items.map((c) => c.owner.login);
}
const login = (k: keyof typeof artists) => artists[k].user.login;

describe('/artists', () => {
  it('a parent tag finds descendants, a synonym finds its canonical tag; tags must all match', async () => {
    expect(new Set(await artistLogins(`tags=${animal.title}`))).toEqual(
      new Set([login('cheapCat'), login('dearDog'), login('closedCat')]),
    );
    expect(new Set(await artistLogins(`tags=${cat.synonyms[0]!.title}`))).toEqual(
      new Set([login('cheapCat'), login('closedCat')]),
    );
    expect(await artistLogins(`tags=${cat.title},${dog.title}`)).toEqual([]);
    expect(await artistLogins('tags=no_such_tag_at_all')).toEqual([]);
  });

  it('filters by open cards’ starting prices, taking commissions now and name; newest activity first', async () => {
    expect(new Set(await artistLogins(`tags=${animal.title}&minPrice=10&maxPrice=60`))).toEqual(
      new Set([login('cheapCat'), login('closedCat')]),
    );
    // SPEC §5 read as for a stored range (priceFilterCents): the maximum is raised to the minimum.
    expect(await artistLogins(`tags=${animal.title}&minPrice=300&maxPrice=15`)).toEqual([login('dearDog')]);
    expect(new Set(await artistLogins(`tags=${animal.title}&open=true`))).toEqual(
      new Set([login('cheapCat'), login('dearDog')]),
    );
    expect(await artistLogins(`search=${login('dearDog').toUpperCase()}`)).toEqual([login('dearDog')]);
    expect(await artistLogins(`tags=${animal.title}`)).toEqual([
      login('closedCat'),
      login('dearDog'),
      login('cheapCat'),
    ]);
  });

  it('NSFW cards only for readers who display NSFW; anonymous readers see SFW only', async () => {
    expect(await artistLogins('')).not.toContain(login('spicy'));
    const reader = await registerUser(t.app, t.dataDir);
    expect(await artistLogins('', reader)).not.toContain(login('spicy'));
    await call(t.app, 'PATCH', `/api/user/update/settings/id/${reader.id}`, reader.cookie, {
      displayNSFW: true,
      displayQuestionable: false,
      isArtist: false,
    });
    expect(await artistLogins('', reader)).toContain(login('spicy'));
  });

  it('hidden tags leave out cards carrying them or a descendant; blurred ones are marked', async () => {
    const reader = await registerUser(t.app, t.dataDir);
    const put = await call(t.app, 'PUT', '/api/user/hidden-tags', reader.cookie, {
      items: [
        { title: animal.title, mode: 'hide' },
        { title: dog.title, mode: 'blur' },
      ],
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().message).toBe(galleryMessages.hiddenTagsSaved);
    expect(await artistLogins(`search=${login('cheapCat')}`, reader)).toEqual([]);
    await call(t.app, 'PUT', '/api/user/hidden-tags', reader.cookie, {
      items: [{ title: cat.synonyms[0]!.title, mode: 'blur' }],
    });
    const got = (await call(t.app, 'GET', '/api/user/hidden-tags', reader.cookie)).json<HiddenTags>();
    expect(got.items).toEqual([{ tag: expect.objectContaining({ id: cat.id }), mode: 'blur' }]);
    const page = (
      await call(t.app, 'GET', `/api/artists?tags=${animal.title}`, reader.cookie)
    ).json<ArtistsPage>();
    const blurred = Object.fromEntries(page.items.map((c) => [c.owner.login, c.blurred]));
    expect(blurred).toEqual({
      [login('cheapCat')]: true,
      [login('closedCat')]: true,
      [login('dearDog')]: false,
    });
    const bad = await call(t.app, 'PUT', '/api/user/hidden-tags', reader.cookie, {
      items: [{ title: 'not_a_tag_x', mode: 'hide' }],
    });
    expect(bad.statusCode).toBe(400);
    expect((await call(t.app, 'GET', '/api/user/hidden-tags', reader.cookie)).json<HiddenTags>()).toEqual(
      got,
    );
    expect((await call(t.app, 'GET', '/api/user/hidden-tags')).statusCode).toBe(401);
  });

  it('pages by cursor without repeats or gaps, and a broken cursor is 400', async () => {
    const extra = [];
    for (let i = 0; i < ARTISTS_PAGE_SIZE; i++) extra.push((await shownArtist(t, [dog.title])).user.login);
    const first = (await call(t.app, 'GET', `/api/artists?tags=${dog.title}`)).json<ArtistsPage>();
    expect(first.items).toHaveLength(ARTISTS_PAGE_SIZE);
    const second = (
      await call(t.app, 'GET', `/api/artists?tags=${dog.title}&cursor=${first.nextCursor}`)
    ).json<ArtistsPage>();
    const all = [...first.items, ...second.items].map((c) => c.owner.login);
    expect(new Set(all)).toEqual(new Set([...extra, login('dearDog')]));
    expect(all).toHaveLength(ARTISTS_PAGE_SIZE + 1);
    expect(second.nextCursor).toBeNull();
    expect((await call(t.app, 'GET', '/api/artists?cursor=bm9wZQ')).statusCode).toBe(400);
  });
});

describe('/gallery', () => {
  it('lists effectively Public images newest first by keyset pages, filtered by tags and maturity', async () => {
    const owner = await registerUser(t.app, t.dataDir);
    const made = [];
    for (let i = 0; i < GALLERY_PAGE_SIZE + 2; i++)
      made.push(await addImage(t, owner, { tags: [dog.title] }));
    const priv = await addImage(t, owner, { privacy: 'Private', tags: [dog.title] });
    const first = (await call(t.app, 'GET', `/api/gallery?tags=${animal.title}`)).json<GalleryPage>();
    const second = (
      await call(t.app, 'GET', `/api/gallery?tags=${animal.title}&cursor=${first.nextCursor}`)
    ).json<GalleryPage>();
    const ids = [...first.items, ...second.items].filter((i) => i.owner.id === owner.id).map((i) => i.id);
    expect(ids).toEqual(made.map((m) => m.id).reverse());
    expect(ids).not.toContain(priv.id);
    const all = (await call(t.app, 'GET', '/api/gallery')).json<GalleryPage>();
    expect(all.items.some((i) => i.tags.some((tag) => tag.id === nsfw.id))).toBe(false);
  });
});
