import type { FastifyBaseLogger } from 'fastify';
import type { Readiness } from './readiness.ts';

/**
 * Graceful shutdown (docs/decisions/0027-observability.md), so a rolling restart behind a balancer
 * drops nothing. On SIGTERM or SIGINT:
 *
 * 1. readiness says "draining" (503), so a balancer still probing stops sending here; for
 *    `drainMs` (SHUTDOWN_DRAIN_MS, on SIGTERM only) the instance goes on serving what still
 *    arrives, so a balancer's reused connections are not answered 503 before its check notices;
 * 2. `app.close()`: the hub drops its sockets (clients reconnect to another instance); the
 *    listening socket closes, so new connections are refused and go to another instance; idle
 *    keep-alive connections close; requests in flight finish (Fastify waits for them); then the
 *    job pollers stop after the job in hand, and the metrics port, Redis and the database close;
 * 3. the process exits 0, or 1 when that took longer than `timeoutMs` (SHUTDOWN_TIMEOUT_MS): a
 *    request that never ends (a stalled upload) must not hold a restart forever.
 *
 * A second signal while shutting down changes nothing; the bound still applies.
 */
export interface ShutdownOptions {
  app: { close(): Promise<unknown>; log: FastifyBaseLogger };
  readiness: Pick<Readiness, 'drain'>;
  timeoutMs: number;
  /** On SIGTERM, how long to keep serving after readiness turned "draining" (0: close at once). */
  drainMs?: number;
  /** process.exit, unless a test says otherwise. */
  exit?: (code: number) => void;
  signals?: readonly NodeJS.Signals[];
}

export function shutDownOnSignals(opts: ShutdownOptions): { shutDown(reason: string): void } {
  const exit = opts.exit ?? ((code: number) => process.exit(code));
  let closing = false;

  function shutDown(reason: string) {
    if (closing) return;
    closing = true;
    const { app } = opts;
    opts.readiness.drain();
    const drainMs = reason === 'SIGTERM' ? (opts.drainMs ?? 0) : 0;
    if (drainMs > 0) {
      app.log.info({ signal: reason, drainMs }, 'draining: readiness answers 503, still serving');
      setTimeout(() => close(reason), drainMs);
    } else close(reason);
  }

  function close(reason: string) {
    const { app, timeoutMs } = opts;
    app.log.info({ signal: reason, timeoutMs }, 'shutting down: finishing requests in flight');
    const started = Date.now();
    const force = setTimeout(() => {
      app.log.warn(
        { timeoutMs },
        `shutdown did not finish within ${timeoutMs} ms (SHUTDOWN_TIMEOUT_MS); exiting with work still open`,
      );
      exit(1);
    }, timeoutMs);
    // The bound never keeps the process alive by itself.
    force.unref();
    app.close().then(
      () => {
        clearTimeout(force);
        app.log.info({ ms: Date.now() - started }, 'shut down');
        exit(0);
      },
      (err: unknown) => {
        clearTimeout(force);
        app.log.error({ err }, 'shutdown failed');
        exit(1);
      },
    );
  }

  for (const signal of opts.signals ?? (['SIGINT', 'SIGTERM'] as const))
    process.on(signal, () => shutDown(signal));
  return { shutDown };
}
