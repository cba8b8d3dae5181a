import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Card } from '@brushline/shared/cards/schemas';
import type { ArtistsPage, GalleryPage } from '@brushline/shared/gallery/browse-schemas';
import type { GalleryImage, UserFolders } from '@brushline/shared/gallery/schemas';
import type { Post, PostPage } from '@brushline/shared/posts/schemas';
import type { UserSettings } from '@brushline/shared/users/schemas';
import { createTestApp, registerUser, type TestApp } from '../../test/harness.ts';
import { call, createCard, registerArtist, type TestUser } from '../../test/kit.ts';
import { createTag, registerStaff, uniqueTitle } from '../tags/tag-fixtures.ts';
import { addImage, shownArtist } from './gallery-fixtures.ts';

/**
 * The AI label (decision 0025): posts, gallery images and commission cards carry "generated",
 * "assisted" or none; a reader who turns on hideAI no longer receives labelled work of others in
 * any list (the feed, a profile's posts, /gallery, a user's gallery, /artists, a user's cards),
 * while its owner still sees their own, and anyone opening a link sees the label.
 */

let t: TestApp;
let tag: string;
let maker: TestUser;
let reader: TestUser;
let handPost: Post;
let aiPost: Post;
let handImage: GalleryImage;
let aiImage: GalleryImage;
let aiCard: Card;
let handCard: Card;
let aiArtist: Awaited<ReturnType<typeof shownArtist>>;
let handArtist: Awaited<ReturnType<typeof shownArtist>>;

