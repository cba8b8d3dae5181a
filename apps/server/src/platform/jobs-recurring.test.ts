import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeAll, twoInstances, type TestApp } from '../test/harness.ts';
import { DEAD_LETTER_QUEUE } from './jobs.ts';

/**
 * Recurring jobs (the e-mail flush): two servers of one deployment both offer each period's job,
 * and it runs once, on one of them. On PGlite the two share one embedded database; in the
 * PostgreSQL pass (DATABASE_URL) they are two connection pools.
 */
let a: TestApp;
let b: TestApp;
beforeAll(async () => {
  [a, b] = await twoInstances({ jobPollMs: 100 });
});
afterAll(() => closeAll(b, a));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function rowsOf(queue: string) {
  const result = await a.app.deps.db.execute<{ state: string; slot: string }>(
    sql`select state, singleton_on::text as slot from pgboss.job where name = ${queue}`,
  );
  return result.rows;
}

describe('a recurring queue on two instances', () => {
  it('runs once per period, whichever instance takes it', async () => {
    const runs: ('a' | 'b')[] = [];
    for (const [t, by] of [
      [a, 'a'],
      [b, 'b'],
    ] as const)
      await t.app.deps.jobs.define({
        name: 'test-every',
        everyMs: 1000,
        handler: async () => {
          runs.push(by);
        },
      });
    await sleep(3500);
    const rows = await rowsOf('test-every');
    // 3.5 s of 1 s periods: 3 to 5 periods touched (the first and last partly), one job each,
    // though both instances offered every one of them.
    expect(rows.length).toBeGreaterThanOrEqual(3);
    expect(rows.length).toBeLessThanOrEqual(5);
    expect(new Set(rows.map((r) => r.slot)).size).toBe(rows.length);
    const completed = rows.filter((r) => r.state === 'completed').length;
    expect(runs).toHaveLength(completed);
    expect(completed).toBeGreaterThanOrEqual(rows.length - 1);
  });

  it('fails a run that throws without retrying it, copies it to the dead letters, and runs the next period', async () => {
    let runs = 0;
    await a.app.deps.jobs.define({
      name: 'test-every-fails',
      everyMs: 1000,
      handler: async () => {
        runs += 1;
        throw new Error('mail server gone');
      },
    });
    await expect.poll(() => runs, { timeout: 10_000, interval: 100 }).toBeGreaterThanOrEqual(2);
    const counts = await a.app.deps.jobs.counts();
    const mine = counts.find((q) => q.name === 'test-every-fails')!;
    expect(mine.failed).toBeGreaterThanOrEqual(1);
    expect(mine.retrying).toBe(0);
    expect(counts.find((q) => q.name === DEAD_LETTER_QUEUE)!.waiting).toBeGreaterThanOrEqual(1);
  });
});
