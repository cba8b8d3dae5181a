import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatMessages as chatText } from '@brushline/shared/chat/messages';
import { createTestApp, registerUser, type TestApp } from '../../test/harness.ts';
import { flushDue, notificationMails } from '../email/email-fixtures.ts';
import { call, type TestUser } from '../../test/kit.ts';
import type { Actor } from '../../platform/session.ts';
import { readRoom } from './chat-messages.service.ts';
import { openCasual, say } from './chat-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const fresh = () => registerUser(t.app, t.dataDir);
const bell = async (u: TestUser) =>
  (await call(t.app, 'GET', '/api/notifications/unread-count', u.cookie)).json<{ count: number }>().count;

describe('unread chat messages are e-mailed, batched', () => {
  it('one mail line per room for a burst, linking the room; the bell leaves chat out', async () => {
    const [ann, eve, bob] = await Promise.all([fresh(), fresh(), fresh()]);
    const fromAnn = await openCasual(t, ann, bob);
    const fromEve = await openCasual(t, eve, bob);
    for (const text of ['one', 'two', 'three']) await say(t, ann, fromAnn.id, text);
    await say(t, eve, fromEve.id, 'hi bob');
    expect(await bell(bob)).toBe(0);

    await flushDue(t);
    const [mail, ...more] = await notificationMails(t, bob.email);
    expect(more).toHaveLength(0);
    const base = t.app.deps.config.publicUrl;
    const lines = mail!.text.split('\n').filter((l) => l.startsWith('- '));
    expect(lines).toEqual([
      `- ${chatText.notificationText(ann.login)} ${base}/chat/${fromAnn.id}`,
      `- ${chatText.notificationText(eve.login)} ${base}/chat/${fromEve.id}`,
    ]);
    // The senders got nothing.
    expect(await notificationMails(t, ann.email)).toHaveLength(0);

    // Still unread: more messages in the same room do not mail again ...
    await say(t, ann, fromAnn.id, 'four');
    await flushDue(t);
    expect(await notificationMails(t, bob.email)).toHaveLength(1);
    // ... until bob has read the room and a new message arrives.
    await call(t.app, 'PUT', `/api/chatroom/read/${fromAnn.id}`, bob.cookie);
    await say(t, ann, fromAnn.id, 'five');
    await flushDue(t);
    expect(await notificationMails(t, bob.email)).toHaveLength(2);
  });

  it('nothing is mailed for a room read within the window, nor to someone who chose in-app only', async () => {
    const [ann, bob, cid] = await Promise.all([fresh(), fresh(), fresh()]);
    const room = await openCasual(t, ann, bob);
    await say(t, ann, room.id, 'are you there?');
    await call(t.app, 'PUT', `/api/chatroom/read/${room.id}`, bob.cookie);
    const put = await call(t.app, 'PUT', '/api/notifications/preferences', cid.cookie, {
      chatMessages: 'inApp',
    });
    expect(put.statusCode).toBe(200);
    const toCid = await openCasual(t, ann, cid);
    await say(t, ann, toCid.id, 'hello');
    await flushDue(t);
    expect(await notificationMails(t, bob.email)).toHaveLength(0);
    expect(await notificationMails(t, cid.email)).toHaveLength(0);
  });

  it('a room read only part of the way keeps its notification, so what is left is still mailed', async () => {
    const [ann, bob] = await Promise.all([fresh(), fresh()]);
    const room = await openCasual(t, ann, bob);
    const first = await say(t, ann, room.id, 'first');
    await say(t, ann, room.id, 'second');
    // Bob's pane showed only the first (the second arrived meanwhile): ChatRead up to it.
    await readRoom(t.app.deps, { id: bob.id } as Actor, { room: room.id, upTo: first.id });
    await say(t, ann, room.id, 'third');
    await flushDue(t);
    expect(await notificationMails(t, bob.email)).toHaveLength(1);
  });
});