async function post(user: TestUser, body: Record<string, unknown>): Promise<Post> {
  const res = await call(t.app, 'POST', '/api/post', user.cookie, { maturity: 'sfw', ...body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Post>();
}

async function setHideAi(user: TestUser, hideAI: boolean | undefined): Promise<UserSettings> {
  const res = await call(t.app, 'PATCH', `/api/user/update/settings/id/${user.id}`, user.cookie, {
    displayNSFW: false,
    displayQuestionable: false,
    isArtist: false,
    ...(hideAI === undefined ? {} : { hideAI }),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<UserSettings>();
}

const json = async <T>(url: string, who?: TestUser): Promise<T> => {
  const res = await call(t.app, 'GET', url, who?.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
};

beforeAll(async () => {
  t = await createTestApp();
  const staff = await registerStaff(t);
  tag = (await createTag(t, staff, { title: uniqueTitle('robot') })).title;
  maker = await registerArtist(t);
  reader = await registerUser(t.app, t.dataDir);
  handPost = await post(maker, { postContent: 'Drawn by hand' });
  aiPost = await post(maker, { postContent: 'Made with a generator', aiLabel: 'generated' });
  handImage = await addImage(t, maker, { title: 'by hand' });
  aiImage = await addImage(t, maker, { title: 'assisted', aiLabel: 'assisted' });
  handCard = await createCard(t, maker, { title: 'Hand-made portrait' });
  aiCard = await createCard(t, maker, { title: 'Generated portrait', aiLabel: 'generated' });
  handArtist = await shownArtist(t, [tag]);
  aiArtist = await shownArtist(t, [tag]);
  const labelled = await call(
    t.app,
    'PATCH',
    `/api/gallery/image/${aiArtist.images[0]!.id}`,
    aiArtist.user.cookie,
    {
      aiLabel: 'generated',
    },
  );
  expect(labelled.statusCode, labelled.body).toBe(200);
}, 120_000);
afterAll(() => t.close());

describe('the label', () => {
  it('is kept and shown on posts, images and cards; an edit changes or removes it', async () => {
    expect(handPost.aiLabel).toBeNull();
    expect(aiPost.aiLabel).toBe('generated');
    expect(aiImage.aiLabel).toBe('assisted');
    expect(aiCard.aiLabel).toBe('generated');
    expect(handCard.aiLabel).toBeNull();

    const img = await addImage(t, maker, { aiLabel: 'generated' });
    const edit = (body: unknown) => call(t.app, 'PATCH', `/api/gallery/image/${img.id}`, maker.cookie, body);
    expect((await edit({ title: 'renamed' })).json<{ image: GalleryImage }>().image.aiLabel).toBe(
      'generated',
    );
    expect((await edit({ aiLabel: null })).json<{ image: GalleryImage }>().image.aiLabel).toBeNull();

    const updated = await call(t.app, 'PUT', '/api/comissioncard/update', maker.cookie, {
      ...aiCard,
      uuid: aiCard.uuid,
      cardBanner: null,
      thumbnailPicture: null,
      galleryFolder: null,
      aiLabel: 'assisted',
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json<{ card: Card }>().card.aiLabel).toBe('assisted');
  });

  it('refuses a label that is not one of the two, and changes nothing', async () => {
    const res = await call(t.app, 'POST', '/api/post', maker.cookie, {
      maturity: 'sfw',
      postContent: 'x',
      aiLabel: 'partly',
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Choose AI-generated, AI-assisted or no label');
    const own = await json<PostPage>(`/api/posts/filter?owner=${maker.login}`, maker);
    expect(own.items.map((p) => p.postContent)).not.toContain('x');
  });
});

describe('hideAI', () => {
  it('is off by default, kept when a settings save leaves it out, and saved when sent', async () => {
    expect((await json<UserSettings>(`/api/user/settings/login/${reader.login}`, reader)).hideAI).toBe(false);
    expect((await setHideAi(reader, true)).hideAI).toBe(true);
    expect((await setHideAi(reader, undefined)).hideAI).toBe(true);
  });

  it('takes labelled work of others out of every list, at once', async () => {
    await setHideAi(reader, true);
    const feed = await json<PostPage>('/api/posts/filter', reader);
    const ids = feed.items.map((p) => p.id);
    expect(ids).toContain(handPost.id);
    expect(ids).not.toContain(aiPost.id);
    const theirs = await json<PostPage>(`/api/posts/filter?owner=${maker.login}`, reader);
    expect(theirs.items.map((p) => p.id)).toEqual([handPost.id]);

    const gallery = (await json<GalleryPage>('/api/gallery', reader)).items.map((i) => i.id);
    expect(gallery).toContain(handImage.id);
    expect(gallery).not.toContain(aiImage.id);
    const folders = await json<UserFolders>(`/api/folders/user/${maker.login}`, reader);
    expect(folders.images.map((i) => i.id)).toContain(handImage.id);
    expect(folders.images.map((i) => i.id)).not.toContain(aiImage.id);

    const cards = (await json<Card[]>(`/api/comissioncards/user/${maker.login}`, reader)).map((c) => c.uuid);
    expect(cards).toContain(handCard.uuid);
    expect(cards).not.toContain(aiCard.uuid);

    const artists = (await json<ArtistsPage>(`/api/artists?tags=${tag}`, reader)).items.map(
      (c) => c.owner.login,
    );
    expect(artists).toEqual([handArtist.user.login]);
  });

  it('leaves the same lists whole for everyone else and for the owner', async () => {
    for (const who of [undefined, maker]) {
      const feed = (await json<PostPage>(`/api/posts/filter?owner=${maker.login}`, who)).items.map(
        (p) => p.id,
      );
      expect(feed, who?.login ?? 'anonymous').toEqual(expect.arrayContaining([handPost.id, aiPost.id]));
      const gallery = (await json<GalleryPage>('/api/gallery', who)).items.map((i) => i.id);
      expect(gallery).toEqual(expect.arrayContaining([handImage.id, aiImage.id]));
      const cards = (await json<Card[]>(`/api/comissioncards/user/${maker.login}`, who)).map((c) => c.uuid);
      expect(cards).toEqual(expect.arrayContaining([handCard.uuid, aiCard.uuid]));
      const artists = (await json<ArtistsPage>(`/api/artists?tags=${tag}`, who)).items.map(
        (c) => c.owner.login,
      );
      expect(new Set(artists)).toEqual(new Set([handArtist.user.login, aiArtist.user.login]));
    }
    // The maker hides AI too: their own labelled work stays in their lists.
    await setHideAi(maker, true);
    const own = (await json<PostPage>(`/api/posts/filter?owner=${maker.login}`, maker)).items.map(
      (p) => p.id,
    );
    expect(own).toEqual(expect.arrayContaining([handPost.id, aiPost.id]));
    const ownCards = (await json<Card[]>(`/api/comissioncards/user/${maker.login}`, maker)).map(
      (c) => c.uuid,
    );
    expect(ownCards).toContain(aiCard.uuid);
    await setHideAi(maker, false);
  });

  it('a reader who displays NSFW and hides AI is not served the shared pages of those who hide nothing', async () => {
    const nsfwReader = await registerUser(t.app, t.dataDir);
    const body = { displayNSFW: true, displayQuestionable: true, isArtist: false };
    const path = (u: TestUser) => `/api/user/update/settings/id/${u.id}`;
    expect((await call(t.app, 'PATCH', path(nsfwReader), nsfwReader.cookie, body)).statusCode).toBe(200);
    // Another reader who hides nothing fills the shared pages first.
    const open = await registerUser(t.app, t.dataDir);
    expect((await call(t.app, 'PATCH', path(open), open.cookie, body)).statusCode).toBe(200);
    expect((await json<GalleryPage>('/api/gallery', open)).items.map((i) => i.id)).toContain(aiImage.id);
    const hide = { ...body, hideAI: true };
    expect((await call(t.app, 'PATCH', path(nsfwReader), nsfwReader.cookie, hide)).statusCode).toBe(200);
    expect((await json<GalleryPage>('/api/gallery', nsfwReader)).items.map((i) => i.id)).not.toContain(
      aiImage.id,
    );
    const artists = await json<ArtistsPage>(`/api/artists?tags=${tag}`, nsfwReader);
    expect(artists.items.map((c) => c.owner.login)).toEqual([handArtist.user.login]);
  });

  it('a link still opens labelled work, with its label', async () => {
    await setHideAi(reader, true);
    expect((await json<Post>(`/api/post/${aiPost.id}`, reader)).aiLabel).toBe('generated');
    expect((await json<Card>(`/api/comissioncard/get/${aiCard.uuid}`, reader)).aiLabel).not.toBeNull();
  });

  it('turned off again, the labelled work comes back', async () => {
    await setHideAi(reader, false);
    const feed = (await json<PostPage>(`/api/posts/filter?owner=${maker.login}`, reader)).items.map(
      (p) => p.id,
    );
    expect(feed).toContain(aiPost.id);
  });
});
