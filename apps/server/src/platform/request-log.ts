import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * Fastify's own request logging writes two entries per request at `info` (the pretty terminal
 * view spreads them over about fifteen lines), which buried everything else a person starting the
 * app needs to read, such as the one-time demo passwords. Here a request is one short line at
 * `debug` instead: "GET /api/health 200 3 ms". `LOG_LEVEL=debug` shows them; the default `info`
 * keeps start-up, shutdown, outages, errors and the mail outbox. A request that fails with an
 * error is still logged at `error` by the error handler (platform/errors.ts).
 */
export class RequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const line = requestLine(request, reply);
    if (error) reply.log.error({ err: error }, line);
    else reply.log.debug(line);
  }

  /** The completed request's line already says 404: no second entry. */
  override routeNotFound(): void {}

  /** A visitor closing the page while a picture loads is routine, not a warning. */
  override streamError(error: Error, request: FastifyRequest, reply: FastifyReply) {
    if ((error as { code?: string }).code === 'ERR_STREAM_PREMATURE_CLOSE')
      reply.log.debug(`${requestLine(request, reply)} (closed by the client)`);
    else reply.log.warn({ err: error }, 'response terminated with an error with headers already sent');
  }
}

/** "GET /api/feed 200 12 ms": method, the path as asked (query included), status, time. */
export function requestLine(request: FastifyRequest, reply: FastifyReply): string {
  return `${request.method} ${request.url} ${reply.statusCode} ${Math.round(reply.elapsedTime)} ms`;
}

/** The header carrying a request's id, both ways: from a trusted proxy and back to the client. */
export const REQUEST_ID_HEADER = 'x-request-id';

/** An id a proxy may hand us: short, printable, no spaces or quotes (it lands in logs and a header). */
const SANE_REQUEST_ID = /^[\w.:@/+=-]{1,128}$/;

/**
 * Fastify's genReqId: every request gets an id, which Fastify puts on every log line of that
 * request (`reqId`) and registerRequestId sends back. Behind a trusted proxy (TRUST_PROXY) the
 * proxy's X-Request-Id is kept when it is sane, so one id follows the request through both logs;
 * otherwise anyone could choose the ids in our logs, so a fresh UUID is made.
 */
export function requestIdGenerator(trustProxy: boolean): (req: IncomingMessage) => string {
  return (req) => {
    const given = req.headers[REQUEST_ID_HEADER];
    if (trustProxy && typeof given === 'string' && SANE_REQUEST_ID.test(given)) return given;
    return randomUUID();
  };
}

/** Every response, errors and 404s included, carries its request's id: a user can quote it. */
export function registerRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
}
