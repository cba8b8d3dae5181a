import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Board } from '@brushline/shared/board/schemas';
import { messages } from '@brushline/shared/messages';
import type { OrderPage, SentForm } from '@brushline/shared/orders/schemas';
import { APPLY_DAILY_LIMIT } from '@brushline/shared/requests/constants';
import { requestMessages } from '@brushline/shared/requests/messages';
import type {
  Application,
  PendingRequestGroup,
  RequestPage,
  TrackingGroup,
} from '@brushline/shared/requests/schemas';
import { createTestApp, registerUser, type TestApp } from '../../test/harness.ts';
import { connected, hubClient, listen, nextEvent, type HubClient } from '../../test/hub-client.ts';
import { uploadImage } from '../../test/media-fixtures.ts';
import { call, createCard, registerArtist, sampleCard, type TestUser } from '../../test/kit.ts';
import { flushDue, notificationMails } from '../email/email-fixtures.ts';
import { answer, applyTo, postRequest, sampleApply } from './request-fixtures.ts';

let t: TestApp;
let client: TestUser;
let artist: TestUser;
let cardUuid: string;
const sockets: HubClient[] = [];
beforeAll(async () => {
  t = await createTestApp();
  client = await registerUser(t.app, t.dataDir);
  artist = await registerArtist(t);
  cardUuid = (await createCard(t, artist, { title: 'Fox portraits' })).uuid;
});
afterEach(() => {
  for (const s of sockets.splice(0)) s.close();
});
afterAll(() => t.close());

const pending = async () =>
  (await call(t.app, 'GET', '/api/request/pending/get', client.cookie)).json<PendingRequestGroup[]>();
const tracking = async (user: TestUser, side: 'incoming' | 'outgoing') =>
  (await call(t.app, 'GET', `/api/request/tracking/${side}`, user.cookie)).json<TrackingGroup[]>();
const artistTasks = async () =>
  (await call(t.app, 'GET', `/api/task/comissions/get/crm/${artist.login}`, artist.cookie)).json<
    SentForm[]
  >();
const groupOf = (groups: TrackingGroup[], id: number) =>
  groups.find((g) => g.userRequestsForApprove.some((a) => a.id === id))?.state;

