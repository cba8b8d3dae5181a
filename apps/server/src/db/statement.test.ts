import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { runStatement } from './client.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('runStatement', () => {
  it('runs drizzle SQL with its values, the same text again with other values', async () => {
    const run = (n: number) => runStatement<{ n: number }>(t.app.deps.db, sql`select ${n}::int as n`);
    expect(await run(1)).toEqual([{ n: 1 }]);
    expect(await run(2)).toEqual([{ n: 2 }]);
    // The generic-plan connections (PostgreSQL) answer the same.
    expect(
      await runStatement<{ n: number }>(t.app.deps.db, sql`select ${3}::int as n`, { plan: 'generic' }),
    ).toEqual([{ n: 3 }]);
  });

  it('builds a shape once and sends each run its own values', async () => {
    const run = (n: number) =>
      runStatement<{ n: number }>(
        t.app.deps.db,
        { shape: 'statement-test-ok', build: () => sql`select ${sql.placeholder('n')}::int as n` },
        { values: { n } },
      );
    expect(await run(1)).toEqual([{ n: 1 }]);
    expect(await run(2)).toEqual([{ n: 2 }]);
  });

  it('refuses a value written into the shape instead of a placeholder', async () => {
    const run = (n: number) =>
      runStatement<{ n: number }>(t.app.deps.db, {
        shape: 'statement-test-literal',
        build: () => sql`select ${n}::int as n`,
      });
    expect(await run(1)).toEqual([{ n: 1 }]);
    await expect(run(2)).rejects.toThrow("statement 'statement-test-literal': a value is not a placeholder");
  });

  it('runs inside a transaction on its connection: a rollback takes its write back', async () => {
    await t.app.deps.db.execute(sql`create table statement_probe (v int not null)`);
    try {
      await expect(
        t.app.deps.db.transaction(async (tx) => {
          const rows = await runStatement<{ v: number }>(
            tx,
            sql`insert into statement_probe (v) values (${7}) returning v`,
          );
          expect(rows).toEqual([{ v: 7 }]);
          expect(await runStatement(tx, sql`select v from statement_probe`)).toEqual([{ v: 7 }]);
          throw new Error('roll back');
        }),
      ).rejects.toThrow('roll back');
      expect(await runStatement(t.app.deps.db, sql`select v from statement_probe`)).toEqual([]);
    } finally {
      await t.app.deps.db.execute(sql`drop table statement_probe`);
    }
  });

  it('gives timestamps as drizzle’s db.execute does, on every driver', async () => {
    const [viaRunner] = await runStatement<{ at: unknown }>(
      t.app.deps.db,
      sql`select ${'2026-01-02T03:04:05.678Z'}::timestamptz as at`,
    );
    const {
      rows: [viaExecute],
    } = await t.app.deps.db.execute<{ at: unknown }>(
      sql`select ${'2026-01-02T03:04:05.678Z'}::timestamptz as at`,
    );
    expect(viaRunner!.at).toEqual(viaExecute!.at);
  });

  it.runIf(process.env.DATABASE_URL)(
    'on PostgreSQL, runs as a named prepared statement of its connection',
    async () => {
      const names = await t.app.deps.db.transaction(async (tx) => {
        await runStatement(tx, sql`select ${1}::int as statement_test_named`);
        return runStatement<{ name: string; statement: string }>(
          tx,
          sql`select name, statement from pg_prepared_statements where statement like ${'%statement_test_named%'}`,
        );
      });
      expect(names.map((r) => r.name)).toEqual([expect.stringMatching(/^brushline_\d+$/)]);
    },
  );
});
