import { LRUCache } from 'lru-cache';
import type { Board } from '@brushline/shared/board/schemas';
import type { Deps } from '../../platform/deps.ts';
import type { Actor } from '../../platform/session.ts';
import { boardStamp } from './board-read.repo.ts';
import { getOwnBoard } from './board.service.ts';

/** Written answers kept per instance, counted in characters (a board of 500 tasks is ~90 KB). */
export const BOARD_READ_CACHE_CHARS = 32 * 1024 * 1024;

type Write = (board: Board) => string;

/**
 * The owner's board as written JSON, kept per owner and given again while its stamp stays the same
 * (docs/decisions/0014-kanban-board.md, "Reading fast"). The stamp is read first and the answer
 * built after, so a kept answer is never older than its stamp; a change in between only makes the
 * next read build again. Every instance checks the database, so instances need not tell each other.
 */
export function createBoardReader(write: Write) {
  const kept = new LRUCache<string, { key: string; json: string }>({
    maxSize: BOARD_READ_CACHE_CHARS,
    sizeCalculation: (v) => v.json.length + v.key.length + 64,
  });
  return async function readOwnBoard(ctx: Pick<Deps, 'db' | 'hub' | 'log'>, actor: Actor): Promise<string> {
    const stamp = await boardStamp(ctx.db, actor.id);
    const hit = kept.get(actor.id);
    if (stamp && hit?.key === stamp.key) return hit.json;
    const board = await getOwnBoard(ctx, actor);
    const json = write(board);
    // A read that placed commissions (a new version) is kept by the next read, under its own stamp.
    if (stamp && board.version === stamp.version) kept.set(actor.id, { key: stamp.key, json });
    return json;
  };
}
