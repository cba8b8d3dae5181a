import { openSlots, type Queue, type Slots } from '@brushline/shared/board/schemas';
import { userNotFound } from '@brushline/shared/users/messages';
import type { Deps, TxCtx } from '../../platform/deps.ts';
import { notFound } from '../../platform/errors.ts';
import type { Actor } from '../../platform/session.ts';
import { countActiveCommissions, listBoardCommissions } from '../orders/board-feed.service.ts';
import { toPerson } from '../users/users.dto.ts';
import { userByLogin } from '../users/users.service.ts';
import { toQueueColumns } from './board.dto.ts';
import { findBoardOf, findColumns, findTasks } from './board.repo.ts';
import { fixedInMemory, reconcile } from './board.rules.ts';

/**
 * The artist's slots (decision 0014): how many active commissions they take (set on their board),
 * how many they have (accepted, in progress, awaiting approval) and how many are open. Also what
 * marks a form sent while none is open "waitlist" (orders.service.ts sendForm).
 */
export async function slotsOf(ctx: TxCtx, _actor: null, artistId: string): Promise<Slots> {
  const board = await findBoardOf(ctx.db, artistId);
  const active = await countActiveCommissions(ctx, null, artistId);
  const slots = board?.slots ?? null;
  return { slots, active, openSlots: openSlots(slots, active) };
}

async function artistByLogin(ctx: Pick<Deps, 'db'>, login: string) {
  const user = await userByLogin(ctx, null, login);
  if (!user || !user.roles.includes('artist')) throw notFound(userNotFound);
  return user;
}

/** GET /queue/{login}/slots: anyone may read an artist's slots (the commission page shows them). */
export async function getSlots(ctx: Pick<Deps, 'db'>, _actor: Actor | null, login: string): Promise<Slots> {
  return slotsOf(ctx, null, (await artistByLogin(ctx, login)).id);
}

/**
 * An artist's public queue: their public columns with anonymous entries, and their slots. Anyone
 * may read it; it never writes (a board not made yet shows no columns). A buyer's name and chosen
 * options show only on the orders whose buyer chose so (showInQueue); references, brief and price
 * never.
 */
export async function getQueue(ctx: Pick<Deps, 'db'>, _actor: Actor | null, login: string): Promise<Queue> {
  const user = await artistByLogin(ctx, login);
  const artist = toPerson({
    id: user.id,
    login: user.login,
    displayName: user.displayName,
    avatarId: user.avatarMediaId,
  });
  const [board, commissions, slots] = await Promise.all([
    findBoardOf(ctx.db, user.id),
    listBoardCommissions(ctx, null, user.id),
    slotsOf(ctx, null, user.id),
  ]);
  if (!board) return { artist, ...slots, columns: [] };
  const [columns, stored] = await Promise.all([
    findColumns(ctx.db, board.guid),
    findTasks(ctx.db, board.guid),
  ]);
  const tasks = fixedInMemory(stored, reconcile(columns, stored, commissions));
  return {
    artist,
    ...slots,
    columns: toQueueColumns(columns, tasks, new Map(commissions.map((c) => [c.taskId, c]))),
  };
}
