import { mkdirSync } from 'node:fs';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Placeholder, SQL, sql, type Query } from 'drizzle-orm';
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
import { lockPgliteDir } from './pglite-lock.ts';

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
  /** The connections now, per pool (metrics). PGlite is one connection; "waiting" is not known there. */
  connections(): PoolConnections[];
  close(): Promise<void>;
}

export interface PoolConnections {
  pool: 'main' | 'generic' | 'pglite';
  total: number;
  idle: number;
  /** Queries waiting for a connection (node-postgres only). */
  waiting?: number;
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
    // A few connections that plan each prepared statement once for any parameters (runStatement's
    // `plan: 'generic'`). Idle 5 minutes too: each new one plans every statement again (the
    // autocomplete's 10–14 ms).
    const generic = new pg.Pool({
      connectionString: opts.url,
      max: 4,
      idleTimeoutMillis: 300_000,
      connectionTimeoutMillis: 5000,
      options: '-c plan_cache_mode=force_generic_plan -c jit=off',
    });
    generic.on('error', () => {});
    genericDbs.set(db, drizzlePg({ client: generic, schema }));
    const counts = (name: 'main' | 'generic', p: pg.Pool): PoolConnections => ({
      pool: name,
      total: p.totalCount,
      idle: p.idleCount,
      waiting: p.waitingCount,
    });
    return {
      db,
      kind: 'postgres',
      connections: () => [counts('main', pool), counts('generic', generic)],
      close: async () => {
        await Promise.all([pool.end(), generic.end()]);
      },
    };
  }
  let client = opts.pglite;
  // One process per data folder (pglite-lock.ts): a second server or a backup is refused.
  let unlock = () => {};
  if (!client) {
    if (opts.dataDir) {
      mkdirSync(opts.dataDir, { recursive: true });
      unlock = lockPgliteDir(opts.dataDir);
    }
    try {
      client = await PGlite.create(pgliteOptions(opts.dataDir ? { dataDir: opts.dataDir } : {}));
    } catch (err) {
      unlock();
      throw err;
    }
  }
  const pgl = client;
  const db = drizzlePglite({ client: pgl, schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    // Its one connection is busy while a transaction holds it (queries queue inside PGlite, unseen).
    connections: () => [{ pool: 'pglite', total: 1, idle: pgl.isInTransaction() ? 0 : 1 }],
    close: async () => {
      await pgl.close();
      unlock();
    },
  };
}

export async function ping(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}

const dialect = new PgDialect();
/** Per PostgreSQL database: a second drizzle database whose connections always use generic plans. */
const genericDbs = new WeakMap<object, Db>();
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
 * A statement whose text depends only on `shape` (the caller's flags: which filters are present,
 * which of the reader's tag sets are empty): `build` writes it with `sql.placeholder(name)` for
 * every value, once; later runs only fill their values in (no drizzle composition per request, the
 * 12.5% of a gallery miss: decision 0017).
 */
/**
 * A query builder's prepared statement (drizzle's `.prepare(name)`, its values `sql.placeholder`s),
 * built once per database handle: later runs skip building the text (for a statement with joins
 * and subqueries, most of its cost in Node) and, on PostgreSQL, parsing and planning it.
 */
export function preparedPer<T>(build: (db: DbOrTx) => T): (db: DbOrTx) => T {
  const built = new WeakMap<object, T>();
  return (db) => {
    let statement = built.get(db);
    if (!statement) {
      statement = build(db);
      built.set(db, statement);
    }
    return statement;
  };
}

export interface Shaped {
  shape: string;
  build: () => SQL;
}

/** Query texts built for a shape, and how many of its runs have been checked again. */
const shapes = new Map<string, { query: Query; checked: number }>();
/** Past this many shapes, further ones are built per run (and run unprepared past STATEMENTS_MAX). */
const SHAPES_MAX = 500;
/**
 * The first runs of each shape build it again and compare: a value written into `build` instead of
 * a placeholder would otherwise be sent again with the next reader's query (someone else's id,
 * filters or tags). Such a mistake shows in the first runs that differ in their values (in tests,
 * and in production as a failed request, never as another reader's data); after these the text is
 * trusted.
 */
const SHAPE_CHECKS = 20;

const literal = (p: unknown) => (p instanceof Placeholder ? `$${p.name}` : JSON.stringify(p));

function shapedQuery(statement: Shaped): Query {
  const kept = shapes.get(statement.shape);
  if (!kept) {
    const query = dialect.sqlToQuery(statement.build());
    if (shapes.size < SHAPES_MAX) shapes.set(statement.shape, { query, checked: 0 });
    return query;
  }
  if (kept.checked < SHAPE_CHECKS) {
    kept.checked += 1;
    const again = dialect.sqlToQuery(statement.build());
    if (
      again.sql !== kept.query.sql ||
      again.params.map(literal).join() !== kept.query.params.map(literal).join()
    ) {
      throw new Error(
        `statement '${statement.shape}': a value is not a placeholder (text or literals differ)`,
      );
    }
  }
  return kept.query;
}

/**
 * The one way the server runs a statement it writes by hand and wants prepared (docs/caches.md,
 * "Statements"): `statement` is drizzle SQL (its values inline, or `sql.placeholder`s filled from
 * `values`) or a Shaped statement, and it runs as drizzle's own prepared query (PgSession's
 * `prepareQuery`, what every query builder's `.prepare(name)` makes), named by its text. On
 * PostgreSQL each connection then parses and plans a text once and later only binds parameters
 * (a chat message's one statement: planning its CTEs cost 3 ms of its 4, decision 0016), and
 * PostgreSQL's plan cache chooses custom or generic plans. PGlite and transactions run the same
 * text with the same values on their own connection.
 *
 * `plan: 'generic'`: on PostgreSQL, run on a few connections that always use a generic plan, for
 * hot reads whose plan suits any value and whose planning cost more than their execution (the tag
 * autocomplete, decision 0015; a list page, whose ordered scan that stops early the plan cache
 * estimates at its full length and so keeps planning: decision 0017).
 *
 * `plan: 'custom'`: sent unnamed, so PostgreSQL plans it for each run's values (what a query
 * builder's statement gets), for a statement whose best plan depends on them: the public requests
 * list walks its ordered index for a word most titles hold and reads the trigram index for a rare
 * one (decision 0018), and a generic plan would pick one of the two for every word. Its text is
 * still built once per shape. Rows come as drizzle's `db.execute` gives them (timestamps as text).
 */
export async function runStatement<T extends Record<string, unknown>>(
  db: DbOrTx,
  statement: SQL | Shaped,
  opts: { values?: Record<string, unknown>; plan?: 'generic' | 'custom' } = {},
): Promise<T[]> {
  const target = (opts.plan === 'generic' && genericDbs.get(db)) || db;
  const query = statement instanceof SQL ? dialect.sqlToQuery(statement) : shapedQuery(statement);
  const prepared = target._.session.prepareQuery<{ execute: { rows: T[] }; all: unknown; values: unknown }>(
    query,
    undefined,
    opts.plan === 'custom' ? undefined : statementName(query.sql),
    false,
  );
  return (await prepared.execute(opts.values)).rows;
}
