import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Card } from '@brushline/shared/cards/schemas';
import type { DisplayCard } from '@brushline/shared/gallery/browse-schemas';
import { DISPLAY_CARD_MEDIA, DISPLAY_CARD_TAGS_MAX } from '@brushline/shared/gallery/constants';
import { galleryMessages } from '@brushline/shared/gallery/messages';
import { messages } from '@brushline/shared/messages';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { call, createCard, registerArtist, sampleCard, type TestUser } from '../../test/kit.ts';
import { createTag, registerStaff, uniqueTitle } from '../tags/tag-fixtures.ts';
import { displayCardConditions, type DisplayCardCondition } from './display-card-shown.rules.ts';
import { addImage, createFolder, shownArtist } from './gallery-fixtures.ts';

/** SPEC §4's rule, kept true as each of its conditions changes (decision 0017). */
let t: TestApp;
let staff: TestUser;
let tag: string;
beforeAll(async () => {
  t = await createTestApp();
  staff = await registerStaff(t);
  tag = (await createTag(t, staff, { title: uniqueTitle('portrait') })).title;
});
afterAll(() => t.close());

const cardOf = async (user: TestUser, who?: TestUser) =>
  call(t.app, 'GET', `/api/displaycard/get/bylogin/${user.login}`, who?.cookie);
const shown = async (user: TestUser) => (await cardOf(user, user)).json<DisplayCard>();

