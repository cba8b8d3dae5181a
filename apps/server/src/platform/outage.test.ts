import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { openDatabase, pgliteOptions } from '../db/client.ts';
import { captureLog } from '../test/log-capture.ts';
import { createOutageWatch, isDatabaseUnavailable } from './outage.ts';

const failureOf = async (work: Promise<unknown>) =>
  work.then(
    () => null,
    (err: unknown) => err,
  );

describe('isDatabaseUnavailable', () => {
  it('knows a closed PGlite through drizzle, and not an ordinary SQL error', async () => {
    const database = await openDatabase({ pglite: await PGlite.create(pgliteOptions()) });
    const syntax = await failureOf(database.db.execute(sql`selec 1`));
    expect(syntax).toBeInstanceOf(Error);
    expect(isDatabaseUnavailable(syntax)).toBe(false);
    await database.close();
    const closed = await failureOf(database.db.execute(sql`select 1`));
    expect(closed).toBeInstanceOf(Error);
    expect(isDatabaseUnavailable(closed)).toBe(true);
  });

  it('knows refused and cut connections and PostgreSQL shutdown codes, through causes', () => {
    const pgError = (code: string, message = 'x') => Object.assign(new Error(message), { code });
    for (const err of [
      pgError('ECONNREFUSED'),
      new AggregateError([pgError('ECONNREFUSED'), pgError('ECONNREFUSED')], 'connect failed'),
      pgError('57P01', 'terminating connection due to administrator command'),
      pgError('08006'),
      pgError('55000', 'database "x" is not currently accepting connections'),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      new Error('Failed query: select 1', { cause: pgError('57P03') }),
    ])
      expect(isDatabaseUnavailable(err)).toBe(true);
    for (const err of [
      pgError('23505', 'duplicate key value violates unique constraint'),
      pgError('55000', 'cannot refresh materialized view concurrently'),
      new Error('boom'),
      'a string',
      null,
    ])
      expect(isDatabaseUnavailable(err)).toBe(false);
  });
});

describe('outage watch', () => {
  it('logs one line when an outage starts and one when it ends, however many errors come between', async () => {
    const { logger, lines } = captureLog();
    const { log } = Fastify({ logger });
    let up = false;
    const watch = createOutageWatch({
      name: 'database',
      log,
      isOutage: isDatabaseUnavailable,
      meanwhile: 'requests answer 503 until it is back',
      probe: () => (up ? Promise.resolve() : Promise.reject(new Error('still down'))),
      probeEveryMs: 20,
    });
    const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    for (let i = 0; i < 50; i += 1) expect(watch.report(refused)).toBe(true);
    expect(watch.report(new Error('a bug'))).toBe(false);
    expect(watch.down).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(watch.down).toBe(true);
    up = true;
    for (let i = 0; i < 50 && watch.down; i += 1) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(watch.down).toBe(false);
    expect(lines.map((l) => [l.level, l.msg])).toEqual([
      [50, 'database unreachable: requests answer 503 until it is back'],
      [40, expect.stringMatching(/^database is back after \d+ s \(50 requests met the outage\)$/)],
    ]);
    // A second outage is a second pair of lines.
    watch.fail(refused);
    watch.recover();
    watch.recover();
    expect(lines).toHaveLength(4);
    watch.close();
  });
});
