// One autocannon measurement, printed as a line: what every bench in this folder reports.
import autocannon from 'autocannon';

export interface Measured {
  rps: number;
  p99: number;
  failures: number;
}

export interface Options {
  seconds: number;
  connections: number;
  /** Unmeasured seconds first (default 2); 0 when the route was just measured. */
  warmup?: number;
}

export async function measure(
  base: string,
  title: string,
  /**
   * One path; several that each connection asks in turn (a mix of queries); or a function asked for
   * the path of every request (one stream shared by all connections).
   */
  path: string | readonly string[] | (() => string),
  opts: Options,
  headers: Record<string, string> = {},
): Promise<Measured> {
  // A short unmeasured warm-up, so JIT and caches are warm for every route alike.
  const warmup = opts.warmup ?? 2;
  const target =
    typeof path === 'string'
      ? { url: `${base}${path}` }
      : typeof path === 'function'
        ? {
            url: base,
            requests: [{ method: 'GET' as const, setupRequest: (req: object) => ({ ...req, path: path() }) }],
          }
        : { url: base, requests: path.map((p) => ({ method: 'GET' as const, path: p })) };
  if (warmup > 0) await autocannon({ ...target, connections: opts.connections, duration: warmup, headers });
  const r = await autocannon({ ...target, connections: opts.connections, duration: opts.seconds, headers });
  const m = { rps: r.requests.average, p99: r.latency.p99, failures: r.errors + r.timeouts + r.non2xx };
  console.log(
    `  ${title.padEnd(34)} ${m.rps.toFixed(0).padStart(7)} req/s   p99 ${String(m.p99).padStart(5)} ms   failures ${m.failures}`,
  );
  return m;
}
