import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { choiceMessages } from '@brushline/shared/cards/messages';
import type { Card } from '@brushline/shared/cards/schemas';
import { messages } from '@brushline/shared/messages';
import { orderMessages } from '@brushline/shared/orders/messages';
import type { PendingGroup, SentForm } from '@brushline/shared/orders/schemas';
import { createTestApp, registerUser, type TestApp } from '../../test/harness.ts';
import { pngBytes, uploadImage } from '../../test/media-fixtures.ts';
import {
  call,
  createCard,
  notificationsAbout,
  registerArtist,
  sampleCard,
  sampleForm,
  sendForm,
  type TestUser,
} from '../../test/kit.ts';

let t: TestApp;
let ann: TestUser; // the artist
let bob: TestUser; // a buyer
let card: Card;
beforeAll(async () => {
  t = await createTestApp();
  ann = await registerArtist(t);
  bob = await registerUser(t.app, t.dataDir);
  card = await createCard(t, ann);
});
afterAll(() => t.close());

const send = (user: TestUser | undefined, body: unknown) =>
  call(t.app, 'POST', '/api/comissionform/send', user?.cookie, body);
const outgoing = async (user: TestUser) =>
  (await call(t.app, 'GET', '/api/comissionforms/outgoing', user.cookie)).json<SentForm[]>();

describe('sending a form', () => {
  it('stores the form with the server’s total and a snapshot of the choice, and tells the artist', async () => {
    const toUser = vi.spyOn(t.app.deps.hub, 'toUser');
    const res = await send(
      bob,
      sampleForm(card, {
        chosen: [
          { sectionKey: 'size', optionKeys: ['full'] },
          { sectionKey: 'extras', optionKeys: ['bg'] },
        ],
        totalPrice: 45.75,
      }),
    );
    expect(res.statusCode).toBe(200);
    const { form, message } = res.json<{ form: SentForm; message: string }>();
    expect(message).toBe(messages.formSent);
    expect(form).toMatchObject({
      cardUUID: card.uuid,
      cardTitle: 'Portrait',
      description: 'A portrait of my cat',
      totalPrice: 45.75,
      senderId: bob.id,
      sender: { id: bob.id, login: bob.login },
      artist: { id: ann.id, login: ann.login },
      isRead: false,
      type: 'normal',
      status: 'none',
      task: { status: 'none', comment: null },
      sendComissionCardOptions: [
        { title: 'Size', options: [{ key: 'full', option: 'Full body', price: 15.5 }] },
        { title: 'Extras', options: [{ key: 'bg', option: 'Background', price: 10.25 }] },
      ],
    });

    const [note] = await notificationsAbout(t, ann, form.id);
    expect(note).toMatchObject({
      type: 'commission_request_status',
      message: `${bob.login} sent you a request for “Portrait”`,
      sentCard: { id: form.id, isAccepted: false },
    });
    expect(toUser).toHaveBeenCalledWith(ann.id, 'ComissionRequestRecieved', {
      formId: form.id,
      cardUuid: card.uuid,
      senderLogin: bob.login,
    });
    toUser.mockRestore();

    expect((await outgoing(bob)).map((f) => f.id)).toContain(form.id);
    const groups = (
      await call(t.app, 'GET', `/api/comissionforms/artist/pending/${ann.login}`, ann.cookie)
    ).json<PendingGroup[]>();
    expect(groups.find((g) => g.sender.id === bob.id)?.forms.map((f) => f.id)).toContain(form.id);
  });

  it('keeps what was chosen when the card changes later', async () => {
    const own = await createCard(t, ann);
    const form = await sendForm(t, bob, own);
    const changed = sampleCard({ title: 'Renamed', startingPrice: 50 });
    changed.sections![0]!.options[0] = { key: 'bust', option: 'Head', price: 5, order: 0 };
    await call(t.app, 'PUT', '/api/comissioncard/update', ann.cookie, { ...changed, uuid: own.uuid });
    const again = (await outgoing(bob)).find((f) => f.id === form.id)!;
    expect(again).toMatchObject({
      cardTitle: 'Portrait',
      totalPrice: 20,
      sendComissionCardOptions: [{ title: 'Size', options: [{ option: 'Bust', price: 0 }] }],
    });
  });

  it('the artist opening a form marks it read', async () => {
    const form = await sendForm(t, bob, card);
    const res = await call(t.app, 'PUT', `/api/comissionform/read/${form.id}`, ann.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: form.id, isRead: true });
    expect((await outgoing(bob)).find((f) => f.id === form.id)!.isRead).toBe(true);
  });
});

