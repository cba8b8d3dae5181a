import type { QueueCounts } from '@brushline/shared/ops/schemas';
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Db, DbOrTx } from '../db/client.ts';
import type { OutageWatch } from './outage.ts';
import { sqlExecutor } from './job-sql.ts';

/**
 * The job queue (docs/decisions/0021-job-queue.md): work that must happen later or again (timers
 * of an order, retries) is a row in the app's own PostgreSQL, run by pg-boss. It works the same
 * on both databases: pg-boss reaches PostgreSQL through `executeSql`, which this file answers with
 * the app's own connection (the node-postgres pool, or the embedded PGlite), so pg-boss opens no
 * connection of its own and needs no TCP server. Its tables live in their own schema (`pgboss`),
 * created and migrated by pg-boss when the queue starts.
 *
 * Several instances share the queue: a job is taken by one of them (pg-boss's `FOR UPDATE SKIP
 * LOCKED`), retried with backoff when its handler throws, and kept as failed (and copied to the
 * dead-letter queue) when its tries are used up. A handler whose effect is written in a transaction
 * completes its job in that same transaction (`job.completeIn(tx)`), so the effect and the job's
 * end commit together: a crash between them can neither lose the effect nor repeat it.
 */

/** One job as its handler gets it. */
export interface Job<T> {
  id: string;
  queue: string;
  data: T;
  /** Marks the job completed inside `db` (the handler's transaction): done exactly when that commits. */
  completeIn: (db: DbOrTx) => Promise<void>;
}

/** A queue and what runs its jobs. */
export interface QueueSpec<T> {
  name: string;
  /** Runs one job; a throw retries it (with backoff) until its tries are used up, then it fails. */
  handler: (job: Job<T>) => Promise<void>;
  /** Tries after the first (default 5); then the job is failed and copied to the dead-letter queue. */
  retryLimit?: number;
  /** Seconds before the first retry, doubled (with jitter) for each next one (default 30). */
  retryDelaySeconds?: number;
  /**
   * pg-boss's queue policy. 'short': at most one waiting job per singleton key (a second send with
   * the key of a job that has not started yet is dropped); every send must then name a key.
   */
  policy?: 'standard' | 'short';
  /**
   * A recurring queue: one job per period of this many milliseconds (rounded to whole seconds, at
   * least 1), whichever instances run. Each instance's poller offers the period's job; pg-boss keeps
   * one per period (its singletonSeconds slot, from the database's clock), and one instance runs it.
   * Retries default to none: the next period's job is the retry.
   */
  everyMs?: number;
}

export interface SendOptions {
  /** Not before this time (default: now). */
  startAfter?: Date;
  /** With a 'short' queue: a job with this key already waiting makes this send do nothing. */
  singletonKey?: string;
}

/** Counts per queue, for the staff (GET /api/admin/jobs). */
export type { QueueCounts } from '@brushline/shared/ops/schemas';

export interface JobQueue {
  /** Adds a queue and its handler; before start() or while running. */
  define<T extends object>(spec: QueueSpec<T>): Promise<void>;
  /** Creates or migrates pg-boss's schema, creates the queues and starts polling them. */
  start(): Promise<void>;
  /** Stops polling and waits for the jobs running on this instance; the database stays open. */
  stop(): Promise<void>;
  /**
   * Adds a job, inside `db` when it is a transaction (the job exists exactly when the transaction
   * commits). Answers its id, or null when a waiting job with the same singleton key made it a no-op.
   */
  send<T extends object>(db: DbOrTx, queue: string, data: T, opts?: SendOptions): Promise<string | null>;
  /** Takes and runs what is due now on this instance, until nothing is; answers how many ran. */
  drain(queue: string): Promise<number>;
  /** Counts per queue (every defined queue and the dead-letter queue, zeros included). */
  counts(): Promise<QueueCounts[]>;
}

/** Where failed jobs are copied once their tries are used up. Nothing takes them: staff read them. */
export const DEAD_LETTER_QUEUE = 'dead-letter';

export interface JobQueueOptions {
  db: Db;
  log: FastifyBaseLogger;
  /** Reports database outages (logged once per outage); other errors are logged here. */
  dbWatch?: OutageWatch;
  /** How often each queue is looked at when idle (default 2000 ms; tests shorten it). */
  pollMs?: number;
  /** Jobs taken at once per queue (default 5). */
  batchSize?: number;
}

const abortableSleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done);
  });

