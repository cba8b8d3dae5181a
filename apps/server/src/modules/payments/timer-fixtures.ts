import { sql } from 'drizzle-orm';
import type { TestApp } from '../../test/harness.ts';
import { ORDER_TIMERS_QUEUE, type OrderTimer } from './timers.rules.ts';

/** Test helpers for the order timers (timers.test.ts, timers-instances.test.ts): jobs read and moved in time. */

export interface Scheduled {
  timer: OrderTimer;
  at: Date;
  key: string;
  state: string;
}

/** The order's jobs on the timers queue, soonest first. */
export async function timersOf(t: TestApp, formId: number): Promise<Scheduled[]> {
  const { rows } = await t.app.deps.db.execute<{ data: OrderTimer; at: number; key: string; state: string }>(
    sql`select data, (extract(epoch from start_after) * 1000)::float8 as at, singleton_key as key, state::text as state
          from pgboss.job where name = ${ORDER_TIMERS_QUEUE} and (data->>'formId')::int = ${formId}
         order by start_after, created_on`,
  );
  return rows.map((r) => ({ timer: r.data, at: new Date(r.at), key: r.key, state: r.state }));
}

/**
 * Moves the order's latest delivery `days` into the past, and the time its jobs were made for with
 * it (they compare it with the order's), as if it had been made then.
 */
export async function deliveredDaysAgo(t: TestApp, formId: number, days: number) {
  await t.app.deps.db.execute(
    sql`update commission_forms
           set delivered_at = date_trunc('milliseconds', delivered_at - make_interval(days => ${days}))
         where id = ${formId}`,
  );
  await t.app.deps.db.execute(
    sql`update pgboss.job set data = jsonb_set(data, '{deliveredAt}', to_jsonb(
               to_char(f.delivered_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')))
          from commission_forms f
         where pgboss.job.name = ${ORDER_TIMERS_QUEUE} and f.id = ${formId}
           and (pgboss.job.data->>'formId')::int = f.id and pgboss.job.data ? 'deliveredAt'`,
  );
}

/** Makes the order's waiting jobs of `kind` due now: the database's clock is not the test's. */
export async function dueNow(t: TestApp, formId: number, kind: OrderTimer['kind']) {
  await t.app.deps.db.execute(
    sql`update pgboss.job set start_after = now() - interval '1 second'
         where name = ${ORDER_TIMERS_QUEUE} and state = 'created'
           and (data->>'formId')::int = ${formId} and data->>'kind' = ${kind}`,
  );
}
