/**
 * A bounded pool for CPU-heavy work (image re-encoding, docs/decisions/0011-hardening.md) that
 * shares its slots fairly between owners (users) and keeps cheap jobs from waiting behind heavy ones.
 *
 * - `size` general slots run any job. One owner holds at most `share` of them (half the pool,
 *   at least one), so one user's queue can never fill every slot.
 * - When a slot frees, the owner with the fewest running jobs goes next (a user with nothing running
 *   before a user with several), ties to whoever was served longest ago (round-robin); within an owner, small jobs before big ones,
 *   otherwise first come, first served.
 * - One more express slot runs only small jobs (cost ≤ `smallCost`): however many big jobs are
 *   running or queued, a small one waits at most behind other small ones. It ignores the per-owner
 *   share, so a user's own small upload does not wait behind their own big one either.
 *
 * Jobs run on libuv's thread pool (sharp), so `size + 1` must stay below its size (UV_THREADPOOL_SIZE,
 * 4 by default) for the express slot to find a free thread: config.ts checks that.
 */
export interface WorkPool {
  /** Runs `job` when the owner's turn comes; resolves or rejects with it. */
  run<T>(owner: string, cost: number, job: () => Promise<T>): Promise<T>;
  /** Jobs running and waiting now (tests, logs). */
  stats(): { running: number; express: number; queued: number };
}

export interface WorkPoolOptions {
  size: number;
  /** Jobs of at most this cost may use the express slot. */
  smallCost: number;
  /** Told how long each job waited for its slot, in seconds (metrics: image-pool waits). */
  onStart?: (waitedSeconds: number) => void;
}

interface Job {
  owner: string;
  small: boolean;
  start: (slot: Slot) => void;
}

type Slot = 'general' | 'express';

export const EXPRESS_SLOTS = 1;

/** How many general slots one owner may hold in a pool of `size`. */
export const ownerShare = (size: number) => Math.max(1, Math.ceil(size / 2));

/** Lexicographic order of two sort keys. */
function before(a: number[], b: number[]): boolean {
  for (let i = 0; i < a.length; i += 1) if (a[i] !== b[i]) return a[i]! < b[i]!;
  return false;
}

export function createWorkPool(opts: WorkPoolOptions): WorkPool {
  if (!Number.isInteger(opts.size) || opts.size < 1) throw new Error('work pool size must be at least 1');
  const share = ownerShare(opts.size);
  let general = 0;
  let express = 0;
  /** Each owner's waiting jobs, oldest first. */
  const queues = new Map<string, Job[]>();
  const running = new Map<string, number>();
  const runningOf = (owner: string) => running.get(owner) ?? 0;

  /** When each owner last had a job started (a counter): ties go to who waited longest. */
  const lastServed = new Map<string, number>();
  let served = 0;

  /** The next job for a general slot (`smallOnly` false) or the express slot, or null. */
  function pick(smallOnly: boolean): Job | null {
    let best: { owner: string; queue: Job[]; index: number; key: number[] } | null = null;
    for (const [owner, queue] of queues) {
      const n = runningOf(owner);
      if (!smallOnly && n >= share) continue;
      const small = queue.findIndex((j) => j.small);
      const index = smallOnly ? small : Math.max(small, 0);
      if (index < 0) continue;
      // Fewest running first; then a small job before a big one; then whoever was served longest ago.
      const key = [n, queue[index]!.small ? 0 : 1, lastServed.get(owner) ?? -1];
      if (!best || before(key, best.key)) best = { owner, queue, index, key };
    }
    if (!best) return null;
    const [job] = best.queue.splice(best.index, 1);
    if (best.queue.length === 0) queues.delete(best.owner);
    served += 1;
    lastServed.set(best.owner, served);
    return job!;
  }

  function dispatch() {
    for (
      let job = general < opts.size ? pick(false) : null;
      job;
      job = general < opts.size ? pick(false) : null
    )
      launch(job, 'general');
    for (
      let job = express < EXPRESS_SLOTS ? pick(true) : null;
      job;
      job = express < EXPRESS_SLOTS ? pick(true) : null
    )
      launch(job, 'express');
  }

  function launch(job: Job, slot: Slot) {
    if (slot === 'general') general += 1;
    else express += 1;
    running.set(job.owner, runningOf(job.owner) + 1);
    job.start(slot);
  }

  function release(owner: string, slot: Slot) {
    if (slot === 'general') general -= 1;
    else express -= 1;
    const n = runningOf(owner) - 1;
    if (n > 0) running.set(owner, n);
    else running.delete(owner);
    dispatch();
  }

  return {
    run(owner, cost, work) {
      return new Promise((resolve, reject) => {
        const queuedAt = performance.now();
        const job: Job = {
          owner,
          small: cost <= opts.smallCost,
          start: (slot) => {
            opts.onStart?.((performance.now() - queuedAt) / 1000);
            Promise.resolve()
              .then(work)
              .then(resolve, reject)
              .finally(() => release(owner, slot));
          },
        };
        const queue = queues.get(owner);
        if (queue) queue.push(job);
        else queues.set(owner, [job]);
        dispatch();
      });
    },
    stats: () => ({
      running: general + express,
      express,
      queued: [...queues.values()].reduce((n, q) => n + q.length, 0),
    }),
  };
}
