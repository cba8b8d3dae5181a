import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardMessages } from '@brushline/shared/cards/messages';
import { REVISIONS_INCLUDED_MAX } from '@brushline/shared/cards/constants';
import type { Card } from '@brushline/shared/cards/schemas';
import { messages } from '@brushline/shared/messages';
import {
  DECLINE_REASON_MAX,
  DELIVERY_FILES_MAX,
  ORDER_UPDATES_MAX,
} from '@brushline/shared/orders/constants';
import { orderMessages } from '@brushline/shared/orders/messages';
import type { OrderPage, SentForm } from '@brushline/shared/orders/schemas';
import { orderUpdates } from '../../db/schema/orders.ts';
import { createTestApp, registerUser, type TestApp } from '../../test/harness.ts';
import { pngBytes, uploadImage } from '../../test/media-fixtures.ts';
import { flushDue, notificationMails } from '../email/email-fixtures.ts';
import {
  call,
  createCard,
  deliveryBody,
  notificationsAbout,
  registerArtist,
  sampleCard,
  sendForm,
  statusOf,
  type TestUser,
} from '../../test/kit.ts';

let t: TestApp;
let ann: TestUser; // the artist
let buyers: TestUser[];
let stranger: TestUser;
let card: Card; // includes 2 revisions
let n = 0;
beforeAll(async () => {
  t = await createTestApp();
  ann = await registerArtist(t);
  buyers = [];
  for (let i = 0; i < 4; i += 1) buyers.push(await registerUser(t.app, t.dataDir));
  stranger = await registerArtist(t);
  card = await createCard(t, ann, { revisionsIncluded: 2 });
});
afterAll(() => t.close());

const put = (url: string, user: TestUser, body?: unknown) => call(t.app, 'PUT', url, user.cookie, body);

/** A fresh order of `card`, moved by the artist to processing. */
async function inProgress(of: Card = card): Promise<{ form: SentForm; buyer: TestUser }> {
  const buyer = buyers[n++ % buyers.length]!;
  const form = await sendForm(t, buyer, of);
  for (const move of ['accept', 'start']) {
    expect((await put(`/api/task/${form.task.id}/${move}`, ann)).statusCode).toBe(200);
  }
  return { form, buyer };
}

