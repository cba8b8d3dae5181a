import { mkdirSync } from 'node:fs';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { fillPlaceholders, Placeholder, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import * as authSchema from './schema/auth.ts';
import * as boardSchema from './schema/board.ts';
import * as cardsSchema from './schema/cards.ts';
import * as chatSchema from './schema/chat.ts';
import * as emailSchema from './schema/email.ts';
import * as mediaSchema from './schema/media.ts';
import * as notificationsSchema from './schema/notifications.ts';
import * as ordersSchema from './schema/orders.ts';
import * as postsSchema from './schema/posts.ts';
import * as requestsSchema from './schema/requests.ts';
import * as socialsSchema from './schema/socials.ts';
import * as tagsSchema from './schema/tags.ts';
import * as usersSchema from './schema/users.ts';

export const schema = {
  ...usersSchema,
  ...authSchema,
  ...mediaSchema,
  ...postsSchema,
  ...notificationsSchema,
  ...socialsSchema,
  ...cardsSchema,
  ...ordersSchema,
  ...emailSchema,
  ...boardSchema,
  ...tagsSchema,
  ...chatSchema,
  ...requestsSchema,
};

/**
 * One Drizzle type for both drivers. The PGlite and node-postgres databases share the query API;
 * only their result-type parameter differs, so the PGlite one is viewed through the pg type.
 */
export type Db = NodePgDatabase<typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** Real PostgreSQL when set. */
  url?: string;
  /** PGlite data directory; in memory when neither this nor `pglite` is given. */
  dataDir?: string;
  /** A ready PGlite instance (tests load a migrated template into one). */
  pglite?: PGlite;
}

/**
 * Options every PGlite instance is made with: the extensions the migrations create (pg_trgm for
 * tag search, decision 0015). Tests and tools that make their own PGlite pass these too.
 */
export const pgliteOptions = (extra: PGliteOptions = {}): PGliteOptions => ({
  ...extra,
  extensions: { pg_trgm, ...extra.extensions },
});

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.url) {
    // A server that does not answer must not hold requests forever: after 5 s the request gets a 503
    // (platform/outage.ts) instead of waiting for a connection.
    // No JIT: it compiles any query whose estimated cost passes jit_above_cost, and a list whose
    // page stops early (an ordered index scan under a LIMIT) is estimated at its full scan, so a
    // 5 ms query paid 60–90 ms of compiling (decision 0017, "Speed").
    // Idle connections stay 5 minutes (pg's default is 10 s): a new one costs a backend start and,
    // in it, cold catalog caches and first plans (40–50 ms for the chat's send), so after every
    // lull of 10 s the next burst of users waited for ten of them (decision 0016, "Speed").
    const pool = new pg.Pool({
      connectionString: opts.url,
      max: 10,
      idleTimeoutMillis: 300_000,
      connectionTimeoutMillis: 5000,
      options: '-c jit=off',
    });
    // An idle connection dropped by the server (restart, or a test's forced drop) must not crash
    // the process; the pool replaces it on the next query.
    pool.on('error', () => {});
    const db = drizzlePg({ client: pool, schema });
    await db.execute(sql`select 1`);
    // A few connections that plan each prepared statement once for any parameters (executeCached).
    // Idle 5 minutes too: each new one plans every statement again (the autocomplete's 10–14 ms).
    const generic = new pg.Pool({
      connectionString: opts.url,
      max: 4,
      idleTimeoutMillis: 300_000,
      connectionTimeoutMillis: 5000,
      options: '-c plan_cache_mode=force_generic_plan -c jit=off',
    });
    generic.on('error', () => {});
    genericPools.set(db, generic);
    mainPools.set(db, pool);
    return {
      db,
      kind: 'postgres',
      close: async () => {
        await Promise.all([pool.end(), generic.end()]);
      },
    };
  }
  let client = opts.pglite;
  if (!client) {
    if (opts.dataDir) mkdirSync(opts.dataDir, { recursive: true });
    client = await PGlite.create(pgliteOptions(opts.dataDir ? { dataDir: opts.dataDir } : {}));
  }
  const pgl = client;
  const db = drizzlePglite({ client: pgl, schema }) as unknown as Db;
  return { db, kind: 'pglite', close: () => pgl.close() };
}

export async function ping(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}

const dialect = new PgDialect();
/** Per PostgreSQL database: the pool whose connections always use generic plans. */
const genericPools = new WeakMap<object, pg.Pool>();
const statementNames = new Map<string, string>();
/** Past this many texts, further ones run unprepared (each connection keeps every one it saw). */
const STATEMENTS_MAX = 200;

/** The name a text is prepared under, the same on every connection; undefined past the cap. */
function statementName(text: string): string | undefined {
  let name = statementNames.get(text);
  if (!name && statementNames.size < STATEMENTS_MAX) {
    name = `brushline_${statementNames.size + 1}`;
    statementNames.set(text, name);
  }
  return name;
}

