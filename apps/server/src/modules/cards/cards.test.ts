import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARDS_PER_OWNER_MAX } from '@brushline/shared/cards/constants';
import { cardMessages } from '@brushline/shared/cards/messages';
import { cardBodySchema, type Card } from '@brushline/shared/cards/schemas';
import { messages } from '@brushline/shared/messages';
import { createTestApp, registerUser, type TestApp } from '../../test/harness.ts';
import { uploadImage } from '../../test/media-fixtures.ts';
import { toCardValues } from './cards.dto.ts';
import { insertCard } from './cards.repo.ts';
import { call, createCard, registerArtist, sampleCard, type TestUser } from '../../test/kit.ts';

let t: TestApp;
let ann: TestUser; // artist
let bob: TestUser; // not an artist
beforeAll(async () => {
  t = await createTestApp();
  ann = await registerArtist(t);
  bob = await registerUser(t.app, t.dataDir);
});
afterAll(() => t.close());

const ownCards = async (user: TestUser) =>
  (await call(t.app, 'GET', '/api/comissioncard/owner', user.cookie)).json<Card[]>();

describe('creating cards', () => {
  it('an artist creates a card; prices come back in USD exactly as sent', async () => {
    const res = await call(t.app, 'POST', '/api/commissioncard/create', ann.cookie, sampleCard());
    expect(res.statusCode).toBe(200);
    const { card, message } = res.json<{ card: Card; message: string }>();
    expect(message).toBe(messages.cardCreated);
    expect(card).toMatchObject({
      title: 'Portrait',
      startingPrice: 20,
      ownerId: ann.id,
      owner: { login: ann.login, displayName: ann.login },
      isOpenComission: true,
      isCommissionsOpen: true,
      galleryFolder: null,
      cardBanner: null,
    });
    expect(card.sections[0]!.options[1]).toEqual({
      key: 'full',
      option: 'Full body',
      price: 15.5,
      additional: '+2 days',
      order: 1,
    });
    expect(card.sections[1]!.options[0]!.price).toBe(10.25);
  });

  it('an empty title is saved as "Untitled card"', async () => {
    const card = await createCard(t, ann, { title: '   ' });
    expect(card.title).toBe('Untitled card');
  });

  it('non-artists get 403 telling them to turn on the artist switch; anonymous gets 401', async () => {
    const res = await call(t.app, 'POST', '/api/commissioncard/create', bob.cookie, sampleCard());
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(cardMessages.artistsOnly);
    expect(
      (await call(t.app, 'POST', '/api/commissioncard/create', undefined, sampleCard())).statusCode,
    ).toBe(401);
    expect(await ownCards(bob)).toEqual([]);
  });

  it.each([
    ['a title over 120 characters', { title: 'x'.repeat(121) }, cardMessages.titleTooLong],
    [
      'a description over 2000 characters',
      { infoProvidedByTheAuthor: 'x'.repeat(2001) },
      cardMessages.descriptionTooLong,
    ],
    ['terms over 2000 characters', { terms: 'x'.repeat(2001) }, cardMessages.termsTooLong],
    ['a negative price', { startingPrice: -1 }, cardMessages.priceRange],
    ['a price over 10000', { startingPrice: 10000.01 }, cardMessages.priceRange],
    ['a fraction of a cent', { startingPrice: 1.005 }, cardMessages.priceCents],
    [
      'taking commissions on a closed card',
      { isOpenComission: false, isCommissionsOpen: true },
      cardMessages.commissionsNeedOpenCard,
    ],
    [
      'two sections with one key',
      {
        sections: [
          { key: 's', title: 'A', type: 'radio' as const, options: [] },
          { key: 's', title: 'B', type: 'checkbox' as const, options: [] },
        ],
      },
      cardMessages.duplicateSectionKey,
    ],
    [
      'two options with one key in different sections',
      {
        sections: [
          {
            key: 'a',
            title: 'A',
            type: 'radio' as const,
            options: [{ key: 'o', option: 'X', price: 1, order: 0 }],
          },
          {
            key: 'b',
            title: 'B',
            type: 'checkbox' as const,
            options: [{ key: 'o', option: 'Y', price: 1, order: 0 }],
          },
        ],
      },
      cardMessages.duplicateOptionKey,
    ],
  ])('refuses %s with 400 and a clear message, creating nothing', async (_name, overrides, message) => {
    const before = (await ownCards(ann)).length;
    const res = await call(t.app, 'POST', '/api/commissioncard/create', ann.cookie, sampleCard(overrides));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(message);
    expect((await ownCards(ann)).length).toBe(before);
  });

  it('banner and thumbnail must be the owner’s own uploads for those places', async () => {
    const banner = await uploadImage(t.app, ann.cookie, { purpose: 'cardBanner' });
    const thumb = await uploadImage(t.app, ann.cookie, { purpose: 'cardThumbnail' });
    const card = await createCard(t, ann, { cardBanner: banner.id, thumbnailPicture: thumb.id });
    expect(card.cardBanner).toMatchObject({ id: banner.id, width: 596, height: 128, purpose: 'cardBanner' });
    expect(card.thumbnailPicture).toMatchObject({ id: thumb.id, purpose: 'cardThumbnail' });

    const before = (await ownCards(ann)).length;
    // A banner used as a thumbnail: wrong purpose, 400.
    const swapped = await call(
      t.app,
      'POST',
      '/api/commissioncard/create',
      ann.cookie,
      sampleCard({ thumbnailPicture: banner.id }),
    );
    expect(swapped.statusCode).toBe(400);
    expect(swapped.json().error.code).toBe('wrong_media_purpose');
    // Someone else's upload: 404, as if it did not exist.
    const bobs = await uploadImage(t.app, bob.cookie, { purpose: 'cardBanner' });
    const foreign = await call(
      t.app,
      'POST',
      '/api/commissioncard/create',
      ann.cookie,
      sampleCard({ cardBanner: bobs.id }),
    );
    expect(foreign.statusCode).toBe(404);
    expect((await ownCards(ann)).length).toBe(before);
  });
});

