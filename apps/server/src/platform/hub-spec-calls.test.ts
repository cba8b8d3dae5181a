import { count, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { chatMessages as chatText } from '@brushline/shared/chat/messages';
import type { ChatRoom } from '@brushline/shared/chat/schemas';
import { orderMessages } from '@brushline/shared/orders/messages';
import { requestMessages } from '@brushline/shared/requests/messages';
import { chatMessages } from '../db/schema/chat.ts';
import { openCasual } from '../modules/chat/chat-fixtures.ts';
import { createCard, registerArtist, sendForm, type TestUser } from '../test/kit.ts';
import { applyTo, postRequest } from '../modules/requests/request-fixtures.ts';
import { createTestApp, registerUser, type TestApp } from '../test/harness.ts';
import {
  asSpecClient,
  collect,
  connected,
  hubClient,
  listen,
  nextEvent,
  okData,
  type HubClient,
  type SpecHubClient,
} from '../test/hub-client.ts';

// SPEC §7 names the hub's client calls with argument lists: CreatePrivateChat(login, otherLogin,
// type), MessageSend(room, login, text, attachments), ChatRead(room, login),
// ComissionRequestCreate(uuid), ComissionApprovalRequestCreatedNotification(application guid).
// A client written from the SPEC sends exactly those; the web app sends one object.

let t: TestApp;
let url: string;
let ann: TestUser;
let bob: TestUser;
let eve: TestUser;
let room: ChatRoom;
const open: HubClient[] = [];

beforeAll(async () => {
  t = await createTestApp();
  [ann, bob, eve] = await Promise.all([
    registerUser(t.app, t.dataDir),
    registerUser(t.app, t.dataDir),
    registerUser(t.app, t.dataDir),
  ]);
  room = await openCasual(t, ann, bob);
  url = await listen(t.app);
});
afterEach(() => {
  for (const s of open.splice(0)) s.disconnect();
});
afterAll(() => t.close());

async function specSocket(user: TestUser): Promise<SpecHubClient> {
  const s = hubClient(url, user.cookie, open);
  await connected(s);
  return asSpecClient(s);
}

const storedIn = async (roomId: number) =>
  (await t.app.deps.db.select({ n: count() }).from(chatMessages).where(eq(chatMessages.roomId, roomId)))[0]!
    .n;

describe('chat calls with the SPEC’s argument lists', () => {
  it('MessageSend(room, login, text, attachments) stores the message, acknowledges it and reaches both members', async () => {
    const a = await specSocket(ann);
    const b = await specSocket(bob);
    const atBob = nextEvent(b as unknown as HubClient, 'MessageReceived', (m) => m.text === 'spec hello');
    const stored = okData(await a.emitWithAck('MessageSend', room.id, ann.login, 'spec hello', []));
    expect(stored).toMatchObject({ roomId: room.id, text: 'spec hello', senderId: ann.id });
    expect(await atBob).toEqual(stored);
  });

  it('without a client id, each call is its own message: the same call twice stores twice', async () => {
    const a = await specSocket(ann);
    const before = await storedIn(room.id);
    const [first, second] = await Promise.all([
      a.emitWithAck('MessageSend', room.id, ann.login, 'twice', []),
      a.emitWithAck('MessageSend', room.id, ann.login, 'twice', []),
    ]);
    expect(okData(first).id).not.toBe(okData(second).id);
    expect(okData(first).clientId).not.toBe(okData(second).clientId);
    expect(await storedIn(room.id)).toBe(before + 2);
  });

  it('the login is the caller’s own (any case): another user’s is refused saying so, and stores nothing', async () => {
    const a = await specSocket(ann);
    const before = await storedIn(room.id);
    okData(await a.emitWithAck('MessageSend', room.id, ann.login.toUpperCase(), 'my own, shouting', []));
    expect(await a.emitWithAck('MessageSend', room.id, bob.login, 'as bob', [])).toEqual({
      ok: false,
      error: { code: 'login_mismatch', message: chatText.loginMismatch(bob.login, ann.login) },
    });
    // The web app's object form is held to the same rule when it names a login.
    const plain = a as unknown as HubClient;
    const asObject = await plain.emitWithAck('MessageSend', {
      room: room.id,
      login: bob.login,
      clientId: crypto.randomUUID(),
      text: 'as bob again',
      attachments: [],
    });
    expect(asObject).toMatchObject({ ok: false, error: { code: 'login_mismatch' } });
    expect(await storedIn(room.id)).toBe(before + 1);
  });

  it('bad arguments answer invalid_input with the rule’s message; someone else’s room is missing', async () => {
    const a = await specSocket(ann);
    const e = await specSocket(eve);
    expect(await a.emitWithAck('MessageSend', 'x' as never, ann.login, 'hi', [])).toMatchObject({
      ok: false,
      error: { code: 'invalid_input' },
    });
    expect(await a.emitWithAck('MessageSend', room.id, ann.login, '  ', [])).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', message: chatText.empty },
    });
    expect(await e.emitWithAck('MessageSend', room.id, eve.login, 'let me in', [])).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
  });

  it('ChatRead(room, login) reads to the last message; the other member hears it', async () => {
    const a = await specSocket(ann);
    const b = await specSocket(bob);
    const last = okData(await a.emitWithAck('MessageSend', room.id, ann.login, 'read this', []));
    const seen = nextEvent(a as unknown as HubClient, 'ChatReadUpdated', (p) => p.readId === last.id);
    expect(await b.emitWithAck('ChatRead', room.id, ann.login)).toMatchObject({
      ok: false,
      error: { code: 'login_mismatch' },
    });
    expect(await b.emitWithAck('ChatRead', room.id, bob.login)).toEqual({
      ok: true,
      data: { readId: last.id },
    });
    expect(await seen).toEqual({ roomId: room.id, userId: bob.id, readId: last.id });
  });

  it('CreatePrivateChat(login, otherLogin, type) opens the one room of the pair; another’s login is refused', async () => {
    const e = await specSocket(eve);
    const opened = okData(await e.emitWithAck('CreatePrivateChat', eve.login, ann.login, 'casual'));
    expect(opened).toMatchObject({ type: 'casual', other: { login: ann.login } });
    const again = okData(await e.emitWithAck('CreatePrivateChat', eve.login, ann.login, 'casual'));
    expect(again.id).toBe(opened.id);
    expect(await e.emitWithAck('CreatePrivateChat', bob.login, ann.login, 'casual')).toEqual({
      ok: false,
      error: { code: 'login_mismatch', message: chatText.loginMismatch(bob.login, eve.login) },
    });
  });
});

