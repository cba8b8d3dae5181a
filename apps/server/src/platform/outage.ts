import type { FastifyBaseLogger } from 'fastify';

/**
 * One dependency's outages (the database, Redis), logged once when one starts and once when it
 * ends, however many requests meet it in between (docs/decisions/0011-hardening.md). While it is
 * down, `probe` (when given) is tried every `probeEveryMs`; the first success ends the outage.
 */
export interface OutageWatch {
  readonly down: boolean;
  /**
   * When `err` says the dependency is unreachable: marks the outage (logged if it starts now),
   * counts it and answers true; the caller then answers 503 and logs nothing itself.
   */
  report(err: unknown): boolean;
  /** Marks an outage that is known without an error in hand (e.g. a client's "close" event). */
  fail(reason: unknown): void;
  /** Marks the dependency back (logged if an outage was on). */
  recover(): void;
  close(): void;
}

export interface OutageWatchOptions {
  /** Names the dependency in the log lines ("database", "redis"). */
  name: string;
  log: FastifyBaseLogger;
  /** Whether an error means "unreachable" rather than a bug. */
  isOutage: (err: unknown) => boolean;
  /** What users get meanwhile, for the first log line ("requests answer 503 until it is back"). */
  meanwhile: string;
  probe?: () => Promise<unknown>;
  probeEveryMs?: number;
}

/** The error's own words, without a stack: one short line per outage. */
function summary(err: unknown): { message: string; code?: string } {
  const chain = causes(err);
  const inner = chain.at(-1) ?? err;
  const code = chain.map(codeOf).find((c) => c !== undefined);
  const message = inner instanceof Error ? inner.message : String(inner);
  return code ? { message, code } : { message };
}

const codeOf = (err: unknown): string | undefined =>
  err && typeof err === 'object' && 'code' in err && typeof err.code === 'string' ? err.code : undefined;

/** The error, its causes (drizzle wraps driver errors) and the parts of an AggregateError (dual-stack connects). */
export function causes(err: unknown): unknown[] {
  const out: unknown[] = [];
  const queue: unknown[] = [err];
  while (queue.length > 0 && out.length < 10) {
    const e = queue.shift();
    if (!e || typeof e !== 'object') continue;
    out.push(e);
    if ('cause' in e && e.cause) queue.push(e.cause);
    if (e instanceof AggregateError) queue.push(...(e.errors as unknown[]));
  }
  return out;
}

/** Socket-level failures: nothing answers, or the connection was cut. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ECONNABORTED',
]);

/**
 * PostgreSQL or PGlite cannot be reached: refused or cut connections, SQLSTATE class 08
 * (connection exception), 57P01–57P03 (shutdown, crash, cannot connect now), 53300 (too many
 * connections), a database that accepts no connections, the pool's connect timeout, a closed PGlite.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  return causes(err).some((e) => {
    const code = codeOf(e) ?? '';
    if (NETWORK_CODES.has(code) || code.startsWith('08')) return true;
    if (['57P01', '57P02', '57P03', '53300'].includes(code)) return true;
    const message = e instanceof Error ? e.message : '';
    if (code === '55000' && /not currently accepting connections/.test(message)) return true;
    return /^Connection terminated|timeout exceeded when trying to connect|connection error and is not queryable|^PGlite is closed/.test(
      message,
    );
  });
}

export function createOutageWatch(opts: OutageWatchOptions): OutageWatch {
  let down = false;
  let since = 0;
  let refused = 0;
  let timer: NodeJS.Timeout | undefined;
  let probing = false;

  const stopProbing = () => {
    clearInterval(timer);
    timer = undefined;
  };

  function fail(reason: unknown) {
    if (down) return;
    down = true;
    since = Date.now();
    refused = 0;
    opts.log.error({ [opts.name]: summary(reason) }, `${opts.name} unreachable: ${opts.meanwhile}`);
    const { probe } = opts;
    if (probe) {
      timer = setInterval(() => {
        if (probing) return;
        probing = true;
        probe()
          .then(
            () => recover(),
            () => undefined,
          )
          .finally(() => {
            probing = false;
          });
      }, opts.probeEveryMs ?? 1000);
      timer.unref();
    }
  }

  function recover() {
    if (!down) return;
    down = false;
    stopProbing();
    const seconds = Math.round((Date.now() - since) / 1000);
    opts.log.warn(
      { [opts.name]: { outageSeconds: seconds, refused } },
      `${opts.name} is back after ${seconds} s (${refused} requests met the outage)`,
    );
  }

  return {
    get down() {
      return down;
    },
    report(err) {
      if (!opts.isOutage(err)) return false;
      fail(err);
      refused += 1;
      return true;
    },
    fail,
    recover,
    close: stopProbing,
  };
}