describe('updating and deleting cards', () => {
  it('the owner replaces a card; someone else gets 404 and the card stays as it was', async () => {
    const card = await createCard(t, ann);
    const stranger = await registerArtist(t);
    const body = { ...sampleCard({ title: 'Changed', startingPrice: 99.99 }), uuid: card.uuid };

    const refused = await call(t.app, 'PUT', '/api/comissioncard/update', stranger.cookie, body);
    expect(refused.statusCode).toBe(404);
    expect((await call(t.app, 'GET', `/api/comissioncard/get/${card.uuid}`)).json<Card>().title).toBe(
      'Portrait',
    );

    const res = await call(t.app, 'PUT', '/api/comissioncard/update', ann.cookie, body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: messages.cardSaved,
      card: { title: 'Changed', startingPrice: 99.99 },
    });
    expect(new Date(res.json<{ card: Card }>().card.updatedAt) >= new Date(card.updatedAt)).toBe(true);
  });

  it('the owner deletes a card; someone else gets 404 "Couldn\'t delete current card"', async () => {
    const card = await createCard(t, ann);
    const refused = await call(t.app, 'DELETE', `/api/comissioncard/delete/${card.uuid}`, bob.cookie);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error.message).toBe(messages.cardDeleteFailed);
    expect((await call(t.app, 'GET', `/api/comissioncard/get/${card.uuid}`)).statusCode).toBe(200);

    const res = await call(t.app, 'DELETE', `/api/comissioncard/delete/${card.uuid}`, ann.cookie);
    expect(res.json()).toEqual({ message: messages.cardDeleted });
    expect((await call(t.app, 'GET', `/api/comissioncard/get/${card.uuid}`)).statusCode).toBe(404);
  });
});

