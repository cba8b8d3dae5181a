import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Card } from '@brushline/shared/cards/schemas';
import type { ChatMessagePage, ChatRoom } from '@brushline/shared/chat/schemas';
import { WIP_COMMENT_MAX, WIP_COMMENTS_MAX } from '@brushline/shared/orders/constants';
import { orderMessages } from '@brushline/shared/orders/messages';
import type { OrderPage, SentForm } from '@brushline/shared/orders/schemas';
import { createTestApp, registerUser, type TestApp } from '../../test/harness.ts';
import { connected, hubClient, listen, nextEvent, type HubClient } from '../../test/hub-client.ts';
import { flushDue, notificationMails } from '../email/email-fixtures.ts';
import {
  call,
  createCard,
  deliveryBody,
  notificationsAbout,
  registerArtist,
  sendForm,
  type TestUser,
} from '../../test/kit.ts';

let t: TestApp;
let ann: TestUser; // the artist
let card: Card;
const sockets: HubClient[] = [];
beforeAll(async () => {
  t = await createTestApp();
  ann = await registerArtist(t);
  card = await createCard(t, ann, { title: 'Fox portrait' });
});
afterEach(() => {
  for (const s of sockets.splice(0)) s.close();
});
afterAll(() => t.close());

/** A fresh buyer's order of the card, in progress, with one work in progress shared. */
async function withWip(): Promise<{ form: SentForm; buyer: TestUser; wipId: number }> {
  const buyer = await registerUser(t.app, t.dataDir);
  const form = await sendForm(t, buyer, card);
  for (const move of ['accept', 'start']) {
    expect((await call(t.app, 'PUT', `/api/task/${form.task.id}/${move}`, ann.cookie)).statusCode).toBe(200);
  }
  const res = await call(
    t.app,
    'POST',
    `/api/task/${form.task.id}/wip`,
    ann.cookie,
    await deliveryBody(t, ann),
  );
  expect(res.statusCode, res.body).toBe(200);
  return { form, buyer, wipId: res.json<OrderPage>().updates.at(-1)!.id };
}

const page = async (form: SentForm, user: TestUser) =>
  (await call(t.app, 'GET', `/api/order/${form.id}`, user.cookie)).json<OrderPage>();
const looksGood = (form: SentForm, updateId: number, user: TestUser) =>
  call(t.app, 'PUT', `/api/order/${form.id}/updates/${updateId}/looks-good`, user.cookie);
const comment = (form: SentForm, updateId: number, user: TestUser, message: unknown) =>
  call(t.app, 'POST', `/api/order/${form.id}/updates/${updateId}/comments`, user.cookie, { message });

/** The messages of the working room between the buyer and Ann, as the buyer reads them. */
async function workingChat(buyer: TestUser) {
  const room = (await call(t.app, 'GET', `/api/wchatroom/get/${ann.login}`, buyer.cookie)).json<ChatRoom>();
  const res = await call(t.app, 'GET', `/api/messages/chat/${room.id}/q`, buyer.cookie);
  return res.json<ChatMessagePage>().items;
}

describe('"Looks good" on a work in progress', () => {
  it('is recorded once, shown to both sides, and tells the artist once', async () => {
    const { form, buyer, wipId } = await withWip();
    const res = await looksGood(form, wipId, buyer);
    expect(res.statusCode, res.body).toBe(200);
    const approvedAt = res.json<OrderPage>().updates.find((u) => u.id === wipId)!.approvedAt;
    expect(approvedAt).toEqual(expect.any(String));
    // The artist sees it on the same work in progress.
    expect((await page(form, ann)).updates.find((u) => u.id === wipId)!.approvedAt).toBe(approvedAt);
    const told = (await notificationsAbout(t, ann, form.id)).filter((n) => n.message.includes('looks good'));
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({
      type: 'commission_status',
      message: `${buyer.login} says your work in progress on “Fox portrait” looks good`,
    });

    // Again: the same answer, no second notification.
    const again = await looksGood(form, wipId, buyer);
    expect(again.statusCode).toBe(200);
    expect(again.json<OrderPage>().updates.find((u) => u.id === wipId)!.approvedAt).toBe(approvedAt);
    expect(
      (await notificationsAbout(t, ann, form.id)).filter((n) => n.message.includes('looks good')),
    ).toHaveLength(1);
  });
});

