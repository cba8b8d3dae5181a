import { randomUUID } from 'node:crypto';
import type { Deps } from '../platform/deps.ts';
import type { Actor } from '../platform/session.ts';
import { sendMessage } from '../modules/chat/chat-messages.service.ts';
import { openPrivateChat } from '../modules/chat/chat-rooms.service.ts';
import { getWorkingRoom } from '../modules/chat/chat-rooms.service.ts';

/** Writes `lines` in a room, each as its sender, through the same service as MessageSend. */
async function talk(deps: Deps, room: number, lines: [Actor, string][]) {
  for (const [who, text] of lines) {
    const sent = await sendMessage(deps, who, { room, clientId: randomUUID(), text, attachments: [] });
    await sent.deliver();
  }
}

/**
 * Demo chats (issue 10): the working chat the accepted orders opened between the artist and the
 * client, with a conversation about the sketch (the artist's last line unread by the client); and a
 * casual chat from the admin the artist has not read yet, so the header's chat badge shows on both demo accounts' first visit.
 */
export async function seedDemoChats(deps: Deps, accounts: { artist: Actor; client: Actor; admin?: Actor }) {
  const { artist, client, admin } = accounts;
  const working = await getWorkingRoom(deps, client, artist.login);
  await talk(deps, working.id, [
    [client, 'Hi! Mira is my tiefling bard, the references are in the order.'],
    [artist, 'Thanks, got them. I shared a first sketch on the order page, have a look.'],
    [client, 'Love the pose! Could her lute be a bit bigger?\nAnd the scarf green, not blue.'],
    [artist, 'Sure, both easy. I will start the colours tomorrow.'],
  ]);
  if (admin) {
    const casual = await openPrivateChat(deps, admin, { otherLogin: artist.login, type: 'casual' });
    await talk(deps, casual.id, [
      [admin, 'Welcome to Brushline! Your card looks great. Ping me here if anything breaks.'],
    ]);
  }
}
