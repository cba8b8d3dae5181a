import { randomUUID } from 'node:crypto';
import type { ChatMessage, ChatRoom } from '@brushline/shared/chat/schemas';
import type { TestApp } from '../../test/harness.ts';
import { pngBytes, uploadImage } from '../../test/media-fixtures.ts';
import { call, type TestUser } from '../../test/kit.ts';

/** Test helpers of the chat suites (not a test file itself). */
export async function openCasual(t: TestApp, from: TestUser, to: TestUser): Promise<ChatRoom> {
  const res = await call(t.app, 'POST', '/api/chatroom/create', from.cookie, {
    otherLogin: to.login,
    type: 'casual',
  });
  if (res.statusCode !== 200) throw new Error(`open chat ${res.statusCode}: ${res.body}`);
  return res.json<ChatRoom>();
}

/** POST messages/chat/{roomId}: the raw answer (tests look at refusals too). */
export function post(
  t: TestApp,
  user: TestUser | null,
  roomId: number,
  body: { clientId?: string; text?: string; attachments?: string[] },
) {
  return call(t.app, 'POST', `/api/messages/chat/${roomId}`, user?.cookie, {
    clientId: randomUUID(),
    ...body,
  });
}

export async function say(t: TestApp, user: TestUser, roomId: number, text: string): Promise<ChatMessage> {
  // Suites send far more than a person does: the send limits are tested on their own.
  await t.app.deps.limits.reset('chatSendBurst', user.id);
  const res = await post(t, user, roomId, { text });
  if (res.statusCode !== 200) throw new Error(`send ${res.statusCode}: ${res.body}`);
  return res.json<ChatMessage>();
}

/** `n` chat pictures uploaded by `user`; their ids. */
export async function chatPictures(t: TestApp, user: TestUser, n: number): Promise<string[]> {
  await t.app.deps.limits.reset('mediaUploadUser', user.id);
  const ids: string[] = [];
  for (let i = 0; i < n; i += 1)
    ids.push(
      (await uploadImage(t.app, user.cookie, { purpose: 'chat', bytes: await pngBytes(40 + i, 30) })).id,
    );
  return ids;
}

export async function roomAs(
  t: TestApp,
  user: TestUser,
  roomId: number,
  kind: 'chatroom' | 'wchatroom' = 'chatroom',
) {
  const res = await call(t.app, 'GET', `/api/${kind}/get/${roomId}`, user.cookie);
  if (res.statusCode !== 200) throw new Error(`room ${res.statusCode}: ${res.body}`);
  return res.json<ChatRoom>();
}
