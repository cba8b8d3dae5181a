import type PgBoss from 'pg-boss';
import type { DbOrTx } from '../db/client.ts';

type SqlClient = {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  /** PGlite only: several statements without parameters (node-postgres runs them through query). */
  exec?(text: string): Promise<{ rows: unknown[] }[]>;
};

/**
 * pg-boss's view of a drizzle database or transaction: its SQL runs on the same connection (the
 * pool, a transaction's client, PGlite or a PGlite transaction). pg-boss sends a few scripts of
 * several statements without parameters (its schema, its locked maintenance); PGlite runs those
 * with exec.
 */
export function sqlExecutor(db: DbOrTx): PgBoss.Db {
  const client = (db as unknown as { _: { session: { client: SqlClient } } })._.session.client;
  if (typeof client?.query !== 'function') throw new Error('jobs: the database has no client to run SQL on');
  return {
    async executeSql(text: string, values?: unknown[]) {
      if ((values && values.length > 0) || !client.exec) return client.query(text, values);
      const results = await client.exec(text);
      return results.at(-1) ?? { rows: [] };
    },
  };
}
