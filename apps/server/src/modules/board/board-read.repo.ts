import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { boards } from '../../db/schema/board.ts';
import { unreadAboutOrdersStamp } from '../notifications/notifications.service.ts';
import { boardCommissionsStamp } from '../orders/board-feed.service.ts';

function prepareStamp(db: DbOrTx) {
  const owner = sql.placeholder('ownerId');
  return db
    .select({
      version: boards.version,
      commissions: boardCommissionsStamp(owner),
      unread: unreadAboutOrdersStamp(owner),
    })
    .from(boards)
    .where(eq(boards.ownerId, owner))
    .prepare('board_stamp');
}
const prepared = new WeakMap<DbOrTx, ReturnType<typeof prepareStamp>>();

export interface Stamp {
  version: number;
  /** Everything the answer depends on, as one text: equal stamps, equal answers. */
  key: string;
}

/**
 * What the owner's board answer depends on, in one statement that sends back one short row:
 * the board's version (it grows with every change of columns, tasks, layout or slots), the
 * commissions the board shows (orders module) and the owner's unread notifications about orders
 * (notifications module). Null before the board is made. A named statement: each connection
 * parses and plans it once (unnamed, it cost three times as much under load).
 */
export async function boardStamp(db: DbOrTx, ownerId: string): Promise<Stamp | null> {
  let query = prepared.get(db);
  if (!query) {
    query = prepareStamp(db);
    prepared.set(db, query);
  }
  const [row] = await query.execute({ ownerId });
  if (!row) return null;
  return { version: row.version, key: `${row.version}|${row.commissions}|${row.unread}` };
}
