import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp, pgliteReuse } from './harness.ts';

// On PostgreSQL every file gets a database of its own from the template; only PGlite is reused.
describe.skipIf(!!process.env.DATABASE_URL)('the test harness on PGlite', () => {
  it('takes back a returned instance after a reset that empties every table, the ledger included, and turns its triggers back on', async () => {
    const first = await createTestApp();
    const db = first.app.deps.db;
    const artist = randomUUID();
    await db.transaction(async (tx) => {
      const [row] = (
        await tx.execute<{ id: number }>(
          sql`insert into ledger_transactions (form_id, kind, idempotency_key) values (1, 'payment', 'harness:1') returning id`,
        )
      ).rows;
      await tx.execute(sql`insert into ledger_entries (transaction_id, form_id, artist_id, account, amount_cents)
        values (${row!.id}, 1, ${artist}, 'buyer', -500), (${row!.id}, 1, ${artist}, 'artist', 500)`);
    });
    await first.close();

    const before = { reused: pgliteReuse.reused, failed: pgliteReuse.failed.length };
    const second = await createTestApp();
    try {
      expect(pgliteReuse.failed.slice(before.failed)).toEqual([]);
      expect(pgliteReuse.reused).toBe(before.reused + 1);
      const count = async (table: string) =>
        (await second.app.deps.db.execute<{ n: number }>(sql.raw(`select count(*)::int as n from ${table}`)))
          .rows[0]!.n;
      expect(await count('ledger_transactions')).toBe(0);
      expect(await count('ledger_entries')).toBe(0);
      // The reset's switch is undone: the ledger refuses a delete again.
      await expect(second.app.deps.db.execute(sql`delete from ledger_entries`)).rejects.toMatchObject({
        cause: { message: expect.stringMatching(/append-only/) },
      });
    } finally {
      await second.close();
    }
  });
});
