import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import { createTestApp, pgliteReuse, registerUser } from './harness.ts';
import { uploadImage } from './media-fixtures.ts';
import { localMediaFiles } from './s3-server.ts';

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

// `npm run test:s3` runs the media suites with TEST_MEDIA_STORAGE=s3: this proves they really do.
describe('the test harness media store', () => {
  it("puts a test app's media in a bucket of its own with TEST_MEDIA_STORAGE=s3, else under its DATA_DIR", async () => {
    const onS3 = process.env.TEST_MEDIA_STORAGE === 's3';
    expect(!!inject('s3Endpoint')).toBe(onS3);
    const t = await createTestApp();
    try {
      expect(t.app.deps.config.MEDIA_STORAGE).toBe(onS3 ? 's3' : 'local');
      const ann = await registerUser(t.app, t.dataDir);
      await uploadImage(t.app, ann.cookie);
      expect(await t.storedFiles()).toHaveLength(2);
      expect(await localMediaFiles(t.dataDir)).toHaveLength(onS3 ? 0 : 2);
    } finally {
      await t.close();
    }
  });
});