describe('who sees which card', () => {
  it('a closed card is visible only to its owner; the public list shows only open cards', async () => {
    const artist = await registerArtist(t);
    const open = await createCard(t, artist, { title: 'Open one' });
    const closed = await createCard(t, artist, {
      title: 'Closed one',
      isOpenComission: false,
      isCommissionsOpen: false,
    });
    const notTaking = await createCard(t, artist, { title: 'Not taking', isCommissionsOpen: false });

    expect(
      (await call(t.app, 'GET', `/api/comissioncard/get/${closed.uuid}`, artist.cookie)).statusCode,
    ).toBe(200);
    for (const cookie of [bob.cookie, undefined]) {
      const res = await call(t.app, 'GET', `/api/comissioncard/get/${closed.uuid}`, cookie);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe(messages.comissionMissing);
    }
    // Not taking commissions: still shown, with its flag, so the page can say "Comission is closed".
    const shown = await call(t.app, 'GET', `/api/comissioncard/get/${notTaking.uuid}`);
    expect(shown.json()).toMatchObject({ isOpenComission: true, isCommissionsOpen: false });

    const publicList = (
      await call(t.app, 'GET', `/api/comissioncards/user/${artist.login.toUpperCase()}`)
    ).json<Card[]>();
    expect(publicList.map((c) => c.uuid).sort()).toEqual([open.uuid, notTaking.uuid].sort());
    expect((await ownCards(artist)).map((c) => c.title)).toEqual(['Not taking', 'Closed one', 'Open one']);
    expect((await call(t.app, 'GET', '/api/comissioncards/user/nobody_here')).json()).toEqual([]);
  });

  it(`an artist has at most ${CARDS_PER_OWNER_MAX} cards, so their public list stays bounded`, async () => {
    const artist = await registerArtist(t);
    const values = toCardValues(cardBodySchema.parse(sampleCard()));
    for (let i = 1; i < CARDS_PER_OWNER_MAX; i += 1) await insertCard(t.app.deps.db, artist.id, values);
    const last = await createCard(t, artist, { title: 'The last one' });
    expect(last.title).toBe('The last one');

    const refused = await call(t.app, 'POST', '/api/commissioncard/create', artist.cookie, sampleCard());
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toEqual({ code: 'too_many_cards', message: cardMessages.tooManyCards });
    expect(await ownCards(artist)).toHaveLength(CARDS_PER_OWNER_MAX);
    // Deleting one makes room again.
    await call(t.app, 'DELETE', `/api/comissioncard/delete/${last.uuid}`, artist.cookie);
    expect((await createCard(t, artist, { title: 'Room again' })).title).toBe('Room again');

    // Rows past the cap (written before it existed) never make the lists unbounded: newest first.
    await insertCard(t.app.deps.db, artist.id, { ...values, title: 'Over the cap' });
    const own = await ownCards(artist);
    expect(own).toHaveLength(CARDS_PER_OWNER_MAX);
    expect(own[0]!.title).toBe('Over the cap');
    const publicList = await call(t.app, 'GET', `/api/comissioncards/user/${artist.login}`);
    expect(publicList.json<Card[]>()).toHaveLength(CARDS_PER_OWNER_MAX);
  });

  it('unknown and malformed card ids answer 404 and 400', async () => {
    const missing = await call(t.app, 'GET', '/api/comissioncard/get/00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect((await call(t.app, 'GET', '/api/comissioncard/get/not-a-uuid')).statusCode).toBe(400);
  });
});

describe('API document', () => {
  it('documents every card and order route at /api/docs', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json<{ paths: Record<string, object> }>();
    for (const path of [
      '/api/comissioncard/owner',
      '/api/commissioncard/create',
      '/api/comissioncard/update',
      '/api/comissioncard/delete/{uuid}',
      '/api/comissioncard/get/{uuid}',
      '/api/comissioncards/user/{login}',
      '/api/comissionform/send',
      '/api/comissionforms/outgoing',
      '/api/comissionforms/artist/pending/{login}',
      '/api/comissionform/read/{id}',
      '/api/comissionform/decline/{id}',
      '/api/comissionform/decline-request-as-buyer/{id}',
      '/api/comissionform/comissioners',
      '/api/task/comissions/get/crm/{login}',
      '/api/task/{id}/accept',
      '/api/task/{id}/start',
      '/api/task/{id}/deliver',
      '/api/task/{id}/approve',
      '/api/task/{id}/send-back',
    ]) {
      expect(doc.paths, path).toHaveProperty([path]);
    }
  });
});
