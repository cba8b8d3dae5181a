import type { TaskStatus } from '@brushline/shared/orders/constants';
import type { TaskAction } from '@brushline/shared/orders/status-machine';
import type { Db, DbOrTx, Tx } from '../db/client.ts';
import type { Deps } from './deps.ts';
import type { Actor } from './session.ts';

/**
 * Every domain event: what a module did (past tense) and what it tells the others. A module
 * emits its own events and never imports the modules that react; who reacts, and when, is the
 * one table in reactions.ts (docs/decisions/0019-domain-events.md).
 */
export interface DomainEventMap {
  /** users: a profile's name, avatar or banner changed. */
  profileChanged: { userId: string };
  /** tags: tags left use (deleted, or merged into `into`); emitted inside the staff's transaction. */
  tagsDropped: { tagIds: number[] };
  /**
   * tags: a write to the vocabulary (create, update, merge, delete: titles, synonyms, parents,
   * maturity, type) is committed; emitted inside the write's transaction, so only a commit tells.
   */
  tagVocabularyChanged: Record<string, never>;
  /**
   * cards: an artist's commission cards changed (created, edited, opened or closed, deleted);
   * emitted inside the creating transaction, or after the one-statement edit or delete.
   */
  commissionCardsChanged: { ownerId: string };
  /**
   * orders, requests: a commission's status changed (accepted, started, delivered, sent back,
   * approved, canceled, declined), or an approved application made one.
   */
  commissionStatusChanged: { formId: number; artistId: string; buyerId: string; status: TaskStatus };
  /**
   * orders: a task moved (`action` by `actorId`, or by the server's timer when null); emitted
   * inside the transaction that moved it, so a reaction may refuse the move (payments: starting
   * before the up-front payment) or record what it causes with it (a refund owed on a cancel).
   */
  orderMoved: {
    formId: number;
    artistId: string;
    buyerId: string;
    actorId: string | null;
    action: TaskAction | 'cancelOverdue' | 'autoApprove';
    from: TaskStatus;
    to: TaskStatus;
  };
  /** orders: an artist accepted an order; emitted inside the transaction that accepted it. */
  orderAccepted: { artistId: string; buyerId: string };
  /**
   * orders: the commissioner (`by`) commented on a work in progress; the comment is stored.
   * `text` is how the comment reads outside the order page (it names the card and the order).
   */
  wipCommented: { formId: number; artistId: string; by: Actor; text: string };
  /**
   * moderation: staff suspended or banned an account (`restricted`), or lifted that; emitted inside
   * the staff's transaction, whose sessions of the account are already deleted.
   */
  accountRestrictionChanged: { userId: string; restricted: boolean };
  /**
   * account: the account was deleted (its content removed, its row anonymised, its sessions
   * deleted); emitted inside the deleting transaction (decision 0024).
   */
  accountDeleted: { userId: string };
}

export type DomainEventName = keyof DomainEventMap;

/**
 * What an in-transaction reaction gets: the app's dependencies with the writer's transaction as db,
 * and `emit` for the events its own writes make (in the same transaction, their after-commit
 * reactions after the writer's commit, as the writer's own).
 */
export type InTransactionCtx = Omit<Deps, 'db'> & { db: DbOrTx; emit: Emit };

/**
 * One module's reaction to an event. inTransaction: runs inside the writer's transaction, given
 * it; its failure rolls the write back. afterCommit: runs once the write is committed (caches,
 * pushes, e-mail, work in its own transaction); a failure is logged and the write stands.
 */
export type Reaction<K extends DomainEventName> =
  | {
      /** For logs and the table of reactions: what the reacting module does. */
      name: string;
      when: 'inTransaction';
      run(ctx: InTransactionCtx, event: DomainEventMap[K]): Promise<void>;
    }
  | { name: string; when: 'afterCommit'; run(ctx: Deps, event: DomainEventMap[K]): Promise<void> | void };

/** Emits an event inside a transaction (DomainEvents.transaction hands it out). */
export type Emit = <K extends DomainEventName>(name: K, event: DomainEventMap[K]) => Promise<void>;

/** The context of a step inside a caller's transaction that may emit events. */
export interface EmitCtx {
  db: DbOrTx;
  emit: Emit;
}

/** Event name → its reactions, in the order they run. Every event is listed, even with none. */
export type Reactions = { [K in DomainEventName]: Reaction<K>[] };

/** An event waiting for its transaction to commit. */
type Pending = { [K in DomainEventName]: { name: K; event: DomainEventMap[K] } }[DomainEventName];

export interface DomainEvents {
  /**
   * Runs `work` in one transaction on `ctx.db`, with `emit` for the events it makes: their
   * in-transaction reactions run at once with the transaction, their after-commit reactions once
   * it has committed (not at all if it rolled back), before this answers.
   */
  transaction<T>(db: Db, work: (tx: Tx, emit: Emit) => Promise<T>): Promise<T>;
  /** An event of a write that is already committed (or made of one statement): every reaction runs now. */
  emit<K extends DomainEventName>(name: K, event: DomainEventMap[K]): Promise<void>;
  /** The table, for docs and tests: event → reactions as "when: name". */
  describe(): Record<DomainEventName, string[]>;
}

/**
 * The app's event bus, in process. `deps` is read when an event runs (the bus is built before the
 * dependencies that carry it).
 */
export function createDomainEvents(reactions: Reactions, deps: () => Deps): DomainEvents {
  /** Runs the in-transaction reactions of `p` on `db`; what they emit joins `pending`. */
  const runInTransaction = async (db: DbOrTx, p: Pending, pending: Pending[]) => {
    const emit: Emit = async (name, event) => {
      const next = { name, event } as Pending;
      await runInTransaction(db, next, pending);
      pending.push(next);
    };
    for (const r of reactions[p.name] as Reaction<DomainEventName>[]) {
      if (r.when === 'inTransaction') await r.run({ ...deps(), db, emit }, p.event);
    }
  };
  const runAfterCommit = async (p: Pending) => {
    const ctx = deps();
    for (const r of reactions[p.name] as Reaction<DomainEventName>[]) {
      if (r.when !== 'afterCommit') continue;
      try {
        await r.run(ctx, p.event);
      } catch (err) {
        ctx.log.warn({ err, event: p.name, reaction: r.name }, 'a reaction after commit failed');
      }
    }
  };
  return {
    async transaction(db, work) {
      const pending: Pending[] = [];
      const result = await db.transaction((tx) =>
        work(tx, async (name, event) => {
          const p = { name, event } as Pending;
          await runInTransaction(tx, p, pending);
          pending.push(p);
        }),
      );
      for (const p of pending) await runAfterCommit(p);
      return result;
    },
    async emit(name, event) {
      const p = { name, event } as Pending;
      const pending: Pending[] = [];
      await runInTransaction(deps().db, p, pending);
      for (const q of [...pending, p]) await runAfterCommit(q);
    },
    describe() {
      return Object.fromEntries(
        Object.entries(reactions).map(([name, list]) => [name, list.map((r) => `${r.when}: ${r.name}`)]),
      ) as Record<DomainEventName, string[]>;
    },
  };
}
