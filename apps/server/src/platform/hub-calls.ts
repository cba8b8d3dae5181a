// What every module's hub calls share: reading the two argument forms, parsing them, and answering
// through the client's acknowledgement with the HTTP API's error shape.
import type { z } from 'zod';
import { messages } from '@brushline/shared/messages';
import type { HubAnswer } from '@brushline/shared/chat/schemas';
import type { Deps } from './deps.ts';
import { AppError } from './errors.ts';

/** The client's acknowledgement callback, when it sent one. */
export type HubReply = ((answer: unknown) => void) | null;

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A call's fields by name. The web app sends one object; a client written from SPEC §7 sends the
 * SPEC's argument list (`names`, in order, from SPEC_HUB_ARGUMENTS), which is zipped with them.
 * `positional` tells which form came, for the calls whose forms differ beyond the names.
 */
export function callFields(
  args: unknown[],
  names: readonly string[],
): { fields: Record<string, unknown>; positional: boolean } {
  if (args.length === 1 && isPlainObject(args[0])) return { fields: args[0], positional: false };
  const fields: Record<string, unknown> = {};
  names.forEach((name, i) => {
    if (args[i] !== undefined && args[i] !== null) fields[name] = args[i];
  });
  return { fields, positional: true };
}

/** Parses an untrusted payload; a bad one answers 400's shape with the first problem's message. */
export function parseCall<S extends z.ZodType>(schema: S, payload: unknown): z.infer<S> {
  const parsed = schema.safeParse(payload);
  if (parsed.success) return parsed.data;
  throw new AppError(400, 'invalid_input', parsed.error.issues[0]?.message ?? messages.invalidInput);
}

/** An error as a hub answer: the same code and message the HTTP route would give. */
function failure(deps: Pick<Deps, 'dbWatch' | 'log'>, err: unknown): HubAnswer<never> {
  if (err instanceof AppError) return { ok: false, error: { code: err.code, message: err.message } };
  if (deps.dbWatch.report(err))
    return { ok: false, error: { code: 'service_unavailable', message: messages.serviceUnavailable } };
  deps.log.error({ err }, 'hub call failed');
  return { ok: false, error: { code: 'server_error', message: messages.serverError } };
}

/** Runs one call and answers through the client's acknowledgement (when it asked for one). */
export function answerCall<T>(
  deps: Pick<Deps, 'dbWatch' | 'log'>,
  reply: HubReply,
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
