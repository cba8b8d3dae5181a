import { sql } from 'drizzle-orm';
import type { Board } from '@brushline/shared/board/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerUser, type TestApp } from '../../test/harness.ts';
import { actorOf, call, registerArtist, type TestUser } from '../../test/kit.ts';
import { columnOf, getBoard, orderAt } from './board-fixtures.ts';
import { boardStamp } from './board-read.repo.ts';
import { getOwnBoard } from './board.service.ts';

let t: TestApp;
let buyer: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  buyer = await registerUser(t.app, t.dataDir);
});
afterAll(() => t.close());

const parse = (json: string) => JSON.parse(json) as Board;

/** GET /api/board (kept answers included) against a board built now from the database. */
async function expectFreshRead(artist: TestUser): Promise<string> {
  const read = await call(t.app, 'GET', '/api/board', artist.cookie);
  expect(read.statusCode).toBe(200);
  expect(read.headers['content-type']).toMatch(/^application\/json/);
  const fresh = await getOwnBoard(t.app.deps, actorOf(artist, ['artist']));
  expect(read.json()).toEqual(JSON.parse(JSON.stringify(fresh)));
  return read.body;
}

describe('the kept board read (board-read-cache.ts)', () => {
  it('answers the same bytes while nothing changed, and every change on the next read', async () => {
    const ann = await registerArtist(t);
    const form = await orderAt(t, ann, buyer, 'processing');
    const first = await expectFreshRead(ann);
    expect(await expectFreshRead(ann)).toBe(first);

    // The layout (version): a personal task.
    const board = await getBoard(t, ann);
    await call(t.app, 'POST', '/api/board/task', ann.cookie, {
      columnGuid: columnOf(board, 'accepted').id,
      title: 'Buy paper',
    });
    const withTask = await expectFreshRead(ann);
    expect(withTask).not.toBe(first);

    // A status changed by the order moves (the buyer's notification arrives too).
    const other = await orderAt(t, ann, buyer, 'finished');
    await call(t.app, 'PUT', `/api/task/${other.task.id}/send-back`, buyer.cookie, { comment: 'Brighter' });
    const sentBack = await expectFreshRead(ann);
    expect(sentBack).not.toBe(withTask);
    const unread = parse(sentBack).tasks.find((x) => x.commission?.formId === other.id)!.commission!.unread;
    expect(unread).toBeGreaterThan(0);

    // Its notifications read: the count goes back to 0 on the next read.
    const task = (await getBoard(t, ann)).tasks.find((x) => x.commission?.formId === other.id)!;
    await call(t.app, 'PATCH', `/api/board/task/${task.id}/read`, ann.cookie);
    const read = parse(await expectFreshRead(ann));
    expect(read.tasks.find((x) => x.id === task.id)!.commission!.unread).toBe(0);

    // The buyer renames themselves.
    expect(
      (await call(t.app, 'PATCH', '/api/user/profile', buyer.cookie, { displayName: 'Bea Renamed' }))
        .statusCode,
    ).toBe(200);
    const renamed = parse(await expectFreshRead(ann));
    const mine = renamed.tasks.find((x) => x.commission?.formId === form.id)!;
    expect(mine.commission!.buyer.displayName).toBe('Bea Renamed');

    // Slots.
    await call(t.app, 'PATCH', '/api/board/settings', ann.cookie, { slots: 4 });
    expect(parse(await expectFreshRead(ann)).slots).toBe(4);
  });

  it('a status changed by a path that forgets the board hook is still right on the next read', async () => {
    const ann = await registerArtist(t);
    const form = await orderAt(t, ann, buyer, 'waiting');
    const before = await expectFreshRead(ann);
    const stamp = await boardStamp(t.app.deps.db, ann.id);
    await t.app.deps.db.execute(
      sql`update commission_tasks set status = 'processing', updated_at = now() where id = ${form.task.id}`,
    );
    expect((await boardStamp(t.app.deps.db, ann.id))!.key).not.toBe(stamp!.key);
    const after = await expectFreshRead(ann);
    expect(after).not.toBe(before);
    const board = parse(after);
    const task = board.tasks.find((x) => x.commission?.formId === form.id)!;
    expect(board.columns.find((c) => c.id === task.columnId)!.systemKey).toBe('inProgress');
  });

  it('no stamp before the board is made; a user who never read theirs gets it made', async () => {
    const bo = await registerArtist(t);
    expect(await boardStamp(t.app.deps.db, bo.id)).toBeNull();
    await expectFreshRead(bo);
    expect(await boardStamp(t.app.deps.db, bo.id)).not.toBeNull();
  });
});

describe('the board read’s ETag and 304 (docs/caches.md)', () => {
  const read = (user: TestUser, etag?: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/board',
      headers: { cookie: user.cookie, ...(etag ? { 'if-none-match': etag } : {}) },
    });

  it('tags the answer with its stamp and answers 304 with no body while nothing changed', async () => {
    const ann = await registerArtist(t);
    await orderAt(t, ann, buyer, 'processing');
    // A read that makes the board or places commissions answers untagged; the next one is tagged.
    await read(ann);
    const first = await read(ann);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    expect(first.headers.vary).toMatch(/cookie/i);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect((await read(ann)).headers.etag).toBe(etag);

    const unchanged = await read(ann, etag);
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');
    expect(unchanged.headers.etag).toBe(etag);
    // A list of tags, or a weak form of it, matches as well.
    expect((await read(ann, `"other", W/${etag}`)).statusCode).toBe(304);

    // A change: the old tag no longer matches, the full answer comes with a new one.
    const board = await getBoard(t, ann);
    await call(t.app, 'POST', '/api/board/task', ann.cookie, {
      columnGuid: columnOf(board, 'accepted').id,
      title: 'Stretch canvas',
    });
    const changed = await read(ann, etag);
    expect(changed.statusCode).toBe(200);
    expect(changed.json<Board>().tasks.some((x) => x.title === 'Stretch canvas')).toBe(true);
    expect(changed.headers.etag).not.toBe(etag);
    expect((await read(ann, changed.headers.etag as string)).statusCode).toBe(304);
  });

  it('a status changed behind the app’s back changes the tag too', async () => {
    const ann = await registerArtist(t);
    const form = await orderAt(t, ann, buyer, 'waiting');
    await read(ann);
    const etag = (await read(ann)).headers.etag as string;
    expect(etag).toBeDefined();
    await t.app.deps.db.execute(
      sql`update commission_tasks set status = 'processing', updated_at = now() where id = ${form.task.id}`,
    );
    const after = await read(ann, etag);
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
  });

  it('another account’s tag never matches, even at the same stamp', async () => {
    const [ann, bo] = [await registerArtist(t), await registerArtist(t)];
    // The first read makes each board (no stamp before it: untagged).
    expect((await read(ann)).headers.etag).toBeUndefined();
    await read(bo);
    const annTag = (await read(ann)).headers.etag as string;
    const boTag = (await read(bo)).headers.etag as string;
    expect(boTag).not.toBe(annTag);
    const res = await read(bo, annTag);
    expect(res.statusCode).toBe(200);
    expect(res.json<Board>().guid).not.toBe(parse((await read(ann)).body).guid);
  });
});