describe('refused forms change nothing', () => {
  const other = { sectionKey: 'size', optionKeys: ['bust'] };
  it.each([
    [
      'a total lower than the server’s',
      { totalPrice: 19.99 },
      'price_mismatch',
      choiceMessages.totalMismatch,
    ],
    [
      'a total higher than the server’s',
      { totalPrice: 20.01 },
      'price_mismatch',
      choiceMessages.totalMismatch,
    ],
    [
      'no option in the radio section',
      { chosen: [] },
      'invalid_choice',
      choiceMessages.radioNeedsOne('Size'),
    ],
    [
      'two options in the radio section',
      { chosen: [{ sectionKey: 'size', optionKeys: ['bust', 'full'] }], totalPrice: 35.5 },
      'invalid_choice',
      choiceMessages.radioNeedsOne('Size'),
    ],
    [
      'an option key of another section',
      { chosen: [other, { sectionKey: 'extras', optionKeys: ['full'] }], totalPrice: 35.5 },
      'invalid_choice',
      choiceMessages.unknownOption,
    ],
  ])('%s: 400', async (_name, overrides, code, message) => {
    const before = (await outgoing(bob)).length;
    const res = await send(bob, sampleForm(card, overrides));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code, message });
    expect((await outgoing(bob)).length).toBe(before);
  });

  it('an option key that belongs to another card: 400', async () => {
    const foreignCard = await createCard(t, ann, {
      sections: [
        {
          key: 'size',
          title: 'Size',
          type: 'radio',
          options: [{ key: 'huge', option: 'Huge', price: 1, order: 0 }],
        },
      ],
    });
    expect(foreignCard.sections[0]!.options[0]!.key).toBe('huge');
    const res = await send(
      bob,
      sampleForm(card, { chosen: [{ sectionKey: 'size', optionKeys: ['huge'] }], totalPrice: 21 }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(choiceMessages.unknownOption);
  });

  it('the artist cannot commission themselves: 403 with the SPEC message', async () => {
    const res = await send(ann, sampleForm(card));
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(messages.formSendFailed);
    expect(await outgoing(ann)).toEqual([]);
  });

  it('a card not taking commissions: 409 "Comission is closed"; a closed or missing card: 404', async () => {
    const notTaking = await createCard(t, ann, { isCommissionsOpen: false });
    const closed = await createCard(t, ann, { isOpenComission: false, isCommissionsOpen: false });
    const before = (await outgoing(bob)).length;

    const res = await send(bob, sampleForm(notTaking));
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(messages.comissionClosed);
    for (const uuid of [closed.uuid, '00000000-0000-4000-8000-000000000000']) {
      const missing = await send(bob, sampleForm(card, { cardUUID: uuid }));
      expect(missing.statusCode).toBe(404);
      expect(missing.json().error.message).toBe(messages.comissionMissing);
    }
    expect((await outgoing(bob)).length).toBe(before);
  });

  it('anonymous users must sign in: 401', async () => {
    expect((await send(undefined, sampleForm(card))).statusCode).toBe(401);
  });
});

