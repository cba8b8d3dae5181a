import type { CheckResult, ReadinessReport } from '@brushline/shared/ops/schemas';
import { ping, type Db } from '../db/client.ts';
import type { OutageWatch } from './outage.ts';
import type { RedisConnection } from './redis.ts';

/**
 * Readiness (GET /api/ready, docs/decisions/0027-observability.md): whether this instance should get
 * traffic now, dependency by dependency. `GET /api/health` stays the liveness check (the process
 * serves); a balancer or orchestrator takes an instance out of rotation while it is not ready, and
 * while it drains before a shutdown.
 *
 * The list of checks is open: buildApp adds the database and, with REDIS_URL, Redis; a media store
 * (the S3 bucket, with MEDIA_STORAGE=s3) is passed in by buildApp the same way, and the route
 * reports each without knowing it.
 */
export interface ReadinessCheck {
  /** Names the dependency in the answer: "database", "redis", "objectStore". */
  name: string;
  /**
   * Whether the instance is useless without it: a required check that fails makes the answer 503.
   * Redis is not required: without it the app serves, degraded (docs/decisions/0011-hardening.md).
   */
  required: boolean;
  /** Resolves when the dependency answers; rejects, or resolves false, when it does not. */
  check(): Promise<unknown>;
}

export type { CheckResult, ReadinessReport } from '@brushline/shared/ops/schemas';

export interface Readiness {
  /** Adds a dependency to every later report (a media store, when it is built). */
  add(check: ReadinessCheck): void;
  /** Runs every check at once; a check that answers nothing within the timeout counts as down. */
  report(): Promise<ReadinessReport>;
  /** From now on the instance reports "draining" (503): main.ts calls it when shutting down. */
  drain(): void;
  readonly draining: boolean;
}

/** A check that has not answered by then is down: a balancer's probe must not hang on it. */
export const READINESS_CHECK_TIMEOUT_MS = 2000;

async function run(check: ReadinessCheck, timeoutMs: number): Promise<CheckResult> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  let up: boolean;
  try {
    up = (await Promise.race([check.check(), timeout])) !== false;
  } catch {
    up = false;
  } finally {
    clearTimeout(timer);
  }
  return {
    name: check.name,
    required: check.required,
    state: up ? 'up' : 'down',
    latencyMs: Math.round((performance.now() - started) * 10) / 10,
  };
}

export function createReadiness(
  checks: ReadinessCheck[] = [],
  timeoutMs = READINESS_CHECK_TIMEOUT_MS,
): Readiness {
  const list = [...checks];
  let draining = false;
  return {
    add(check) {
      if (list.some((c) => c.name === check.name))
        throw new Error(`readiness: a check named ${check.name} exists`);
      list.push(check);
    },
    async report() {
      const results = await Promise.all(list.map((c) => run(c, timeoutMs)));
      const failed = results.some((r) => r.required && r.state === 'down');
      return { status: draining ? 'draining' : failed ? 'not_ready' : 'ready', checks: results };
    },
    drain() {
      draining = true;
    },
    get draining() {
      return draining;
    },
  };
}

/** The checks every installation has: the database, and Redis when REDIS_URL is set. */
export function coreChecks(opts: {
  db: Db;
  dbWatch: OutageWatch;
  redis: RedisConnection | undefined;
}): ReadinessCheck[] {
  const database: ReadinessCheck = {
    name: 'database',
    required: true,
    async check() {
      try {
        await ping(opts.db);
      } catch (err) {
        // The outage is logged once by the watch, as for any request that meets it.
        opts.dbWatch.report(err);
        throw err;
      }
      opts.dbWatch.recover();
    },
  };
  const { redis } = opts;
  if (!redis) return [database];
  return [database, { name: 'redis', required: false, check: () => redis.ping() }];
}
