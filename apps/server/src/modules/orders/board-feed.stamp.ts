import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import { BOARD_TASK_STATUSES } from '@brushline/shared/board/constants';
import { commissionForms, commissionTasks } from '../../db/schema/orders.ts';
import { users } from '../../db/schema/users.ts';

/**
 * A subquery answering a short text that changes whenever anything the board shows of the
 * artist's commissions changes: which ones have a place on it, their status and since when, their
 * buyers' logins, names and pictures (a form's card title, price and options never change once
 * sent). The board's read cache compares it instead of reading the commissions
 * (docs/decisions/0014-kanban-board.md, "Reading fast").
 */
export function boardCommissionsStamp(artistId: string | Placeholder): SQL<string> {
  const statuses = sql.join(
    BOARD_TASK_STATUSES.map((s) => sql`${s}`),
    sql`, `,
  );
  return sql<string>`(select count(*) || ':' || coalesce(md5(string_agg(concat_ws('/',
      t.id, t.status, t.updated_at, u.login, u.display_name, u.avatar_media_id), ',' order by t.id)), '')
    from ${commissionForms} f
    join ${commissionTasks} t on t.form_id = f.id
    join ${users} u on u.id = f.sender_id
    where f.artist_id = ${artistId} and t.status in (${statuses}))`;
}
