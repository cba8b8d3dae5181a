import { sql, type SQL } from 'drizzle-orm';
import { applications, requests } from '../../db/schema/requests.ts';

/**
 * The date an order made from a public request is due: the approval of the artist's application
 * plus the request's deadline in days (SPEC §3 Request.deadline). Null for an order from a card,
 * which has no deadline. A fragment for the orders module's order page (it cannot import this
 * module's services: requests make orders), like the board's *.stamp.ts fragments.
 */
export function orderDeadlineSql(formId: number): SQL<string | null> {
  return sql<
    string | null
  >`(select to_char((a.answered_at + make_interval(days => r.deadline_days)) at time zone 'UTC',
      'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
    from ${applications} a join ${requests} r on r.id = a.request_id
    where a.form_id = ${formId} and a.status = 'approved' and a.answered_at is not null
    limit 1)`;
}
