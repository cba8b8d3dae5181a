import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { reactions as appReactions } from '../reactions.ts';
import { createDomainEvents, type Reactions } from './events.ts';
import type { Deps } from './deps.ts';

/** A table of its own in the test's database, so what a transaction kept is visible. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.deps.db.execute(sql`create table event_probe (what text not null)`);
});
afterAll(async () => {
  await t.app.deps.db.execute(sql`drop table event_probe`);
  await t.close();
});

const none: Reactions = {
  profileChanged: [],
  tagsDropped: [],
  tagVocabularyChanged: [],
  commissionCardsChanged: [],
  commissionStatusChanged: [],
  orderAccepted: [],
  wipCommented: [],
  orderMoved: [],
  accountRestrictionChanged: [],
  accountDeleted: [],
};

async function probe(): Promise<string[]> {
  const { rows } = await t.app.deps.db.execute<{ what: string }>(
    sql`select what from event_probe order by what`,
  );
  await t.app.deps.db.execute(sql`delete from event_probe`);
  return rows.map((r) => r.what);
}

function busWith(table: Partial<Reactions>, log: string[] = []) {
  const deps = {
    ...t.app.deps,
    log: { ...t.app.deps.log, warn: (o: { reaction: string }) => log.push(`warned: ${o.reaction}`) },
  } as unknown as Deps;
  return createDomainEvents({ ...none, ...table }, () => deps);
}

describe('domain events', () => {
  it('runs in-transaction reactions with the writer’s transaction and after-commit ones once it committed', async () => {
    const seen: string[] = [];
    const bus = busWith({
      tagsDropped: [
        {
          name: 'in tx',
          when: 'inTransaction',
          run: async (ctx, e) => {
            await ctx.db.execute(sql`insert into event_probe values (${`in tx ${e.tagIds.join()}`})`);
          },
        },
        {
          name: 'after',
          when: 'afterCommit',
          run: async (ctx, e) => {
            // Committed by now: another connection sees the writer's row.
            const { rows } = await ctx.db.execute(sql`select 1 from event_probe where what = 'writer'`);
            seen.push(`after ${e.tagIds.join()} sees ${rows.length}`);
          },
        },
      ],
    });
    const answer = await bus.transaction(t.app.deps.db, async (tx, emit) => {
      await tx.execute(sql`insert into event_probe values ('writer')`);
      await emit('tagsDropped', { tagIds: [7] });
      expect(seen).toEqual([]);
      return 'done';
    });
    expect(answer).toBe('done');
    expect(seen).toEqual(['after 7 sees 1']);
    expect(await probe()).toEqual(['in tx 7', 'writer']);
  });

  it('rolls the write back with a failing in-transaction reaction, and then runs nothing after', async () => {
    const seen: string[] = [];
    const bus = busWith({
      orderAccepted: [
        {
          name: 'fails',
          when: 'inTransaction',
          run: async () => {
            throw new Error('no room');
          },
        },
        { name: 'after', when: 'afterCommit', run: () => void seen.push('after') },
      ],
    });
    await expect(
      bus.transaction(t.app.deps.db, async (tx, emit) => {
        await tx.execute(sql`insert into event_probe values ('writer')`);
        await emit('orderAccepted', { artistId: 'a', buyerId: 'b' });
      }),
    ).rejects.toThrow('no room');
    expect(seen).toEqual([]);
    expect(await probe()).toEqual([]);
  });

  it('keeps the write when an after-commit reaction fails, logs it and runs the next one', async () => {
    const log: string[] = [];
    const seen: string[] = [];
    const bus = busWith(
      {
        profileChanged: [
          {
            name: 'breaks',
            when: 'afterCommit',
            run: () => {
              throw new Error('cache down');
            },
          },
          { name: 'next', when: 'afterCommit', run: (_ctx, e) => void seen.push(e.userId) },
        ],
      },
      log,
    );
    await bus.transaction(t.app.deps.db, async (tx, emit) => {
      await tx.execute(sql`insert into event_probe values ('writer')`);
      await emit('profileChanged', { userId: 'u1' });
    });
    expect(log).toEqual(['warned: breaks']);
    expect(seen).toEqual(['u1']);
    expect(await probe()).toEqual(['writer']);
  });

  it('runs every reaction at once for an event emitted outside a transaction', async () => {
    const seen: string[] = [];
    const bus = busWith({
      commissionStatusChanged: [
        { name: 'in', when: 'inTransaction', run: async (_ctx, e) => void seen.push(`in ${e.status}`) },
        { name: 'after', when: 'afterCommit', run: (_ctx, e) => void seen.push(`after ${e.status}`) },
      ],
    });
    await bus.emit('commissionStatusChanged', { formId: 1, artistId: 'a', buyerId: 'b', status: 'finished' });
    expect(seen).toEqual(['in finished', 'after finished']);
  });

  it('describes the app’s table: every event, and what reacts, in order', () => {
    const table = busWith(appReactions).describe();
    expect(Object.keys(table).sort()).toEqual(Object.keys(none).sort());
    expect(table.commissionStatusChanged).toEqual([
      "afterCommit: board: the artist's task moves to the column of its status, open boards hear of it",
    ]);
    expect(table.orderAccepted[0]).toMatch(/^inTransaction: chat:/);
  });
});
