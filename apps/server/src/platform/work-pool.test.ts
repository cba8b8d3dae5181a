import { describe, expect, it } from 'vitest';
import { createWorkPool, ownerShare, type WorkPool } from './work-pool.ts';

const BIG = 100;
const SMALL = 1;

/** A fake job: starts when the pool runs it, finishes when the test says so. */
interface Fake {
  name: string;
  started: boolean;
  finish: () => Promise<void>;
  done: Promise<string>;
}

function harness(size: number) {
  const pool: WorkPool = createWorkPool({ size, smallCost: SMALL });
  const order: string[] = [];
  const submit = (owner: string, cost: number, name = `${owner}${order.length}`): Fake => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const fake: Fake = {
      name,
      started: false,
      finish: async () => {
        release();
        await fake.done;
        // Let the pool hand the freed slot on (its .finally runs after the job's own promise).
        await new Promise((resolve) => setImmediate(resolve));
      },
      done: pool.run(owner, cost, async () => {
        fake.started = true;
        order.push(name);
        await gate;
        return name;
      }),
    };
    return fake;
  };
  const settle = () => new Promise((resolve) => setImmediate(resolve));
  return { pool, order, submit, settle };
}

describe('work pool: bounded and fair', () => {
  it('never runs more big jobs than its size, and runs the rest as slots free', async () => {
    const { pool, submit, settle } = harness(4);
    const jobs = ['a', 'b', 'c', 'd', 'e', 'f'].map((owner) => submit(owner, BIG));
    await settle();
    expect(pool.stats()).toEqual({ running: 4, express: 0, queued: 2 });
    expect(jobs.filter((j) => j.started).map((j) => j.name)).toEqual(['a0', 'b0', 'c0', 'd0']);
    await jobs[0]!.finish();
    expect(pool.stats()).toEqual({ running: 4, express: 0, queued: 1 });
    expect(jobs[4]!.started).toBe(true);
    for (const j of jobs) await j.finish();
    expect(pool.stats()).toEqual({ running: 0, express: 0, queued: 0 });
  });

  it("never lets one user's queue take every slot", async () => {
    for (const size of [2, 3, 4, 8]) {
      const { pool, submit, settle } = harness(size);
      const jobs = Array.from({ length: 10 }, () => submit('greedy', BIG));
      await settle();
      expect(pool.stats().running).toBe(ownerShare(size));
      expect(ownerShare(size)).toBeLessThan(size);
      // The free slots are there for anyone else at once.
      const other = submit('other', BIG);
      await settle();
      expect(other.started).toBe(true);
      for (const j of [...jobs, other]) j.finish().catch(() => undefined);
    }
  });

  it('gives a freed slot to a user with nothing running before a user with several', async () => {
    const { order, submit, settle } = harness(4);
    // greedy holds its share (2) and queues 4 more; busy holds the other 2 slots and queues one more
    // before the newcomer arrives (first come, first served would run busy2 next).
    const greedy = Array.from({ length: 6 }, (_, i) => submit('greedy', BIG, `greedy${i}`));
    const busy = Array.from({ length: 3 }, (_, i) => submit('busy', BIG, `busy${i}`));
    await settle();
    const newcomer = submit('newcomer', BIG, 'newcomer');
    await settle();
    expect(newcomer.started).toBe(false);
    // A slot of busy frees: greedy (2 running) and busy (1) wait behind the newcomer (0).
    await busy[0]!.finish();
    expect(newcomer.started).toBe(true);
    expect(busy[2]!.started).toBe(false);
    expect(order).toEqual(['greedy0', 'greedy1', 'busy0', 'busy1', 'newcomer']);
    for (const j of [...greedy, ...busy, newcomer]) j.finish().catch(() => undefined);
  });

  it('takes waiting users in turn (round-robin), not first come first served', async () => {
    const { order, submit, settle } = harness(2);
    const jobs = [
      ...Array.from({ length: 3 }, (_, i) => submit('ann', BIG, `ann${i}`)),
      ...Array.from({ length: 3 }, (_, i) => submit('bob', BIG, `bob${i}`)),
      submit('cat', BIG, 'cat0'),
    ];
    await settle();
    for (const j of jobs) {
      if (j.started) await j.finish();
    }
    // Finish whatever runs, one at a time, until all ran.
    while (order.length < jobs.length) {
      const running = jobs.filter((j) => j.started);
      for (const j of running) await j.finish();
    }
    expect(order.slice(0, 4)).toEqual(['ann0', 'bob0', 'cat0', 'ann1']);
    expect(order.slice(4).sort()).toEqual(['ann2', 'bob1', 'bob2']);
  });

  it('starts a small job at once while big ones fill the pool and more wait', async () => {
    const { pool, submit, settle } = harness(2);
    const big = ['a', 'b', 'c', 'd'].flatMap((owner) => [submit(owner, BIG), submit(owner, BIG)]);
    await settle();
    expect(pool.stats()).toEqual({ running: 2, express: 0, queued: 6 });
    const tiny = submit('tiny', SMALL, 'tiny');
    await settle();
    expect(tiny.started).toBe(true);
    expect(pool.stats().express).toBe(1);
    await tiny.finish();
    // The express slot takes small jobs only: the big queue did not move.
    expect(pool.stats()).toEqual({ running: 2, express: 0, queued: 6 });
    // A user's own small upload does not wait behind their own big one either.
    const ownSmall = submit('a', SMALL, 'a-small');
    await settle();
    expect(ownSmall.started).toBe(true);
    for (const j of [...big, ownSmall]) j.finish().catch(() => undefined);
  });

  it('hands on the slot of a failed job and passes its error to the caller', async () => {
    const pool = createWorkPool({ size: 1, smallCost: SMALL });
    const failing = pool.run('ann', BIG, () => Promise.reject(new Error('broken image')));
    const next = pool.run('ann', BIG, () => Promise.resolve('next ran'));
    await expect(failing).rejects.toThrow('broken image');
    await expect(next).resolves.toBe('next ran');
    expect(pool.stats()).toEqual({ running: 0, express: 0, queued: 0 });
  });
});

describe('waits', () => {
  it('tells how long each job waited for its slot', async () => {
    const waits: number[] = [];
    const pool = createWorkPool({ size: 1, smallCost: SMALL, onStart: (s) => waits.push(s) });
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    // Two big jobs of different owners, one general slot: the second waits for the first.
    await Promise.all([pool.run('a', BIG, () => sleep(60)), pool.run('b', BIG, () => sleep(1))]);
    expect(waits).toHaveLength(2);
    expect(waits[0]).toBeLessThan(0.03);
    expect(waits[1]).toBeGreaterThanOrEqual(0.05);
  });
});
