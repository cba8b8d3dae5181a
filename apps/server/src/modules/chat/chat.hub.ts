import { randomUUID } from 'node:crypto';
import { CHAT_TYPING_THROTTLE_MS } from '@brushline/shared/chat/constants';
import { chatReadSchema, createPrivateChatSchema, messageSendSchema } from '@brushline/shared/chat/schemas';
import { SPEC_HUB_ARGUMENTS } from '@brushline/shared/realtime';
import type { Deps } from '../../platform/deps.ts';
import { answerCall, callFields, parseCall } from '../../platform/hub-calls.ts';
import type { HubCaller } from '../../platform/hub.ts';
import { announceTyping, readRoom, sendMessage } from './chat-messages.service.ts';
import { openPrivateChat } from './chat-rooms.service.ts';

/**
 * The chat's hub calls (SPEC §7): CreatePrivateChat, MessageSend (acknowledged with the stored
 * message, then MessageReceived to both members on every instance), ChatRead, and typing. Each
 * takes the web app's one object or the SPEC's argument list (SPEC_HUB_ARGUMENTS); a `login`
 * in either must be the caller's own (the services refuse another with login_mismatch).
 */
export function registerChatHub(deps: Deps) {
  const { hub } = deps;
  hub.handle('CreatePrivateChat', ({ actor }: HubCaller, args, reply) =>
    answerCall(deps, reply, async () => {
      const { fields } = callFields(args, SPEC_HUB_ARGUMENTS.CreatePrivateChat);
      return { data: await openPrivateChat(deps, actor, parseCall(createPrivateChatSchema, fields)) };
    }),
  );
  hub.handle('MessageSend', ({ actor }, args, reply) =>
    answerCall(deps, reply, async () => {
      const { fields, positional } = callFields(args, SPEC_HUB_ARGUMENTS.MessageSend);
      // The SPEC's argument list carries no client id: each such call is a new message (a resend
      // of it stores again). The web app's object form names one, so a resend stores once.
      if (positional) fields.clientId = randomUUID();
      const sent = await sendMessage(deps, actor, parseCall(messageSendSchema, fields));
      return { data: sent.message, after: sent.deliver };
    }),
  );
  hub.handle('ChatRead', ({ actor }, args, reply) =>
    answerCall(deps, reply, async () => {
      const { fields } = callFields(args, SPEC_HUB_ARGUMENTS.ChatRead);
      return { data: await readRoom(deps, actor, parseCall(chatReadSchema, fields)) };
    }),
  );
  const lastTyping = new Map<string, number>();
  hub.handle('ChatTyping', ({ actor, socketId }, args) => {
    const room = (args[0] as { room?: unknown } | null)?.room;
    if (typeof room !== 'number' || !Number.isInteger(room) || room < 1) return;
    const key = `${socketId}:${room}`;
    const now = Date.now();
    if (now - (lastTyping.get(key) ?? 0) < CHAT_TYPING_THROTTLE_MS) return;
    lastTyping.set(key, now);
    // Entries of sockets long gone are dropped now and then, so the map stays small.
    if (lastTyping.size > 10_000)
      for (const [k, at] of lastTyping) if (now - at > CHAT_TYPING_THROTTLE_MS) lastTyping.delete(k);
    announceTyping(deps, actor, room).catch(() => undefined);
  });
}