const page = async (form: SentForm, user: TestUser) => {
  const res = await call(t.app, 'GET', `/api/order/${form.id}`, user.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<OrderPage>();
};

describe('delivering takes files', () => {
  it('refuses a delivery without files, with too many, or with someone else’s or a wrong-purpose upload, changing nothing', async () => {
    const { form, buyer } = await inProgress();
    const url = `/api/task/${form.task.id}/deliver`;
    const cases: [unknown, number, string][] = [
      [undefined, 400, ''],
      [{ files: [] }, 400, orderMessages.deliveryNeedsFiles],
      [
        { files: Array.from({ length: DELIVERY_FILES_MAX + 1 }, () => crypto.randomUUID()) },
        400,
        orderMessages.tooManyDeliveryFiles,
      ],
      [{ files: [(await deliveryBody(t, stranger)).files[0]] }, 404, ''],
      [{ files: [(await uploadImage(t.app, ann.cookie, { purpose: 'post' })).id] }, 400, ''],
      [
        { files: (await deliveryBody(t, ann)).files, message: 'x'.repeat(1001) },
        400,
        orderMessages.deliveryMessageTooLong,
      ],
    ];
    for (const [body, status, message] of cases) {
      const res = await put(url, ann, body);
      expect(res.statusCode, res.body).toBe(status);
      if (message) expect(res.body).toContain(message);
    }
    expect(await statusOf(t, ann, form.id)).toBe('processing');
    expect((await page(form, buyer)).updates).toEqual([]);
    expect(await notificationsAbout(t, buyer, form.id)).toHaveLength(2); // accept, start
  });

  it('delivers two files at full size; both sides see them, with full-size bytes and a named download; nobody else does', async () => {
    const { form, buyer } = await inProgress();
    // Wider than a post's 4096 box: a delivery keeps every pixel.
    const big = await uploadImage(t.app, ann.cookie, {
      purpose: 'delivery',
      bytes: await pngBytes(5000, 300),
    });
    expect([big.width, big.height]).toEqual([5000, 300]);
    const post = await uploadImage(t.app, ann.cookie, { purpose: 'post', bytes: await pngBytes(5000, 300) });
    expect(post.width).toBe(4096);
    const small = (await deliveryBody(t, ann)).files[0]!;

    const res = await put(`/api/task/${form.task.id}/deliver`, ann, {
      files: [big.id, small],
      message: ' Final! ',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<SentForm>().status).toBe('finished');

    for (const user of [buyer, ann]) {
      const { form: f, updates } = await page(form, user);
      expect(f.status).toBe('finished');
      expect(updates).toHaveLength(1);
      expect(updates[0]).toMatchObject({
        kind: 'delivery',
        message: 'Final!',
        revision: 0,
        author: { login: ann.login },
      });
      expect(updates[0]!.files.map((x) => x.id)).toEqual([big.id, small]);
      expect(updates[0]!.files[0]).toMatchObject({ width: 5000, height: 300 });
    }
    const file = (await page(form, buyer)).updates[0]!.files[0]!;
    const full = await call(t.app, 'GET', file.url, buyer.cookie);
    expect(full.statusCode).toBe(200);
    expect(full.headers['cache-control']).toMatch(/^private/);
    expect(full.headers['content-disposition']).toBe('inline');
    const download = await call(t.app, 'GET', file.downloadUrl, buyer.cookie);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toBe(`attachment; filename="${file.fileName}"`);
    expect(file.fileName).toMatch(/^portrait-delivery-\d+-1\.webp$/);
    expect(download.rawPayload.equals(full.rawPayload)).toBe(true);

    // The private media: the media route and the order's route answer its two sides only.
    expect((await call(t.app, 'GET', `/api/media/${big.id}/full`, buyer.cookie)).statusCode).toBe(200);
    expect((await call(t.app, 'GET', `/api/media/${big.id}/full`, stranger.cookie)).statusCode).toBe(404);
    expect((await call(t.app, 'GET', `/api/media/${big.id}/full`)).statusCode).toBe(404);
    expect((await call(t.app, 'GET', `/api/media/${big.id}/full`, ann.cookie)).statusCode).toBe(200);
    expect((await call(t.app, 'GET', file.url, stranger.cookie)).statusCode).toBe(404);
    expect((await call(t.app, 'GET', `/api/order/${form.id}`, stranger.cookie)).statusCode).toBe(404);
    // A file of another order (or any media id) through this order's route: 404.
    const other = await inProgress();
    const otherFile = (await deliveryBody(t, ann)).files[0]!;
    await put(`/api/task/${other.form.task.id}/wip`, ann, { files: [otherFile] });
    expect(
      (await call(t.app, 'GET', `/api/order/${form.id}/files/${otherFile}/full`, buyer.cookie)).statusCode,
    ).toBe(404);
    expect(
      (await call(t.app, 'GET', `/api/order/${form.id}/files/${post.id}/full`, buyer.cookie)).statusCode,
    ).toBe(404);

    const [note] = await notificationsAbout(t, buyer, form.id);
    expect(note).toMatchObject({
      type: 'commission_delivery',
      message: `${ann.login} delivered “Portrait”: 2 files. Approve it or send it back`,
    });
  });
});

describe('work in progress', () => {
  it('is shared while processing without moving the task, only by the artist', async () => {
    const { form, buyer } = await inProgress();
    const body = await deliveryBody(t, ann, 1, 'Sketch: is the pose right?');
    expect((await call(t.app, 'POST', `/api/task/${form.task.id}/wip`, buyer.cookie, body)).statusCode).toBe(
      409,
    );
    expect(
      (await call(t.app, 'POST', `/api/task/${form.task.id}/wip`, stranger.cookie, body)).statusCode,
    ).toBe(404);
    const res = await call(t.app, 'POST', `/api/task/${form.task.id}/wip`, ann.cookie, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<OrderPage>().updates).toMatchObject([
      { kind: 'wip', message: 'Sketch: is the pose right?' },
    ]);
    expect(await statusOf(t, ann, form.id)).toBe('processing');
    expect((await notificationsAbout(t, buyer, form.id))[0]).toMatchObject({
      type: 'commission_delivery',
      message: `${ann.login} shared work in progress on “Portrait”: 1 file`,
    });

    // Once delivered, it is no longer in progress.
    await put(`/api/task/${form.task.id}/deliver`, ann, await deliveryBody(t, ann));
    const late = await call(
      t.app,
      'POST',
      `/api/task/${form.task.id}/wip`,
      ann.cookie,
      await deliveryBody(t, ann),
    );
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe(orderMessages.wipOnlyInProgress);
    expect((await page(form, buyer)).updates.map((u) => u.kind)).toEqual(['wip', 'delivery']);
  });

  it(`stops at ${ORDER_UPDATES_MAX} updates per order`, async () => {
    const { form } = await inProgress();
    await t.app.deps.db.insert(orderUpdates).values(
      Array.from({ length: ORDER_UPDATES_MAX }, () => ({
        formId: form.id,
        authorId: ann.id,
        kind: 'wip' as const,
      })),
    );
    const res = await call(
      t.app,
      'POST',
      `/api/task/${form.task.id}/wip`,
      ann.cookie,
      await deliveryBody(t, ann),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(orderMessages.tooManyUpdates);
    const rows = await t.app.deps.db.select().from(orderUpdates).where(eq(orderUpdates.formId, form.id));
    expect(rows).toHaveLength(ORDER_UPDATES_MAX);
  });
});

describe('revisions', () => {
  it('copies the card’s revisions into the order, counts each send-back, and allows going beyond while saying so', async () => {
    const { form, buyer } = await inProgress();
    expect(form.revisionsIncluded).toBe(2);
    // A later card edit does not change an order already sent.
    const edit = await put('/api/comissioncard/update', ann, {
      ...sampleCard({ revisionsIncluded: 5 }),
      uuid: card.uuid,
    });
    expect(edit.statusCode, edit.body).toBe(200);
    await put('/api/comissioncard/update', ann, { ...sampleCard({ revisionsIncluded: 2 }), uuid: card.uuid });

    const expected = ['revision 1 of 2', 'revision 2 of 2', 'revision 3 (2 included)'];
    for (const [i, text] of expected.entries()) {
      expect(
        (await put(`/api/task/${form.task.id}/deliver`, ann, await deliveryBody(t, ann))).statusCode,
      ).toBe(200);
      const back = await put(`/api/task/${form.task.id}/send-back`, buyer, { comment: `Change ${i + 1}` });
      expect(back.statusCode, back.body).toBe(200);
      expect(back.json<SentForm>()).toMatchObject({
        revisionsIncluded: 2,
        task: { revision: i + 1, comment: `Change ${i + 1}` },
      });
      expect((await notificationsAbout(t, ann, form.id))[0]!.message).toBe(
        `${buyer.login} sent “Portrait” back (${text}): Change ${i + 1}`,
      );
    }
    const redelivered = await put(`/api/task/${form.task.id}/deliver`, ann, await deliveryBody(t, ann));
    expect(redelivered.statusCode).toBe(200);
    expect((await notificationsAbout(t, buyer, form.id))[0]!.message).toBe(
      `${ann.login} delivered “Portrait” again (revision 3 (2 included)): 1 file. Approve it or send it back`,
    );
    const { updates } = await page(form, buyer);
    expect(updates.map((u) => [u.kind, u.revision])).toEqual([
      ['delivery', 0],
      ['sendBack', 1],
      ['delivery', 1],
      ['sendBack', 2],
      ['delivery', 2],
      ['sendBack', 3],
      ['delivery', 3],
    ]);
    expect(updates[1]!.message).toBe('Change 1');
  });

  it('a card without the field leaves the order open-ended', async () => {
    const open = await createCard(t, ann, { title: 'Sketch', revisionsIncluded: null });
    const { form } = await inProgress(open);
    expect(form.revisionsIncluded).toBeNull();
  });

  it('validates revisions included on the card', async () => {
    for (const bad of [-1, 1.5, REVISIONS_INCLUDED_MAX + 1, '2']) {
      const res = await call(
        t.app,
        'POST',
        '/api/commissioncard/create',
        ann.cookie,
        sampleCard({ revisionsIncluded: bad as number }),
      );
      expect(res.statusCode, String(bad)).toBe(400);
      expect(res.body).toContain(cardMessages.revisionsRange);
    }
  });
});

describe('declining with a reason', () => {
  it('keeps the optional reason for the buyer; a reason over the limit changes nothing', async () => {
    const buyer = buyers[0]!;
    const form = await sendForm(t, buyer, card);
    const long = await call(t.app, 'DELETE', `/api/comissionform/decline/${form.id}`, ann.cookie, {
      reason: 'x'.repeat(DECLINE_REASON_MAX + 1),
    });
    expect(long.statusCode).toBe(400);
    expect(long.body).toContain(orderMessages.declineReasonTooLong);
    expect(await statusOf(t, ann, form.id)).toBe('none');

    const res = await call(t.app, 'DELETE', `/api/comissionform/decline/${form.id}`, ann.cookie, {
      reason: 'My queue is full until spring',
    });
    expect(res.json()).toEqual({ message: messages.formDeclined });
    const mine = (await call(t.app, 'GET', '/api/comissionforms/outgoing', buyer.cookie))
      .json<SentForm[]>()
      .find((f) => f.id === form.id)!;
    expect(mine).toMatchObject({
      status: 'declined',
      task: { declineReason: 'My queue is full until spring' },
    });
    expect((await notificationsAbout(t, buyer, form.id))[0]!.message).toBe(
      `${ann.login} declined your request for “Portrait”: My queue is full until spring`,
    );

    // Without a body the SPEC's decline still works, with no reason.
    const plain = await sendForm(t, buyer, card);
    expect(
      (await call(t.app, 'DELETE', `/api/comissionform/decline/${plain.id}`, ann.cookie)).statusCode,
    ).toBe(200);
    expect((await page(plain, buyer)).form.task.declineReason).toBeNull();
  });
});

describe('e-mail', () => {
  it('mails a delivery and a work in progress as deliveries, linking to the order; not when the buyer turned deliveries off', async () => {
    const { form, buyer } = await inProgress();
    await call(t.app, 'POST', `/api/task/${form.task.id}/wip`, ann.cookie, await deliveryBody(t, ann));
    await put(`/api/task/${form.task.id}/deliver`, ann, await deliveryBody(t, ann, 2));
    await flushDue(t);
    const mails = await notificationMails(t, buyer.email);
    const mail = mails.at(-1)!;
    expect(mail.text).toContain(`shared work in progress on “Portrait”: 1 file http://`);
    expect(mail.text).toContain(`delivered “Portrait”: 2 files. Approve it or send it back`);
    expect(mail.text).toContain(`/order/${form.id}`);
    expect(mail.text).toContain('Stop e-mails about deliveries');

    const quiet = await inProgress();
    const off = await call(t.app, 'PUT', '/api/notifications/preferences', quiet.buyer.cookie, {
      deliveries: 'inApp',
    });
    expect(off.statusCode).toBe(200);
    await put(`/api/task/${quiet.form.task.id}/deliver`, ann, await deliveryBody(t, ann));
    await flushDue(t);
    const after = await notificationMails(t, quiet.buyer.email);
    // Status changes (accept, start) are still mailed; the delivery is not.
    expect(after.map((m) => m.text).join('\n')).toContain('started working on');
    expect(after.map((m) => m.text).join('\n')).not.toContain('delivered “Portrait”');
    // The notification itself is still there, on the site.
    expect((await notificationsAbout(t, quiet.buyer, quiet.form.id))[0]!.type).toBe('commission_delivery');
  });
});
