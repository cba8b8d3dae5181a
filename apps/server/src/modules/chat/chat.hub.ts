import type { z } from 'zod';
import { CHAT_TYPING_THROTTLE_MS } from '@brushline/shared/chat/constants';
import {
  chatReadSchema,
  createPrivateChatSchema,
  messageSendSchema,
  type HubAnswer,
} from '@brushline/shared/chat/schemas';
import { messages } from '@brushline/shared/messages';
import type { Deps } from '../../platform/deps.ts';
import { AppError } from '../../platform/errors.ts';
import type { HubCaller } from '../../platform/hub.ts';
import { announceTyping, readRoom, sendMessage } from './chat-messages.service.ts';
import { openPrivateChat } from './chat-rooms.service.ts';

type Reply = ((answer: unknown) => void) | null;

/** An error as a hub answer: the same code and message the HTTP route would give. */
function failure(deps: Pick<Deps, 'dbWatch' | 'log'>, err: unknown): HubAnswer<never> {
  if (err instanceof AppError) return { ok: false, error: { code: err.code, message: err.message } };
  if (deps.dbWatch.report(err))
    return { ok: false, error: { code: 'service_unavailable', message: messages.serviceUnavailable } };
  deps.log.error({ err }, 'hub call failed');
  return { ok: false, error: { code: 'server_error', message: messages.serverError } };
}

/** Parses an untrusted payload; a bad one answers 400's shape with the first problem's message. */
function parse<S extends z.ZodType>(schema: S, payload: unknown): z.infer<S> {
  const parsed = schema.safeParse(payload);
  if (parsed.success) return parsed.data;
  throw new AppError(400, 'invalid_input', parsed.error.issues[0]?.message ?? messages.invalidInput);
}

/** Runs one call and answers through the client's acknowledgement (when it asked for one). */
function answer<T>(
  deps: Pick<Deps, 'dbWatch' | 'log'>,
  reply: Reply,
  work: () => Promise<{ data: T; after?: () => Promise<void> }>,
) {
  work().then(
    ({ data, after }) => {
      reply?.({ ok: true, data } satisfies HubAnswer<T>);
      // After the ack: the sender has its stored message before anyone hears of it. What comes
      // after is not answered (the ack went already) and must not be answered a second time.
      after?.().catch((err: unknown) => deps.log.warn({ err }, 'hub call: work after the answer failed'));
    },
    (err: unknown) => reply?.(failure(deps, err)),
  );
}

/**
 * The chat's hub calls (SPEC §7): CreatePrivateChat, MessageSend (acknowledged with the stored
 * message, then MessageReceived to both members on every instance), ChatRead, and typing.
 */
export function registerChatHub(deps: Deps) {
  const { hub } = deps;
  hub.handle('CreatePrivateChat', ({ actor }: HubCaller, payload, reply) =>
    answer(deps, reply, async () => ({
      data: await openPrivateChat(deps, actor, parse(createPrivateChatSchema, payload)),
    })),
  );
  hub.handle('MessageSend', ({ actor }, payload, reply) =>
    answer(deps, reply, async () => {
      const sent = await sendMessage(deps, actor, parse(messageSendSchema, payload));
      return { data: sent.message, after: sent.deliver };
    }),
  );
  hub.handle('ChatRead', ({ actor }, payload, reply) =>
    answer(deps, reply, async () => ({ data: await readRoom(deps, actor, parse(chatReadSchema, payload)) })),
  );
  const lastTyping = new Map<string, number>();
  hub.handle('ChatTyping', ({ actor, socketId }, payload) => {
    const room = (payload as { room?: unknown } | null)?.room;
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
