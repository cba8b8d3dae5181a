import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema/users.ts';
import { PERSONAL_TABLES } from './account.repo.ts';

/**
 * Deletion and export must know every table that points at a person (decision 0024): a table added
 * with a foreign key to users, and not placed in PERSONAL_TABLES, fails here. A cascading key
 * there would otherwise take the other side's copy with it, or leave the person's rows behind.
 */
const schemaDir = fileURLToPath(new URL('../../db/schema/', import.meta.url));

async function tablesPointingAtUsers(): Promise<string[]> {
  const found = new Set<string>(['users']);
  for (const file of readdirSync(schemaDir).filter((f) => f.endsWith('.ts'))) {
    const mod = (await import(`${schemaDir}${file}`)) as Record<string, unknown>;
    for (const value of Object.values(mod)) {
      if (!is(value, PgTable)) continue;
      const config = getTableConfig(value);
      if (config.foreignKeys.some((fk) => fk.reference().foreignTable === users)) found.add(config.name);
    }
  }
  return [...found].sort();
}

describe('where a person’s data lives', () => {
  it('names every table with a foreign key to users, and no other', async () => {
    expect(Object.keys(PERSONAL_TABLES).sort()).toEqual(await tablesPointingAtUsers());
  });
});