describe('references', () => {
  let carol: TestUser;
  let refs: string[];
  beforeAll(async () => {
    carol = await registerUser(t.app, t.dataDir);
    refs = [];
    // Distinct pictures: duplicates are refused, so 15 accepted needs 15 uploads.
    for (let i = 0; i < 16; i += 1) {
      const bytes = await pngBytes(8, 8, `#${(i * 15).toString(16).padStart(2, '0')}3366`);
      refs.push((await uploadImage(t.app, carol.cookie, { purpose: 'reference', bytes })).id);
    }
  });

  it('up to 15 of the sender’s own uploads are kept, in order', async () => {
    const form = await sendForm(t, carol, card, { references: refs.slice(0, 15) });
    expect(form.references.map((m) => m.id)).toEqual(refs.slice(0, 15));
    expect(form.references[0]).toMatchObject({ purpose: 'reference', url: `/api/media/${refs[0]}/full` });
  });

  it('16 references are refused with 400, and so is one reference twice', async () => {
    const before = (await outgoing(carol)).length;
    const tooMany = await send(carol, sampleForm(card, { references: refs }));
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.message).toBe(orderMessages.tooManyReferences);
    const twice = await send(carol, sampleForm(card, { references: [refs[0]!, refs[0]!] }));
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error.message).toBe(orderMessages.duplicateReference);
    expect((await outgoing(carol)).length).toBe(before);
  });

  it('someone else’s upload answers 404; an avatar or a (public) post picture is the wrong kind (400)', async () => {
    const bobs = await uploadImage(t.app, bob.cookie, { purpose: 'reference' });
    expect((await send(carol, sampleForm(card, { references: [bobs.id] }))).statusCode).toBe(404);
    const avatar = await uploadImage(t.app, carol.cookie, { purpose: 'avatar' });
    const wrong = await send(carol, sampleForm(card, { references: [avatar.id] }));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe('wrong_media_purpose');
    // A post picture is anyone's by its link: as a reference it would not be private to the order.
    const post = await uploadImage(t.app, carol.cookie, { purpose: 'post' });
    const publicOne = await send(carol, sampleForm(card, { references: [post.id] }));
    expect(publicOne.statusCode).toBe(400);
    expect(publicOne.json().error.code).toBe('wrong_media_purpose');
  });
});

describe('rate limit', () => {
  it('one user may send 30 forms in 10 minutes; the 31st gets 429', async () => {
    const dave = await registerUser(t.app, t.dataDir);
    for (let i = 0; i < 30; i += 1) expect((await send(dave, sampleForm(card))).statusCode).toBe(200);
    const res = await send(dave, sampleForm(card));
    expect(res.statusCode).toBe(429);
    // Retry-After is whole seconds within the 10-minute window.
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(600);
    expect((await outgoing(dave)).length).toBe(30);
  });
});

describe("the artist's terms and a required description", () => {
  it('refuses a form without a description when the card asks for one, and stores nothing', async () => {
    const strict = await createCard(t, ann, { descriptionRequired: true });
    expect(strict.descriptionRequired).toBe(true);
    const before = (await outgoing(bob)).length;
    for (const description of ['', '   \n ']) {
      const res = await send(bob, sampleForm(strict, { description }));
      expect(res.statusCode).toBe(400);
      expect(res.json<{ error: { message: string } }>().error.message).toBe(
        orderMessages.descriptionRequired,
      );
    }
    expect(await outgoing(bob)).toHaveLength(before);
    expect((await send(bob, sampleForm(strict, { description: 'My cat, sitting' }))).statusCode).toBe(200);
  });

  it('copies the terms into the order, so a later edit of the card does not change what was agreed', async () => {
    const terms = 'Personal use only.\nTwo revisions included.';
    const withTerms = await createCard(t, ann, { terms: `  ${terms}  ` });
    expect(withTerms.terms).toBe(terms);
    const res = await send(bob, sampleForm(withTerms));
    expect(res.statusCode).toBe(200);
    const { form } = res.json<{ form: SentForm }>();
    expect(form.terms).toBe(terms);

    const edit = await call(t.app, 'PUT', '/api/comissioncard/update', ann.cookie, {
      ...sampleCard({ terms: 'Commercial use costs extra.' }),
      uuid: withTerms.uuid,
    });
    expect(edit.statusCode).toBe(200);
    const kept = (await outgoing(bob)).find((f) => f.id === form.id)!;
    expect(kept.terms).toBe(terms);
    // A card without terms gives orders none.
    expect((await outgoing(bob)).find((f) => f.cardUUID === card.uuid)!.terms).toBe('');
  });
});