describe('display card rule', () => {
  it('is shown with a tag, 3 visible images and an open card, and says what is missing otherwise', async () => {
    const artist = await registerArtist(t);
    const images = [];
    for (let i = 0; i < 2; i++) images.push(await addImage(t, artist));
    const created = await call(t.app, 'POST', '/api/displaycard/create', artist.cookie, {
      tags: [tag],
      displayMedia: images.map((i) => i.id),
    });
    expect(created.statusCode).toBe(200);
    expect(created.json().message).toBe(messages.displayCardUpdated);
    let card = created.json<{ card: DisplayCard }>().card;
    expect(card.isShown).toBe(false);
    expect(card.notShownReasons).toEqual([
      galleryMessages.notShownMedia(2),
      galleryMessages.notShownNoOpenCard,
    ]);
    // Not shown: only its owner gets it.
    expect((await cardOf(artist)).statusCode).toBe(404);

    images.push(await addImage(t, artist));
    const update = (body: object) =>
      call(t.app, 'PATCH', `/api/displaycard/update/${card.id}`, artist.cookie, body);
    expect((await update({ tags: [tag], displayMedia: images.map((i) => i.id) })).statusCode).toBe(200);
    expect((await shown(artist)).notShownReasons).toEqual([galleryMessages.notShownNoOpenCard]);

    const open = await createCard(t, artist, { isOpenComission: true, isCommissionsOpen: true });
    card = await shown(artist);
    expect(card.isShown).toBe(true);
    expect(card.notShownReasons).toEqual([]);
    expect((await cardOf(artist)).statusCode).toBe(200);

    // Closing the only open card hides it; opening it again shows it.
    const close = (isOpen: boolean) =>
      call(t.app, 'PUT', '/api/comissioncard/update', artist.cookie, {
        ...sampleCard({ isOpenComission: isOpen, isCommissionsOpen: false }),
        uuid: open.uuid,
      });
    expect((await close(false)).statusCode).toBe(200);
    expect((await shown(artist)).isShown).toBe(false);
    expect((await close(true)).statusCode).toBe(200);
    expect((await shown(artist)).isShown).toBe(true);

    // Hiding one image, or its folder, hides the card.
    const hide = await call(t.app, 'PATCH', `/api/gallery/image/${images[0]!.id}`, artist.cookie, {
      privacy: 'Hidden',
    });
    expect(hide.statusCode).toBe(200);
    expect((await shown(artist)).isShown).toBe(false);
    await call(t.app, 'PATCH', `/api/gallery/image/${images[0]!.id}`, artist.cookie, { privacy: 'Private' });
    expect((await shown(artist)).isShown).toBe(true);
    const folder = await createFolder(t, artist, { folderName: 'examples' });
    await call(t.app, 'PATCH', `/api/gallery/image/${images[1]!.id}`, artist.cookie, { folderId: folder.id });
    expect((await shown(artist)).isShown).toBe(true);
    await call(t.app, 'PATCH', `/api/folder/update/${folder.id}`, artist.cookie, { privacy: 'Hidden' });
    expect((await shown(artist)).isShown).toBe(false);
    await call(t.app, 'DELETE', `/api/folder/delete/${folder.id}?images=keep`, artist.cookie);
    expect((await shown(artist)).isShown).toBe(true);

    // Deleting an image or the only open card hides it.
    expect(
      (await call(t.app, 'DELETE', `/api/comissioncard/delete/${open.uuid}`, artist.cookie)).statusCode,
    ).toBe(200);
    expect((await shown(artist)).notShownReasons).toEqual([galleryMessages.notShownNoOpenCard]);
    await createCard(t, artist, { isOpenComission: true });
    expect((await shown(artist)).isShown).toBe(true);
    await call(t.app, 'DELETE', `/api/gallery/image/${images[2]!.id}`, artist.cookie);
    const after = await shown(artist);
    expect(after.isShown).toBe(false);
    expect(after.displayMedia).toHaveLength(2);
  });

  it('bad input is 400 with the rule and changes nothing; a second card is 409; someone else’s card is 404', async () => {
    const { user, card, images } = await shownArtist(t, [tag]);
    const before = (await cardOf(user)).body;
    const titles = Array.from({ length: DISPLAY_CARD_TAGS_MAX + 1 }, () => tag);
    for (const [body, message] of [
      [{ tags: [], displayMedia: [] }, galleryMessages.cardTooFewTags],
      [{ tags: titles, displayMedia: [] }, galleryMessages.cardTooManyTags],
      [
        { tags: [tag], displayMedia: [...images.map((i) => i.id), images[0]!.id] },
        galleryMessages.cardTooManyMedia,
      ],
      [{ tags: [tag], displayMedia: [images[0]!.id, images[0]!.id] }, galleryMessages.cardMediaTwice],
    ] as const) {
      const res = await call(t.app, 'PATCH', `/api/displaycard/update/${card.id}`, user.cookie, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
    const other = await registerArtist(t);
    const foreign = await addImage(t, other);
    const res = await call(t.app, 'PATCH', `/api/displaycard/update/${card.id}`, user.cookie, {
      tags: [tag],
      displayMedia: [foreign.id],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(galleryMessages.cardMediaNotShown);
    const unknownTag = await call(t.app, 'PATCH', `/api/displaycard/update/${card.id}`, user.cookie, {
      tags: ['no_such_tag_anywhere'],
      displayMedia: [],
    });
    expect(unknownTag.statusCode).toBe(400);
    const second = await call(t.app, 'POST', '/api/displaycard/create', user.cookie, {
      tags: [tag],
      displayMedia: [],
    });
    expect(second.statusCode).toBe(409);
    const theirs = await call(t.app, 'PATCH', `/api/displaycard/update/${card.id}`, other.cookie, {
      tags: [tag],
      displayMedia: [],
    });
    expect(theirs.statusCode).toBe(404);
    expect((await cardOf(user)).body).toBe(before);
  });

  it('a card whose only tag staff delete is no longer shown', async () => {
    const staff = await registerStaff(t);
    const only = await createTag(t, staff, { title: uniqueTitle('doomed') });
    const { user } = await shownArtist(t, [only.title]);
    expect((await shown(user)).isShown).toBe(true);
    expect((await call(t.app, 'DELETE', `/api/tag/delete/${only.id}`, staff.cookie)).statusCode).toBe(200);
    const card = await shown(user);
    expect(card.isShown).toBe(false);
    expect(card.notShownReasons).toEqual([galleryMessages.notShownNoTags]);
  });

  it('a card’s example folder shows the commission page the images the reader may see', async () => {
    const artist = await registerArtist(t);
    const folder = await createFolder(t, artist, { folderName: 'Examples' });
    const pub = await addImage(t, artist, { folderId: folder.id });
    const hidden = await addImage(t, artist, { folderId: folder.id, privacy: 'Hidden' });
    const card = await createCard(t, artist, { galleryFolder: folder.id, isOpenComission: true });
    const anon = (await call(t.app, 'GET', `/api/comissioncard/get/${card.uuid}`)).json<Card>();
    expect(anon.galleryFolder?.mediaFiles.map((m) => m.id)).toEqual([pub.id]);
    const own = (await call(t.app, 'GET', `/api/comissioncard/get/${card.uuid}`, artist.cookie)).json<Card>();
    expect(own.galleryFolder?.mediaFiles.map((m) => m.id)).toEqual([pub.id, hidden.id]);
    await call(t.app, 'PATCH', `/api/folder/update/${folder.id}`, artist.cookie, { privacy: 'Hidden' });
    expect(
      (await call(t.app, 'GET', `/api/comissioncard/get/${card.uuid}`)).json<Card>().galleryFolder,
    ).toBeNull();
    const other = await registerArtist(t);
    const stolen = await call(
      t.app,
      'POST',
      '/api/commissioncard/create',
      other.cookie,
      sampleCard({ galleryFolder: folder.id }),
    );
    expect(stolen.statusCode).toBe(404);
  });
});

describe('display card rule, one condition at a time', () => {
  type Shown = Awaited<ReturnType<typeof shownArtist>> & { tagId: number };
  /** For each condition: how a shown card comes to fail it and no other, and what its owner is then told. */
  const failOnly: Record<
    DisplayCardCondition,
    { fail: (s: Shown) => Promise<{ statusCode: number }>; says: string }
  > = {
    tagged: {
      fail: (s) => call(t.app, 'DELETE', `/api/tag/delete/${s.tagId}`, staff.cookie),
      says: galleryMessages.notShownNoTags,
    },
    threeShowableImages: {
      fail: (s) =>
        call(t.app, 'PATCH', `/api/gallery/image/${s.images[0]!.id}`, s.user.cookie, { privacy: 'Hidden' }),
      says: galleryMessages.notShownMedia(2),
    },
    openCommissionCard: {
      fail: (s) =>
        call(t.app, 'PUT', '/api/comissioncard/update', s.user.cookie, {
          ...sampleCard({ isOpenComission: false, isCommissionsOpen: false }),
          uuid: s.commission.uuid,
        }),
      says: galleryMessages.notShownNoOpenCard,
    },
  };

  it.each(displayCardConditions.map((c) => c.name))(
    'a card failing only %s is not shown (the stored rule) and its owner is told that one condition',
    async (name) => {
      const only = await createTag(t, staff, { title: uniqueTitle('only') });
      const setup = { ...(await shownArtist(t, [only.title])), tagId: only.id };
      const before = await shown(setup.user);
      expect([before.isShown, before.notShownReasons]).toEqual([true, []]);
      expect((await failOnly[name].fail(setup)).statusCode).toBe(200);
      const card = await shown(setup.user);
      expect(card.isShown).toBe(false);
      expect(card.notShownReasons).toEqual([failOnly[name].says]);
      expect((await cardOf(setup.user)).statusCode).toBe(404);
    },
  );
});

describe('at once', () => {
  it('four artists create their display cards with the same tag at the same moment (no deadlock on PostgreSQL)', async () => {
    const shared = (await createTag(t, staff, { title: uniqueTitle('together') })).title;
    const people = [];
    for (let i = 0; i < 4; i++) {
      const user = await registerArtist(t);
      await createCard(t, user, { isOpenComission: true, isCommissionsOpen: true });
      const images = [];
      for (let j = 0; j < DISPLAY_CARD_MEDIA; j++) images.push(await addImage(t, user));
      people.push({ user, images });
    }
    const made = await Promise.all(
      people.map((p) =>
        call(t.app, 'POST', '/api/displaycard/create', p.user.cookie, {
          tags: [shared],
          displayMedia: p.images.map((i) => i.id),
        }),
      ),
    );
    expect(made.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    const tagRes = await call(t.app, 'GET', `/api/tag/get/${shared}`);
    expect(tagRes.json<{ usageCount: number }>().usageCount).toBe(4);
  });
});
