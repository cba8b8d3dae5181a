import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrationsFolder } from '../locations.ts';
import type { Database } from './client.ts';

/** Applies the committed drizzle-kit migrations with the migrator of the active driver. */
export async function runMigrations(database: Database): Promise<void> {
  if (database.kind === 'postgres') await migratePg(database.db, { migrationsFolder });
  else await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder });
}
