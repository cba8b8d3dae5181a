import { join } from 'node:path';
import { loadConfig, type Config } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { runMigrations } from '../db/migrate.ts';

/** The database the server would use, migrated: for the command-line tools. */
export async function openConfiguredDatabase(config: Config = loadConfig()) {
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: join(config.DATA_DIR, 'db') });
  await runMigrations(database);
  return database;
}