describe('applying', () => {
  it('stores one application per artist per request; a second one updates it, unread again', async () => {
    const req = await postRequest(t, client, { priceMin: 80 });
    const ref = await uploadImage(t.app, artist.cookie, { purpose: 'reference' });
    const first = await applyTo(t, artist, req.guid, cardUuid, { offeredPrice: 60, references: [ref.id] });
    expect(first).toMatchObject({ status: 'pending', offeredPrice: 60, belowMinimum: true, isRead: false });
    expect(first.sendComissionCard?.title).toBe('Fox portraits');
    const read = await call(t.app, 'PATCH', `/api/request/read/${first.id}`, client.cookie);
    expect(read.json<Application>().isRead).toBe(true);
    const second = await applyTo(t, artist, req.guid, cardUuid, {
      offeredPrice: 90,
      comment: 'Better offer',
    });
    expect(second).toMatchObject({
      id: first.id,
      offeredPrice: 90,
      belowMinimum: false,
      isRead: false,
      attachedReferences: [],
    });
    const group = (await pending()).find((g) => g.request.guid === req.guid)!;
    expect(group.applications.map((a) => a.comment)).toEqual(['Better offer']);
    const page = (
      await call(t.app, 'GET', `/api/request/get/${req.guid}`, artist.cookie)
    ).json<RequestPage>();
    expect(page.myApplication?.id).toBe(first.id);
    expect(page.request.applications).toBe(1);
  });

  it('refuses the owner, hidden and missing requests, someone else’s card and a closed card; nothing stored', async () => {
    const ownerArtist = await registerArtist(t);
    const ownCard = await createCard(t, ownerArtist);
    const own = await postRequest(t, ownerArtist);
    const hidden = await postRequest(t, client, { privacy: 'hidden' });
    const open = await postRequest(t, client);
    const closed = await createCard(t, artist, { title: 'Closed', isCommissionsOpen: false });
    const tries: [string, string, string, number, string][] = [
      ['owner', own.guid, ownCard.uuid, 403, requestMessages.ownRequest],
      ['hidden', hidden.guid, cardUuid, 404, requestMessages.requestNotFound],
      ['missing', '00000000-0000-4000-8000-000000000000', cardUuid, 404, requestMessages.requestNotFound],
      ['other card', open.guid, ownCard.uuid, 404, requestMessages.cardNotYours],
      ['closed card', open.guid, closed.uuid, 409, requestMessages.cardClosed],
    ];
    for (const [name, guid, card, status, message] of tries) {
      const who = name === 'owner' ? ownerArtist : artist;
      const res = await call(t.app, 'POST', `/api/request/apply/${guid}`, who.cookie, sampleApply(card));
      expect([name, res.statusCode, res.json().error.message]).toEqual([name, status, message]);
    }
    expect(
      (await pending()).find((g) => g.request.guid === open.guid || g.request.guid === hidden.guid),
    ).toBeUndefined();
    const bad = await call(t.app, 'POST', `/api/request/apply/${open.guid}`, artist.cookie, {
      ...sampleApply(cardUuid),
      comment: 'x'.repeat(1001),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe(requestMessages.commentTooLong);
  });

  it('tells the owner live (AppliedForRequestRecieved) and stores an approval_request_status notification', async () => {
    const base = await listen(t.app).catch(
      () => `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`,
    );
    const socket = hubClient(base, client.cookie, sockets);
    await connected(socket);
    const req = await postRequest(t, client);
    const live = nextEvent(socket, 'AppliedForRequestRecieved', (p) => p.requestGuid === req.guid);
    const res = await call(
      t.app,
      'POST',
      `/api/request/apply/${req.guid}`,
      artist.cookie,
      sampleApply(cardUuid),
    );
    expect(res.json()).toMatchObject({ message: messages.applicationSent, delivered: true });
    expect((await live).senderLogin).toBe(artist.login);
    const notes = (await call(t.app, 'GET', '/api/notifications', client.cookie)).json<{
      items: { type: string; message: string }[];
    }>();
    expect(notes.items[0]).toMatchObject({ type: 'approval_request_status' });
    expect(notes.items[0]!.message).toContain(artist.login);
  });
});

describe('answering', () => {
  it('approve makes exactly one requested order, accepted, on the artist’s board and in tracking', async () => {
    const req = await postRequest(t, client, { title: 'Approve me' });
    const ref = await uploadImage(t.app, artist.cookie, { purpose: 'reference' });
    const app = await applyTo(t, artist, req.guid, cardUuid, { offeredPrice: 123.45, references: [ref.id] });
    const before = (await artistTasks()).length;
    const res = await answer(t, client, app.id, 'confirm');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(messages.applicationAnswered);
    const approved = res.json<{ application: Application }>().application;
    expect(approved.status).toBe('approved');
    expect(approved.commissionTask).toMatchObject({ status: 'waiting' });
    // The artist's working chat with the owner is named by the owner's login.
    expect(approved.applienceRequest.ownerLogin).toBe(client.login);
    const tasks = await artistTasks();
    expect(tasks).toHaveLength(before + 1);
    const order = tasks.find((f) => f.id === approved.commissionTask!.formId)!;
    expect(order).toMatchObject({
      type: 'requested',
      status: 'waiting',
      totalPrice: 123.45,
      cardTitle: 'Fox portraits',
      senderId: client.id,
    });
    expect(order.references.map((m) => m.id)).toEqual([ref.id]);
    // Its deadline: the approval plus the request's 30 days, on the order page of both sides.
    for (const reader of [artist, client]) {
      const page = (await call(t.app, 'GET', `/api/order/${order.id}`, reader.cookie)).json<OrderPage>();
      const due = Date.parse(page.deadline!) - Date.now();
      expect(due).toBeGreaterThan(30 * 86_400_000 - 120_000);
      expect(due).toBeLessThanOrEqual(30 * 86_400_000);
    }
    const board = (await call(t.app, 'GET', '/api/board', artist.cookie)).json<Board>();
    expect(board.tasks.filter((x) => x.commission?.taskId === approved.commissionTask!.id)).toHaveLength(1);
    expect(groupOf(await tracking(artist, 'incoming'), app.id)).toBe('approved');
    expect(groupOf(await tracking(client, 'outgoing'), app.id)).toBe('approved');
    // The artist starts it like any accepted order, once the offered price is paid (the plan of an
    // order from a request: in full up front); tracking follows.
    const start = `/api/task/${approved.commissionTask!.id}/start`;
    expect((await call(t.app, 'PUT', start, artist.cookie)).json().error.code).toBe('payment_required');
    const paid = await call(
      t.app,
      'PUT',
      `/api/comissionform/${approved.commissionTask!.formId}/payments/0/confirm`,
      artist.cookie,
      {
        reference: 'PayPal',
      },
    );
    expect(paid.statusCode).toBe(200);
    expect(
      (await call(t.app, 'PUT', `/api/task/${approved.commissionTask!.id}/start`, artist.cookie)).statusCode,
    ).toBe(200);
    expect(groupOf(await tracking(artist, 'incoming'), app.id)).toBe('processing');
    // Answering again is refused with the SPEC message, and makes no second order.
    for (const how of ['confirm', 'reject'] as const) {
      const again = await answer(t, client, app.id, how);
      expect(again.statusCode).toBe(409);
      expect(again.json().error.message).toBe(messages.applicationAnswerFailed);
    }
    expect(await artistTasks()).toHaveLength(before + 1);
    // An answered application takes no update.
    const update = await call(
      t.app,
      'POST',
      `/api/request/apply/${req.guid}`,
      artist.cookie,
      sampleApply(cardUuid),
    );
    expect(update.statusCode).toBe(409);
  });

  it('decline changes nothing else; a declined application cannot be approved', async () => {
    const req = await postRequest(t, client);
    const app = await applyTo(t, artist, req.guid, cardUuid);
    const before = (await artistTasks()).length;
    expect((await answer(t, client, app.id, 'reject')).json().application.status).toBe('declined');
    expect((await answer(t, client, app.id, 'confirm')).statusCode).toBe(409);
    expect(await artistTasks()).toHaveLength(before);
    expect(groupOf(await tracking(artist, 'incoming'), app.id)).toBe('declined');
    const notes = (await call(t.app, 'GET', '/api/notifications', artist.cookie)).json<{
      items: { type: string; message: string }[];
    }>();
    expect(notes.items[0]).toMatchObject({ type: 'approval_request_status' });
    expect(notes.items[0]!.message).toContain('declined');
  });

  it.each([
    ['confirm', 'confirm'],
    ['confirm', 'reject'],
    ['reject', 'reject'],
  ] as const)('racing answers %s and %s: exactly one wins, at most one order', async (a, b) => {
    const req = await postRequest(t, client);
    const app = await applyTo(t, artist, req.guid, cardUuid);
    const before = (await artistTasks()).length;
    const results = await Promise.all([
      answer(t, client, app.id, a),
      answer(t, client, app.id, b),
      answer(t, client, app.id, a),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    const winner = results
      .find((r) => r.statusCode === 200)!
      .json<{ application: Application }>().application;
    expect(await artistTasks()).toHaveLength(before + (winner.status === 'approved' ? 1 : 0));
  });

  it('needs an offered price: none is refused with 400 saying so, and nothing is stored', async () => {
    const req = await postRequest(t, client);
    const { offeredPrice: _none, ...body } = sampleApply(cardUuid);
    const res = await call(t.app, 'POST', `/api/request/apply/${req.guid}`, artist.cookie, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(requestMessages.offerRequired);
    expect((await pending()).find((g) => g.request.guid === req.guid)?.applications ?? []).toHaveLength(0);
  });

  it('only the owner answers or marks read (404 for the applicant and others)', async () => {
    const other = await registerUser(t.app, t.dataDir);
    const req = await postRequest(t, client);
    const app = await applyTo(t, artist, req.guid, cardUuid);
    for (const who of [artist, other]) {
      expect((await answer(t, who, app.id, 'confirm')).statusCode).toBe(404);
      expect((await call(t.app, 'PATCH', `/api/request/read/${app.id}`, who.cookie)).statusCode).toBe(404);
    }
    expect((await pending()).flatMap((g) => g.applications).find((x) => x.id === app.id)).toMatchObject({
      status: 'pending',
      isRead: false,
    });
  });
});

describe('e-mail and the daily cap', () => {
  it('applications and answers are e-mailed when the applications preference says e-mail', async () => {
    const owner = await registerUser(t.app, t.dataDir);
    await call(t.app, 'PUT', '/api/notifications/preferences', owner.cookie, { applications: 'email' });
    await call(t.app, 'PUT', '/api/notifications/preferences', artist.cookie, { applications: 'email' });
    const req = await postRequest(t, owner, { title: 'Mailed request' });
    const app = await applyTo(t, artist, req.guid, cardUuid);
    await answer(t, owner, app.id, 'reject');
    await flushDue(t);
    const toOwner = await notificationMails(t, owner.email);
    expect(toOwner.map((m) => m.text).join('\n')).toContain('Mailed request');
    const toArtist = await notificationMails(t, artist.email);
    expect(toArtist.map((m) => m.text).join('\n')).toContain('declined your application to “Mailed request”');
  });

  it(`an artist applies at most ${APPLY_DAILY_LIMIT.points} times a day (429, nothing stored)`, async () => {
    const busy = await registerArtist(t);
    const card = await createCard(t, busy, sampleCard());
    const req = await postRequest(t, client);
    for (let i = 0; i < APPLY_DAILY_LIMIT.points; i += 1)
      await applyTo(t, busy, req.guid, card.uuid, { offeredPrice: i });
    const over = await call(
      t.app,
      'POST',
      `/api/request/apply/${req.guid}`,
      busy.cookie,
      sampleApply(card.uuid, { offeredPrice: 999 }),
    );
    expect(over.statusCode).toBe(429);
    const mine = (await pending()).flatMap((g) => g.applications).find((a) => a.senderId === busy.id)!;
    expect(mine.offeredPrice).toBe(APPLY_DAILY_LIMIT.points - 1);
  });
});
