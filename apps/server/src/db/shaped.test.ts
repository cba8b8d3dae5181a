import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { executeShaped } from './client.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('executeShaped', () => {
  it('builds a shape once and sends each call its own values', async () => {
    const run = (n: number) =>
      executeShaped<{ n: number }>(
        t.app.deps.db,
        'shaped-test-ok',
        () => sql`select ${sql.placeholder('n')}::int as n`,
        {
          n,
        },
      );
    expect(await run(1)).toEqual([{ n: 1 }]);
    expect(await run(2)).toEqual([{ n: 2 }]);
  });

  it('refuses, under test, a value written into the shape instead of a placeholder', async () => {
    const run = (n: number) =>
      executeShaped<{ n: number }>(
        t.app.deps.db,
        'shaped-test-literal',
        () => sql`select ${n}::int as n`,
        {},
      );
    expect(await run(1)).toEqual([{ n: 1 }]);
    await expect(run(2)).rejects.toThrow("executeShaped 'shaped-test-literal': a value is not a placeholder");
  });
});
