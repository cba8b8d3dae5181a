import { randomUUID } from 'node:crypto';
import type { Deps } from '../platform/deps.ts';
import type { Actor } from '../platform/session.ts';
import { sendMessage } from '../modules/chat/chat-messages.service.ts';
import { openPrivateChat } from '../modules/chat/chat-rooms.service.ts';
import { getWorkingRoom } from '../modules/chat/chat-rooms.service.ts';
import { commentOnWip, type WipRef } from '../modules/orders/wip-feedback.service.ts';

/** Writes `lines` in a room, each as its sender, through the same service as MessageSend. */
async function talk(deps: Deps, room: number, lines: [Actor, string][]) {
  for (const [who, text] of lines) {
    const sent = await sendMessage(deps, who, { room, clientId: randomUUID(), text, attachments: [] });
    await sent.deliver();
  }
}

/**
 * Demo chats (decision 0016): the working chat the accepted orders opened between the artist and the
 * client, with a conversation about the sketch: the client's comment on it is made on the order
 * page (kept under the sketch and posted here by the same service the page uses), and the artist's
 * last line is unread by the client; and a casual chat from the admin the artist has not read yet,
 * so the header's chat badge shows on both demo accounts' first visit.
 */
export async function seedDemoChats(
  deps: Deps,
  accounts: { artist: Actor; client: Actor; admin?: Actor },
  sketch: WipRef,
) {
  const { artist, client, admin } = accounts;
  const working = await getWorkingRoom(deps, client, artist.login);
  await talk(deps, working.id, [
    [client, 'Hi! Finn is my rogue, the scar over his eye matters most to me.'],
    [artist, 'Thanks, got it. I shared a first sketch on the order page, have a look.'],
  ]);
  await commentOnWip(deps, client, {
    ...sketch,
    message: 'Love the pose! Could the scar be a bit clearer?\nAnd the grin a little slyer.',
  });
  await talk(deps, working.id, [[artist, 'Sure, both easy. I will start the colours tomorrow.']]);
  if (admin) {
    const casual = await openPrivateChat(deps, admin, { otherLogin: artist.login, type: 'casual' });
    await talk(deps, casual.id, [
      [admin, 'Welcome to Brushline! Your card looks great. Ping me here if anything breaks.'],
    ]);
  }
}
