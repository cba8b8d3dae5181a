import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { shutDownOnSignals } from './shutdown.ts';

/** A stand-in app that records when it was closed; the real process is shutdown.test.ts's. */
function fakeApp() {
  const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() } as unknown as FastifyBaseLogger;
  const closed = vi.fn(async () => undefined);
  return { app: { close: closed, log }, closed };
}

describe('shutdown drain (SHUTDOWN_DRAIN_MS)', () => {
  afterEach(() => vi.useRealTimers());

  it('on SIGTERM, reports draining at once and closes only after drainMs', async () => {
    vi.useFakeTimers();
    const { app, closed } = fakeApp();
    const drain = vi.fn();
    const exit = vi.fn();
    const { shutDown } = shutDownOnSignals({
      app,
      readiness: { drain },
      timeoutMs: 10_000,
      drainMs: 2000,
      exit,
      signals: [],
    });
    shutDown('SIGTERM');
    expect(drain).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1999);
    expect(closed).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(closed).toHaveBeenCalledTimes(1);
    expect(exit).toHaveBeenCalledWith(0);
  });

  it('on SIGINT (a person at the terminal), closes at once; a second signal changes nothing', async () => {
    vi.useFakeTimers();
    const { app, closed } = fakeApp();
    const exit = vi.fn();
    const { shutDown } = shutDownOnSignals({
      app,
      readiness: { drain: vi.fn() },
      timeoutMs: 10_000,
      drainMs: 2000,
      exit,
      signals: [],
    });
    shutDown('SIGINT');
    shutDown('SIGTERM');
    await vi.advanceTimersByTimeAsync(0);
    expect(closed).toHaveBeenCalledTimes(1);
    expect(exit).toHaveBeenCalledWith(0);
  });
});