describe('calls the server answers for itself (it already told the other side)', () => {
  it('ComissionRequestCreate(uuid) confirms the caller’s form to that card and tells the artist nothing twice', async () => {
    const artist = await registerArtist(t);
    const card = await createCard(t, artist);
    const [buyer, artistSocket] = await Promise.all([specSocket(bob), specSocket(artist)]);
    const heard = collect(artistSocket as unknown as HubClient, 'ComissionRequestRecieved');
    const first = nextEvent(artistSocket as unknown as HubClient, 'ComissionRequestRecieved');
    const form = await sendForm(t, bob, card);
    await first;
    expect(await buyer.emitWithAck('ComissionRequestCreate', card.uuid)).toEqual({
      ok: true,
      data: { formId: form.id, cardUuid: card.uuid },
    });
    // The object form answers the same.
    const plain = buyer as unknown as HubClient;
    expect(okData(await plain.emitWithAck('ComissionRequestCreate', { uuid: card.uuid })).formId).toBe(
      form.id,
    );
    await new Promise((r) => setTimeout(r, 200));
    expect(heard).toHaveLength(1);
    // Someone who sent nothing to this card, and junk, are refused.
    const e = await specSocket(eve);
    expect(await e.emitWithAck('ComissionRequestCreate', card.uuid)).toEqual({
      ok: false,
      error: { code: 'not_found', message: orderMessages.formNotFound },
    });
    expect(await e.emitWithAck('ComissionRequestCreate', 'not-a-uuid')).toMatchObject({
      ok: false,
      error: { code: 'invalid_input' },
    });
  });

  it('ComissionApprovalRequestCreatedNotification(guid) confirms the caller’s application, by request guid or id', async () => {
    const artist = await registerArtist(t);
    const card = await createCard(t, artist);
    const req = await postRequest(t, eve);
    const [applicant, owner] = await Promise.all([specSocket(artist), specSocket(eve)]);
    const heard = collect(owner as unknown as HubClient, 'AppliedForRequestRecieved');
    const first = nextEvent(owner as unknown as HubClient, 'AppliedForRequestRecieved');
    const application = await applyTo(t, artist, req.guid, card.uuid);
    await first;
    const confirmed = { ok: true, data: { applicationId: application.id, requestGuid: req.guid } };
    expect(await applicant.emitWithAck('ComissionApprovalRequestCreatedNotification', req.guid)).toEqual(
      confirmed,
    );
    expect(
      await applicant.emitWithAck('ComissionApprovalRequestCreatedNotification', application.id),
    ).toEqual(confirmed);
    await new Promise((r) => setTimeout(r, 200));
    expect(heard).toHaveLength(1);
    // The request's owner did not send it; a made-up reference is refused with what to send.
    expect(await owner.emitWithAck('ComissionApprovalRequestCreatedNotification', req.guid)).toEqual({
      ok: false,
      error: { code: 'not_found', message: requestMessages.applicationNotFound },
    });
    expect(await owner.emitWithAck('ComissionApprovalRequestCreatedNotification', 'soon')).toEqual({
      ok: false,
      error: { code: 'invalid_input', message: requestMessages.applicationRefInvalid },
    });
  });
});

describe('documentation', () => {
  it('/api/docs describes every client call in both forms', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json<{ info: { description: string } }>();
    const text = doc.info.description;
    for (const line of [
      '`CreatePrivateChat(login, otherLogin, type)` or `CreatePrivateChat({otherLogin, type, login?})`',
      '`MessageSend(room, login, text, attachments)` or `MessageSend({room, clientId, text, attachments, login?})`',
      '`ChatRead(room, login)` or `ChatRead({room, upTo?, login?})`',
      '`ComissionRequestCreate(uuid)` or `ComissionRequestCreate({uuid})`',
      '`ComissionApprovalRequestCreatedNotification(application)`',
      'login_mismatch',
    ])
      expect(text).toContain(line);
  });
});
