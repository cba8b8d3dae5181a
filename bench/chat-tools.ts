// Helpers of bench/chat.ts: percentiles, a clock-driven sender, waiting for a server.
import { setTimeout as sleep } from 'node:timers/promises';

/** The p-th percentile of `xs` (nearest rank). */
export function percentile(xs: number[], p: number): number {
  if (xs.length === 0) return NaN;
  const sorted = [...xs].sort((x, y) => x - y);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
/** The p99 of each second of a run, from [sent at, latency] pairs: a stall shows as a run of slow seconds. */
export function p99PerSecond(timeline: [number, number][]): string[] {
  const t0 = timeline[0]?.[0] ?? 0;
  const perSecond = new Map<number, number[]>();
  for (const [at, ms] of timeline) {
    const sec = Math.floor((at - t0) / 1000);
    (perSecond.get(sec) ?? perSecond.set(sec, []).get(sec)!).push(ms);
  }
  return [...perSecond.entries()].sort(([x], [y]) => x - y).map(([, xs]) => percentile(xs, 99).toFixed(0));
}

/**
 * Calls `fire(n)` for n = 0, 1, … at `rate` per second for `seconds`, by the clock: each tick
 * sends every call that is due, so timer lag does not lower the rate. Answers how many it made.
 */
export async function atRate(rate: number, seconds: number, fire: (n: number, elapsedMs: number) => void) {
  const start = performance.now();
  const total = Math.floor(rate * seconds);
  let n = 0;
  while (n < total) {
    const elapsed = performance.now() - start;
    const due = Math.min(total, Math.floor((elapsed * rate) / 1000) + 1);
    while (n < due) fire(n++, elapsed);
    await sleep(5);
  }
  return { sent: n, seconds: (performance.now() - start) / 1000 };
}

export async function waitFor(url: string) {
  for (let i = 0; i < 600; i += 1) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not yet
    }
    await sleep(200);
  }
  throw new Error(`${url} did not answer`);
}