export function createJobQueue(opts: JobQueueOptions): JobQueue {
  const { log } = opts;
  const pollMs = opts.pollMs ?? 2000;
  const batchSize = opts.batchSize ?? 5;
  const boss = new PgBoss({
    db: sqlExecutor(opts.db),
    // Timers are sent with their time (startAfter); no cron, so no clock-skew and cron pollers.
    schedule: false,
    // Maintenance (on one instance at a time): jobs active past their expiry (an instance died
    // while running them) are failed and so retried; finished ones are archived.
    supervise: true,
    // Failed jobs stay in the job table, visible in the counts, for 30 days.
    archiveFailedAfterSeconds: 30 * 86_400,
  });
  const report = (err: unknown, what: string) => {
    if (!opts.dbWatch?.report(err)) log.error({ err }, what);
  };
  boss.on('error', (err) => report(err, 'job queue: maintenance failed'));

  const specs = new Map<string, QueueSpec<object>>();
  let state: 'idle' | 'running' | 'stopped' = 'idle';
  const stopping = new AbortController();
  const loops: Promise<void>[] = [];

  async function createQueue(spec: QueueSpec<object>) {
    const options = {
      name: spec.name,
      policy: spec.policy ?? 'standard',
      retryLimit: spec.retryLimit ?? (spec.everyMs === undefined ? 5 : 0),
      retryDelay: spec.retryDelaySeconds ?? 30,
      retryBackoff: true,
      deadLetter: DEAD_LETTER_QUEUE,
    } as const;
    await boss.createQueue(spec.name, options);
    // A queue made by an older version keeps its options unless told again.
    await boss.updateQueue(spec.name, options);
  }

  /** Each recurring queue's last period offered by this instance. */
  const offered = new Map<string, number>();
  const periodSeconds = (everyMs: number) => Math.max(1, Math.round(everyMs / 1000));

  /** A recurring queue: offers this period's job unless this instance already did. */
  async function offerPeriod(spec: QueueSpec<object>) {
    if (spec.everyMs === undefined) return;
    const seconds = periodSeconds(spec.everyMs);
    const period = Math.floor(Date.now() / 1000 / seconds);
    if (offered.get(spec.name) === period) return;
    // Another instance's offer of the same slot makes this one do nothing (ON CONFLICT DO NOTHING).
    await boss.send(spec.name, {}, { singletonSeconds: seconds });
    offered.set(spec.name, period);
  }

  /** Runs one batch of `spec`'s due jobs; answers how many it took. */
  async function runBatch(spec: QueueSpec<object>): Promise<number> {
    await offerPeriod(spec);
    const jobs = await boss.fetch<object>(spec.name, { batchSize });
    for (const job of jobs) {
      try {
        await spec.handler({
          id: job.id,
          queue: spec.name,
          data: job.data,
          completeIn: async (db) => {
            // pg-boss's complete() takes (name, id, output, options) whatever its types say.
            await boss.complete(spec.name, job.id, {}, { db: sqlExecutor(db) });
          },
        });
        await boss.complete(spec.name, job.id);
      } catch (err) {
        log.warn(
          { err, queue: spec.name, jobId: job.id },
          'job failed; it is retried until its tries are used up',
        );
        try {
          await boss.fail(
            spec.name,
            job.id,
            err instanceof Error ? { message: err.message } : { message: String(err) },
          );
        } catch (failErr) {
          // Left active: maintenance fails it once its expiry passes, and it is retried then.
          report(failErr, 'job queue: could not record a failed job');
        }
      }
    }
    return jobs.length;
  }

  async function poll(spec: QueueSpec<object>) {
    const idleMs = spec.everyMs === undefined ? pollMs : Math.min(pollMs, spec.everyMs);
    while (!stopping.signal.aborted) {
      let took = 0;
      try {
        took = await runBatch(spec);
      } catch (err) {
        report(err, 'job queue: polling failed');
      }
      // A full batch: look again at once, there may be more.
      if (took < batchSize) await abortableSleep(idleMs, stopping.signal);
    }
  }

  const startPolling = (spec: QueueSpec<object>) => {
    loops.push(poll(spec));
  };

  return {
    async define(spec) {
      if (specs.has(spec.name)) throw new Error(`jobs: queue ${spec.name} is defined twice`);
      specs.set(spec.name, spec as QueueSpec<object>);
      if (state === 'running') {
        await createQueue(spec as QueueSpec<object>);
        startPolling(spec as QueueSpec<object>);
      }
    },
    async start() {
      if (state !== 'idle') return;
      await boss.start();
      await boss.createQueue(DEAD_LETTER_QUEUE);
      for (const spec of specs.values()) await createQueue(spec);
      state = 'running';
      for (const spec of specs.values()) startPolling(spec);
    },
    async stop() {
      if (state !== 'running') {
        state = 'stopped';
        return;
      }
      state = 'stopped';
      stopping.abort();
      // The loops finish the job in hand (they check between jobs and batches), then end.
      await Promise.all(loops);
      await boss.stop({ graceful: false, close: false, wait: true });
    },
    async send(db, queue, data, sendOpts = {}) {
      return boss.send(queue, data, {
        db: sqlExecutor(db),
        ...(sendOpts.startAfter ? { startAfter: sendOpts.startAfter } : {}),
        ...(sendOpts.singletonKey ? { singletonKey: sendOpts.singletonKey } : {}),
      });
    },
    async drain(queue) {
      const spec = specs.get(queue);
      if (!spec) throw new Error(`jobs: no queue ${queue}`);
      let ran = 0;
      for (let took = await runBatch(spec); took > 0; took = await runBatch(spec)) ran += took;
      return ran;
    },
    async counts() {
      // countStates is pg-boss's own (its monitor uses it) though its types leave it out.
      const states = await (
        boss as unknown as { countStates(): Promise<PgBoss.MonitorStates> }
      ).countStates();
      const names = [...specs.keys(), DEAD_LETTER_QUEUE];
      return names.map((name) => {
        const q = states.queues[name];
        return {
          name,
          waiting: (q?.created ?? 0) + (q?.retry ?? 0),
          retrying: q?.retry ?? 0,
          active: q?.active ?? 0,
          completed: q?.completed ?? 0,
          failed: q?.failed ?? 0,
        };
      });
    },
  };
}
