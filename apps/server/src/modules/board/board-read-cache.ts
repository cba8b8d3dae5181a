import { LRUCache } from 'lru-cache';
import type { Board } from '@brushline/shared/board/schemas';
import type { Deps } from '../../platform/deps.ts';
import { etagOf } from '../../platform/http-cache.ts';
import type { Actor } from '../../platform/session.ts';
import { boardStamp, type Stamp } from './board-read.repo.ts';
import { getOwnBoard } from './board.service.ts';

/** Written answers kept per instance, counted in characters (a board of 500 tasks is ~90 KB). */
export const BOARD_READ_CACHE_CHARS = 32 * 1024 * 1024;

type Write = (board: Board) => string;

/** The board answer: its JSON (none when the reader's copy is current) and its ETag when it has one. */
export interface BoardRead {
  /** The stamp's tag: set when the answer is the one its stamp stands for. */
  etag?: string;
  /** The reader's If-None-Match names the current stamp: 304, nothing is built. */
  notModified: boolean;
  json: string;
}

/** The ETag of an owner's board at `stamp` (the owner's id in it: one browser, two accounts). */
const boardEtag = (ownerId: string, stamp: Stamp) => etagOf('board', ownerId, stamp.key);

/**
 * The owner's board as written JSON, kept per owner and given again while its stamp stays the same
 * (docs/decisions/0014-kanban-board.md, "Reading fast"). The stamp is read first and the answer
 * built after, so a kept answer is never older than its stamp; a change in between only makes the
 * next read build again. Every instance checks the database, so instances need not tell each other.
 * The same stamp is the answer's ETag: a reader whose If-None-Match names it gets 304 without the
 * board being built or sent (docs/caches.md).
 */
export function createBoardReader(write: Write) {
  const kept = new LRUCache<string, { key: string; json: string }>({
    maxSize: BOARD_READ_CACHE_CHARS,
    sizeCalculation: (v) => v.json.length + v.key.length + 64,
  });
  return async function readOwnBoard(
    ctx: Pick<Deps, 'db' | 'hub' | 'log'>,
    actor: Actor,
    /** Whether the reader's copy is the one tagged so (the request's If-None-Match). */
    current: (etag: string) => boolean = () => false,
  ): Promise<BoardRead> {
    const stamp = await boardStamp(ctx.db, actor.id);
    const etag = stamp ? boardEtag(actor.id, stamp) : undefined;
    if (etag && current(etag)) return { etag, notModified: true, json: '' };
    const hit = kept.get(actor.id);
    if (stamp && hit?.key === stamp.key) return { etag, notModified: false, json: hit.json };
    const board = await getOwnBoard(ctx, actor);
    const json = write(board);
    // A read that placed commissions (a new version) is kept by the next read, under its own stamp;
    // until then the answer has no tag (its stamp is not the one read before it).
    if (stamp && board.version === stamp.version) {
      kept.set(actor.id, { key: stamp.key, json });
      return { etag, notModified: false, json };
    }
    return { notModified: false, json };
  };
}
