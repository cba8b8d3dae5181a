import type { ErrorCode } from '@brushline/shared/error-codes';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { messages, type ApiErrorBody } from '@brushline/shared/messages';
import type { OutageWatch } from './outage.ts';

/** An error the user may see: status, a snake_case code and a message from SPEC §8. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    /** One of the catalogue's (packages/shared/src/error-codes.ts), so clients can rely on it. */
    readonly code: ErrorCode,
    message: string,
    readonly headers: Record<string, string> = {},
    /** Field path → message, like a schema error's `fields`. */
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

export const notFound = (message: string = messages.notFound) => new AppError(404, 'not_found', message);
export const unauthorized = () => new AppError(401, 'unauthorized', messages.unauthorized);

const statusMessages: Record<number, string> = {
  400: 'The request is not valid. Please check it and try again',
  401: messages.unauthorized,
  403: 'You are not allowed to do that',
  404: messages.notFound,
  405: 'That method is not allowed here',
  406: 'That format is not available',
  413: 'The request is too large',
  415: 'Please send JSON (Content-Type: application/json)',
  429: messages.tooManyRequests,
};

export function errorBody(code: string, message: string, fields?: Record<string, string>): ApiErrorBody {
  return { error: fields ? { code, message, fields } : { code, message } };
}

/** Seconds a client is asked to wait before trying again while a dependency is down. */
export const OUTAGE_RETRY_AFTER_SECONDS = 5;

/** The answer while the database is unreachable: try again soon (docs/decisions/0011-hardening.md). */
export const serviceUnavailable = () =>
  new AppError(503, 'service_unavailable', messages.serviceUnavailable, {
    'retry-after': String(OUTAGE_RETRY_AFTER_SECONDS),
  });

/**
 * One error shape for every failure; 5xx never show internals (ARCHITECTURE habit 4). An error that
 * says the database is unreachable answers 503 and is logged once per outage by `database`.
 */
export function registerErrorHandling(app: FastifyInstance, opts: { database?: OutageWatch } = {}) {
  app.setErrorHandler((err: FastifyError | AppError, request, reply) => {
    if (err instanceof AppError) {
      return reply
        .code(err.statusCode)
        .headers(err.headers)
        .send(errorBody(err.code, err.message, err.fields));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields: Record<string, string> = {};
      for (const issue of err.validation) {
        const key = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
        fields[key] ??= issue.message ?? messages.invalidInput;
      }
      const first = err.validation[0];
      // A missing or non-object body has no field to blame: say so plainly.
      const message =
        !first || first.instancePath === '/'
          ? messages.invalidInput
          : (first.message ?? messages.invalidInput);
      return reply.code(400).send(errorBody('validation_error', message, fields));
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message =
        err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err.name === 'SyntaxError'
          ? 'The request body is not valid JSON'
          : (statusMessages[status] ?? statusMessages[400]!);
      return reply.code(status).send(errorBody((err.code ?? 'bad_request').toLowerCase(), message));
    }
    if (opts.database?.report(err)) {
      const unavailable = serviceUnavailable();
      return reply
        .code(unavailable.statusCode)
        .headers(unavailable.headers)
        .send(errorBody(unavailable.code, unavailable.message));
    }
    request.log.error({ err }, 'request failed');
    return reply.code(500).send(errorBody('internal_error', messages.serverError));
  });
}