/**
 * Runs `query` as a named prepared statement with a generic plan on PostgreSQL: each of a few
 * connections parses and plans its text once, then only binds parameters. For hot read queries
 * whose text depends on a few flags, not on the values, and whose plan suits any value (the tag
 * autocomplete, whose planning cost more than its execution: decision 0015). These connections are
 * their own small pool, so the other prepared statements keep PostgreSQL's own choice of plans.
 * PGlite (in process) and transactions run it as `db.execute` does.
 */
export async function executeCached<T extends Record<string, unknown>>(db: DbOrTx, query: SQL): Promise<T[]> {
  const pool = genericPools.get(db);
  if (!pool) return (await db.execute<T>(query)).rows as T[];
  const { sql: text, params } = dialect.sqlToQuery(query);
  const name = statementName(text);
  return (await pool.query<T>(name ? { name, text, values: params } : { text, values: params })).rows;
}

/** Per PostgreSQL database: the app's main pool, for executePrepared. */
const mainPools = new WeakMap<object, pg.Pool>();

/**
 * Runs `query` as a named prepared statement on the main pool: each connection parses and plans
 * its text once, then PostgreSQL's plan cache decides (custom plans first, a generic one when it
 * is no worse). For hot writes whose text is long and fixed (a chat message's one statement:
 * planning its CTEs cost 3 ms of its 4, decision 0016). PGlite and transactions run it as
 * `db.execute` does.
 */
export async function executePrepared<T extends Record<string, unknown>>(
  db: DbOrTx,
  query: SQL,
): Promise<T[]> {
  const pool = mainPools.get(db);
  if (!pool) return (await db.execute<T>(query)).rows as T[];
  const { sql: text, params } = dialect.sqlToQuery(query);
  const name = statementName(text);
  return (await pool.query<T>(name ? { name, text, values: params } : { text, values: params })).rows;
}

/** Query texts built by executeShaped, by their caller's shape key. */
const shapes = new Map<string, { text: string; params: unknown[] }>();
/** Past this many shapes, further ones are built per call (and run unprepared past STATEMENTS_MAX). */
const SHAPES_MAX = 500;

/**
 * Runs a query whose text depends only on `key` (the caller's flags: which filters are present,
 * which of the reader's tag sets are empty): `build` writes it once with `sql.placeholder(name)`
 * for every value, later calls only fill `values` in (no drizzle composition per request, the
 * 12.5% of a gallery miss: decision 0017). On PostgreSQL it runs as executePrepared does (a named
 * statement on the main pool, PostgreSQL's plan cache choosing custom or generic plans); PGlite and
 * transactions run the same text with the same parameters on their own connection.
 */
export async function executeShaped<T extends Record<string, unknown>>(
  db: DbOrTx,
  key: string,
  build: () => SQL,
  values: Record<string, unknown>,
  opts: {
    /**
     * Run on the generic-plan connections (executeCached's): for a shape whose plan suits any
     * value, so PostgreSQL stops planning it again on every call. Its plan cache keeps custom
     * plans when the generic plan's estimate is higher, as a list page's is (an ordered scan that
     * stops early is estimated at its full length): 0.6 ms of planning each time (decision 0017).
     */
    generic?: boolean;
  } = {},
): Promise<T[]> {
  let shape = shapes.get(key);
  if (!shape) {
    const q = dialect.sqlToQuery(build());
    shape = { text: q.sql, params: q.params };
    if (shapes.size < SHAPES_MAX) shapes.set(key, shape);
  } else if (process.env.VITEST) {
    // Under test, every call checks that its text and every non-placeholder value are the ones
    // kept for the key: a value written into `build` instead of a placeholder would otherwise be
    // sent again with the next reader's query (someone else's id, filters or tags).
    const again = dialect.sqlToQuery(build());
    const literal = (p: unknown) => (p instanceof Placeholder ? `$${p.name}` : JSON.stringify(p));
    if (again.sql !== shape.text || again.params.map(literal).join() !== shape.params.map(literal).join()) {
      throw new Error(`executeShaped '${key}': a value is not a placeholder (text or literals differ)`);
    }
  }
  const { text } = shape;
  const params = fillPlaceholders(shape.params, values);
  const pool = (opts.generic ? genericPools : mainPools).get(db);
  if (!pool) {
    // The driver's own client (PGlite, a pg pool, or a transaction's connection) takes text and values.
    const client = (
      db as unknown as { session: { client: { query(t: string, v: unknown[]): Promise<{ rows: T[] }> } } }
    ).session.client;
    return (await client.query(text, params)).rows;
  }
  const name = statementName(text);
  return (await pool.query<T>(name ? { name, text, values: params } : { text, values: params })).rows;
}