describe('a comment on a work in progress', () => {
  it('is kept under it, reaches the artist live as a notification and in the working chat, and is mailed as a status change', async () => {
    const { form, buyer, wipId } = await withWip();
    const base = await listen(t.app).catch(
      () => `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`,
    );
    const socket = hubClient(base, ann.cookie, sockets);
    await connected(socket);
    const live = nextEvent(
      socket,
      'NotificationRecieved',
      (p) => p.kind === 'crm' && p.notification.message.includes('commented on'),
    );
    const chatLive = nextEvent(socket, 'MessageReceived', (m) => m.text.includes('Bigger ears'));

    const res = await comment(form, wipId, buyer, '  Bigger ears, please.  ');
    expect(res.statusCode, res.body).toBe(200);
    const wip = (await page(form, ann)).updates.find((u) => u.id === wipId)!;
    expect(wip.comments).toEqual([
      expect.objectContaining({
        message: 'Bigger ears, please.',
        author: expect.objectContaining({ login: buyer.login }),
      }),
    ]);
    expect(wip.approvedAt).toBeNull();

    await live;
    const [note] = (await notificationsAbout(t, ann, form.id)).filter((n) => n.message.includes('commented'));
    expect(note).toMatchObject({
      type: 'commission_status',
      message: `${buyer.login} commented on your work in progress on “Fox portrait”: Bigger ears, please.`,
    });

    // In the working chat, written by the buyer, naming the order.
    expect((await chatLive).senderDisplayLogin).toBe(buyer.login);
    const last = (await workingChat(buyer)).at(-1)!;
    expect(last.text).toBe(
      `On your work in progress for “Fox portrait” (order #${form.id}):\nBigger ears, please.`,
    );

    // Ann keeps status changes on e-mail (the default): the comment is mailed, linking to the order.
    await flushDue(t);
    const mails = (await notificationMails(t, ann.email)).map((m) => m.text).join('\n');
    expect(mails).toContain(
      `${buyer.login} commented on your work in progress on “Fox portrait”: Bigger ears`,
    );
    expect(mails).toContain(`/order/${form.id}`);
  });

  it('refuses an empty or too long comment with 400, and a delivery, a finished order or a comment past the cap with 409, changing nothing', async () => {
    const { form, buyer, wipId } = await withWip();
    const cases: [unknown, string][] = [
      ['   ', orderMessages.wipCommentRequired],
      [undefined, orderMessages.wipCommentRequired],
      ['x'.repeat(WIP_COMMENT_MAX + 1), orderMessages.wipCommentTooLong],
    ];
    for (const [message, expected] of cases) {
      const res = await comment(form, wipId, buyer, message);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(expected);
    }
    expect((await page(form, buyer)).updates.find((u) => u.id === wipId)!.comments).toEqual([]);

    // Up to the cap, then 409.
    for (let i = 0; i < WIP_COMMENTS_MAX; i += 1) {
      await t.app.deps.limits.reset('chatSendBurst', buyer.id);
      expect((await comment(form, wipId, buyer, `Note ${i}`)).statusCode).toBe(200);
    }
    const over = await comment(form, wipId, buyer, 'One more');
    expect(over.statusCode).toBe(409);
    expect(over.json().error.message).toBe(orderMessages.tooManyWipComments);

    // An update of another order: 404.
    const other = await withWip();
    expect((await comment(form, other.wipId, buyer, 'Hi')).statusCode).toBe(404);
    expect((await looksGood(form, other.wipId, buyer)).statusCode).toBe(404);

    // Once delivered, the work in progress is history: approve or send back the delivery instead.
    await call(
      t.app,
      'PUT',
      `/api/task/${other.form.task.id}/deliver`,
      ann.cookie,
      await deliveryBody(t, ann),
    );
    const late = await looksGood(other.form, other.wipId, other.buyer);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe(orderMessages.wipFeedbackOnlyInProgress);
    const delivery = (await page(other.form, other.buyer)).updates.at(-1)!;
    expect(delivery.kind).toBe('delivery');
    const onDelivery = await comment(other.form, delivery.id, other.buyer, 'Nice');
    expect(onDelivery.statusCode).toBe(409);
    expect(onDelivery.json().error.message).toBe(orderMessages.notWip);
    expect(
      (await page(other.form, other.buyer)).updates.every((u) => u.comments.length === 0 && !u.approvedAt),
    ).toBe(true);
  });

  it('stays on the order and notifies the artist when the chat refuses it (the artist blocked the buyer)', async () => {
    const { form, buyer, wipId } = await withWip();
    expect((await call(t.app, 'PUT', `/api/chat/block/${buyer.login}`, ann.cookie)).statusCode).toBe(200);
    const before = (await workingChat(buyer)).length;
    const res = await comment(form, wipId, buyer, 'Still here');
    expect(res.statusCode).toBe(200);
    expect(res.json<OrderPage>().updates.find((u) => u.id === wipId)!.comments).toHaveLength(1);
    expect((await workingChat(buyer)).length).toBe(before);
    expect((await notificationsAbout(t, ann, form.id)).some((n) => n.message.endsWith(': Still here'))).toBe(
      true,
    );
  });
});
