import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import { notifications } from '../../db/schema/notifications.ts';

/**
 * A subquery answering a short text that changes whenever the user's unread notifications about
 * orders change (one arrives, one is read): their count, highest and summed ids. The board's read
 * cache compares it instead of counting per order (docs/decisions/0014-kanban-board.md). A SQL
 * fragment, not a service: the board embeds it in its own prepared statement.
 */
export function unreadAboutOrdersStamp(userId: string | Placeholder): SQL<string> {
  return sql<string>`(select count(*) || ':' || coalesce(max(n.id), 0) || ':' || coalesce(sum(n.id), 0)
    from ${notifications} n
    where n.user_id = ${userId} and n.is_read = false and n.form_id is not null)`;
}
