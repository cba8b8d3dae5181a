import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BOARD_SYSTEM_COLUMNS } from '@brushline/shared/board/constants';
import { boardMessages, moveRefused } from '@brushline/shared/board/messages';
import type { Board } from '@brushline/shared/board/schemas';
import { createTestApp, registerUser, type TestApp } from '../../test/harness.ts';
import { call, deliveryBody, registerArtist, type TestUser } from '../../test/kit.ts';
import { columnOf, getBoard, moved, orderAt, saveBody, whereIs } from './board-fixtures.ts';

let t: TestApp;
let buyer: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  buyer = await registerUser(t.app, t.dataDir);
});
afterAll(() => t.close());

const save = (user: TestUser, body: unknown) => call(t.app, 'PATCH', '/api/board/update', user.cookie, body);

describe('the board', () => {
  it('is made on first use with the four system columns, public and not deletable', async () => {
    const ann = await registerArtist(t);
    const board = await getBoard(t, ann);
    expect(board.columns.map((c) => [c.title, c.systemKey, c.status, c.isSystem, c.isPublic])).toEqual([
      ['Accepted', 'accepted', 'waiting', true, true],
      ['In progress', 'inProgress', 'processing', true, true],
      ['Awaiting approval', 'awaitingApproval', 'finished', true, true],
      ['Done', 'done', 'done', true, true],
    ]);
    expect(board.tasks).toEqual([]);
    const again = await getBoard(t, ann);
    expect(again.guid).toBe(board.guid);
    const del = await call(t.app, 'DELETE', `/api/board/column/${board.columns[0]!.id}`, ann.cookie);
    expect(del.statusCode).toBe(409);
    expect(del.json().error.message).toBe(boardMessages.systemColumnDelete);
    expect((await getBoard(t, ann)).columns).toHaveLength(BOARD_SYSTEM_COLUMNS.length);
  });

  it('places a commission by itself as its status changes anywhere, and tells the artist live', async () => {
    const ann = await registerArtist(t);
    await getBoard(t, ann);
    const toUser = vi.spyOn(t.app.deps.hub, 'toUser');
    const form = await orderAt(t, ann, buyer, 'none');
    expect(whereIs(await getBoard(t, ann), form.id)).toBeNull();
    const move = async (who: TestUser, action: string, body?: unknown) => {
      const res = await call(t.app, 'PUT', `/api/task/${form.task.id}/${action}`, who.cookie, body);
      expect(res.statusCode, res.body).toBe(200);
    };
    await move(ann, 'accept');
    expect(toUser).toHaveBeenCalledWith(
      ann.id,
      'BoardUpdated',
      expect.objectContaining({ guid: expect.any(String) }),
    );
    expect(whereIs(await getBoard(t, ann), form.id)).toBe('Accepted');
    await move(ann, 'start');
    expect(whereIs(await getBoard(t, ann), form.id)).toBe('In progress');
    await move(ann, 'deliver', await deliveryBody(t, ann));
    expect(whereIs(await getBoard(t, ann), form.id)).toBe('Awaiting approval');
    toUser.mockClear();
    await move(buyer, 'send-back', { comment: 'Bigger ears' });
    // The buyer's move reaches the artist's board live.
    expect(toUser).toHaveBeenCalledWith(ann.id, 'BoardUpdated', expect.anything());
    expect(whereIs(await getBoard(t, ann), form.id)).toBe('In progress');
    await move(ann, 'deliver', await deliveryBody(t, ann));
    await move(buyer, 'approve');
    const board = await getBoard(t, ann);
    expect(whereIs(board, form.id)).toBe('Done');
    const task = board.tasks.find((x) => x.commission?.formId === form.id)!;
    expect(task.commission).toMatchObject({
      status: 'done',
      cardTitle: 'Full body portrait',
      buyer: { id: buyer.id },
    });
    toUser.mockRestore();
  });

  it('a declined or canceled request never joins the board', async () => {
    const ann = await registerArtist(t);
    const a = await orderAt(t, ann, buyer, 'none');
    const b = await orderAt(t, ann, buyer, 'none');
    expect((await call(t.app, 'DELETE', `/api/comissionform/decline/${a.id}`, ann.cookie)).statusCode).toBe(
      200,
    );
    expect(
      (await call(t.app, 'DELETE', `/api/comissionform/decline-request-as-buyer/${b.id}`, buyer.cookie))
        .statusCode,
    ).toBe(200);
    expect((await getBoard(t, ann)).tasks).toEqual([]);
  });
});

describe('dropping a commission task: the same status machine as the CRM buttons', () => {
  // Status × target column: which saves are refused (409, nothing changes) and which only place.
  // A drop that starts or delivers goes through PUT /task/{id}/start|deliver first; a save that
  // skips it is refused as well (the status did not change).
  const cases: {
    status: 'waiting' | 'processing' | 'finished' | 'done';
    to: string;
    ok: boolean;
    why?: string;
  }[] = [
    { status: 'waiting', to: 'accepted', ok: true },
    { status: 'waiting', to: 'inProgress', ok: false, why: boardMessages.statusFirst },
    { status: 'waiting', to: 'awaitingApproval', ok: false, why: boardMessages.startBeforeDelivering },
    { status: 'waiting', to: 'done', ok: false, why: boardMessages.onlyApprovalMovesToDone },
    { status: 'waiting', to: 'own', ok: false, why: boardMessages.statusFirst },
    { status: 'processing', to: 'accepted', ok: false, why: boardMessages.noGoingBack },
    { status: 'processing', to: 'inProgress', ok: true },
    { status: 'processing', to: 'own', ok: true },
    { status: 'processing', to: 'awaitingApproval', ok: false, why: boardMessages.statusFirst },
    { status: 'processing', to: 'done', ok: false, why: boardMessages.onlyApprovalMovesToDone },
    { status: 'finished', to: 'inProgress', ok: false, why: boardMessages.waitingForBuyer },
    { status: 'finished', to: 'own', ok: false, why: boardMessages.waitingForBuyer },
    { status: 'finished', to: 'done', ok: false, why: boardMessages.onlyApprovalMovesToDone },
    { status: 'done', to: 'inProgress', ok: false, why: boardMessages.doneStaysDone },
  ];
  for (const c of cases) {
    it(`${c.status} → ${c.to}: ${c.ok ? 'placed' : 'refused'}`, async () => {
      const ann = await registerArtist(t);
      const form = await orderAt(t, ann, buyer, c.status);
      const made = await call(t.app, 'POST', '/api/board/column', ann.cookie, { title: 'Sketch' });
      expect(made.statusCode).toBe(200);
      const before = made.json<Board>();
      const target =
        c.to === 'own' ? before.columns.find((x) => x.title === 'Sketch')! : columnOf(before, c.to);
      const task = before.tasks.find((x) => x.commission?.formId === form.id)!;
      const res = await save(ann, moved(before, task.id, target.id));
      if (c.ok) {
        expect(res.statusCode, res.body).toBe(200);
        expect(whereIs(res.json<Board>(), form.id)).toBe(target.title);
      } else {
        expect(res.statusCode).toBe(409);
        expect(res.json().error).toEqual({ code: 'illegal_drop', message: moveRefused(c.why!) });
        expect(await getBoard(t, ann)).toEqual(before);
      }
    });
  }

  it('dropping into In progress after the start move keeps the task where it was dropped', async () => {
    const ann = await registerArtist(t);
    const form = await orderAt(t, ann, buyer, 'waiting');
    const made = (
      await call(t.app, 'POST', '/api/board/column', ann.cookie, { title: 'Lines' })
    ).json<Board>();
    expect((await call(t.app, 'PUT', `/api/task/${form.task.id}/start`, ann.cookie)).statusCode).toBe(200);
    const now = await getBoard(t, ann);
    expect(now.version).toBeGreaterThan(made.version);
    const lines = now.columns.find((c) => c.title === 'Lines')!;
    const task = now.tasks.find((x) => x.commission?.formId === form.id)!;
    const res = await save(ann, moved(now, task.id, lines.id));
    expect(res.statusCode).toBe(200);
    expect(whereIs(res.json<Board>(), form.id)).toBe('Lines');
    // A later read keeps it there: Lines holds work in progress, like In progress.
    expect(whereIs(await getBoard(t, ann), form.id)).toBe('Lines');
  });
});

describe('saving the board', () => {
  it('a save from an older version answers 409 "Board was not updated" and changes nothing', async () => {
    const ann = await registerArtist(t);
    const board = await getBoard(t, ann);
    const inProgress = columnOf(board, 'inProgress');
    const first = await call(t.app, 'POST', '/api/board/task', ann.cookie, {
      columnGuid: inProgress.id,
      title: 'Order paper',
    });
    const v1 = first.json<Board>();
    const second = await call(t.app, 'POST', '/api/board/task', ann.cookie, {
      columnGuid: inProgress.id,
      title: 'Stretch canvas',
    });
    const v2 = second.json<Board>();
    // Tab A (still at v1) moves a task: refused, since tab B's change made v2.
    const stale = await save(ann, moved(v1, v1.tasks[0]!.id, columnOf(v1, 'done').id));
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe('board_stale');
    expect(stale.json().error.message).toMatch(/^Board was not updated/);
    expect(await getBoard(t, ann)).toEqual(v2);
    // A save from the current version goes through, reorders and bumps the version.
    const ok = await save(
      ann,
      saveBody(
        v2,
        [...v2.tasks].reverse().map((x) => ({ id: x.id, columnId: x.columnId })),
      ),
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.json<Board>().tasks.map((x) => x.title)).toEqual(['Stretch canvas', 'Order paper']);
    expect(ok.json<Board>().version).toBe(v2.version + 1);
  });

  it('a malformed or foreign save is refused whole', async () => {
    const ann = await registerArtist(t);
    const bob = await registerArtist(t);
    const col = columnOf(await getBoard(t, ann), 'accepted').id;
    await call(t.app, 'POST', '/api/board/task', ann.cookie, { columnGuid: col, title: 'A' });
    const board = (
      await call(t.app, 'POST', '/api/board/task', ann.cookie, { columnGuid: col, title: 'B' })
    ).json<Board>();
    const bobCol = columnOf(await getBoard(t, bob), 'accepted').id;
    const bobBoard = (
      await call(t.app, 'POST', '/api/board/task', bob.cookie, { columnGuid: bobCol, title: 'Bob' })
    ).json<Board>();
    const tasks = board.tasks.map((x) => ({ id: x.id, columnId: x.columnId }));
    const bad: [string, unknown, number][] = [
      ['a task lost', saveBody(board, tasks.slice(1)), 400],
      ['a task twice', saveBody(board, [...tasks, tasks[0]!]), 400],
      [
        'a foreign task',
        saveBody(board, [...tasks.slice(1), { id: bobBoard.tasks[0]!.id, columnId: col }]),
        400,
      ],
      ['a foreign column', saveBody(board, [{ ...tasks[0]!, columnId: bobCol }, tasks[1]!]), 400],
      ['a column lost', { ...saveBody(board), columns: saveBody(board).columns.slice(1) }, 400],
      [
        'two columns at one place',
        { ...saveBody(board), columns: board.columns.map((c) => ({ id: c.id, order: 0 })) },
        400,
      ],
      ['another board', { ...saveBody(board), guid: bobBoard.guid }, 404],
      ['no version', { ...saveBody(board), version: undefined }, 400],
    ];
    for (const [name, body, status] of bad) {
      const res = await save(ann, body);
      expect(res.statusCode, name).toBe(status);
      expect(await getBoard(t, ann), name).toEqual(board);
    }
    expect(await getBoard(t, bob)).toEqual(bobBoard);
  });
});

describe('columns and personal tasks', () => {
  it('a new column is public, non-system, before Awaiting approval; deleting it sends its tasks to In progress', async () => {
    const ann = await registerArtist(t);
    const form = await orderAt(t, ann, buyer, 'processing');
    let board = (
      await call(t.app, 'POST', '/api/board/column', ann.cookie, { title: 'Colour', wipLimit: 2 })
    ).json<Board>();
    expect(board.columns.map((c) => c.title)).toEqual([
      'Accepted',
      'In progress',
      'Colour',
      'Awaiting approval',
      'Done',
    ]);
    const colour = board.columns.find((c) => c.title === 'Colour')!;
    expect(colour).toMatchObject({
      isPublic: true,
      isSystem: false,
      systemKey: null,
      status: 'processing',
      wipLimit: 2,
    });
    const task = board.tasks.find((x) => x.commission?.formId === form.id)!;
    board = (await save(ann, moved(board, task.id, colour.id))).json<Board>();
    board = (
      await call(t.app, 'POST', '/api/board/task', ann.cookie, {
        columnGuid: colour.id,
        title: 'Palette',
        dueDate: '2027-01-31',
      })
    ).json<Board>();
    const renamed = await call(t.app, 'PATCH', `/api/board/column/${colour.id}`, ann.cookie, {
      title: 'Colours',
      isPublic: false,
      wipLimit: null,
    });
    expect(renamed.json<Board>().columns.find((c) => c.id === colour.id)).toMatchObject({
      title: 'Colours',
      isPublic: false,
      wipLimit: null,
    });
    const sys = columnOf(board, 'done');
    const rename = await call(t.app, 'PATCH', `/api/board/column/${sys.id}`, ann.cookie, {
      title: 'Finito',
      isPublic: false,
      wipLimit: null,
    });
    expect(rename.statusCode).toBe(400);
    const del = await call(t.app, 'DELETE', `/api/board/column/${colour.id}`, ann.cookie);
    expect(del.statusCode).toBe(200);
    const after = del.json<Board>();
    expect(after.columns.map((c) => c.title)).toEqual([
      'Accepted',
      'In progress',
      'Awaiting approval',
      'Done',
    ]);
    expect(whereIs(after, form.id)).toBe('In progress');
    expect(after.tasks.find((x) => x.title === 'Palette')!.columnId).toBe(columnOf(after, 'inProgress').id);
  });

  it('moves a column by guid and newOrder', async () => {
    const ann = await registerArtist(t);
    const board = (
      await call(t.app, 'POST', '/api/board/column', ann.cookie, { title: 'Sketch' })
    ).json<Board>();
    const sketch = board.columns.find((c) => c.title === 'Sketch')!;
    const res = await call(t.app, 'PATCH', '/api/board/column/move', ann.cookie, {
      guid: sketch.id,
      newOrder: 0,
      version: board.version,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<Board>().columns.map((c) => [c.title, c.order])).toEqual([
      ['Sketch', 0],
      ['Accepted', 1],
      ['In progress', 2],
      ['Awaiting approval', 3],
      ['Done', 4],
    ]);
    const stale = await call(t.app, 'PATCH', '/api/board/column/move', ann.cookie, {
      guid: sketch.id,
      newOrder: 3,
      version: board.version,
    });
    expect(stale.statusCode).toBe(409);
  });

  it('personal tasks: created with title, description and due date, edited, deleted; commission tasks are not', async () => {
    const ann = await registerArtist(t);
    const form = await orderAt(t, ann, buyer, 'waiting');
    const board = await getBoard(t, ann);
    const res = await call(t.app, 'POST', '/api/board/task', ann.cookie, {
      columnGuid: columnOf(board, 'done').id,
      title: 'Update portfolio',
      description: 'Add the fox',
      dueDate: '2027-02-01',
    });
    expect(res.statusCode).toBe(200);
    const task = res.json<Board>().tasks.find((x) => x.title === 'Update portfolio')!;
    expect(task).toMatchObject({ description: 'Add the fox', dueDate: '2027-02-01', commission: null });
    const bad = await call(t.app, 'POST', '/api/board/task', ann.cookie, {
      columnGuid: columnOf(board, 'done').id,
      title: ' ',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe(boardMessages.taskTitleRequired);
    const edited = await call(t.app, 'PATCH', `/api/board/task/${task.id}`, ann.cookie, {
      title: 'Update site',
      dueDate: null,
    });
    expect(edited.json<Board>().tasks.find((x) => x.id === task.id)).toMatchObject({
      title: 'Update site',
      description: '',
      dueDate: null,
    });
    const commission = board.tasks.find((x) => x.commission?.formId === form.id)!;
    expect((await call(t.app, 'DELETE', `/api/board/task/${commission.id}`, ann.cookie)).statusCode).toBe(
      409,
    );
    expect((await call(t.app, 'DELETE', `/api/board/task/${task.id}`, ann.cookie)).statusCode).toBe(200);
    expect((await getBoard(t, ann)).tasks.map((x) => x.commission?.formId)).toEqual([form.id]);
  });

  it('the read (fast-json-stringify) answers exactly what a change (zod) answers', async () => {
    const ann = await registerArtist(t);
    const form = await orderAt(t, ann, buyer, 'finished');
    await call(t.app, 'PUT', `/api/task/${form.task.id}/send-back`, buyer.cookie, { comment: 'Brighter' });
    await orderAt(t, ann, buyer, 'waiting');
    const board = await getBoard(t, ann);
    await call(t.app, 'POST', '/api/board/column', ann.cookie, {
      title: 'Sketch',
      isPublic: false,
      wipLimit: 3,
    });
    const changed = await call(t.app, 'POST', '/api/board/task', ann.cookie, {
      columnGuid: columnOf(board, 'accepted').id,
      title: 'Buy paper',
      description: 'A3',
      dueDate: '2027-03-01',
    });
    expect(changed.statusCode).toBe(200);
    const read = await call(t.app, 'GET', '/api/board', ann.cookie);
    expect(read.json()).toEqual(changed.json());
    expect(read.body).toBe(changed.body);
    const task = read.json<Board>().tasks.find((x) => x.commission?.formId === form.id)!;
    expect(task.commission!.unread).toBeGreaterThan(0);
  });

  it('opening a commission task marks its notifications read', async () => {
    const ann = await registerArtist(t);
    const form = await orderAt(t, ann, buyer, 'finished');
    await call(t.app, 'PUT', `/api/task/${form.task.id}/send-back`, buyer.cookie, { comment: 'Brighter' });
    const task = (await getBoard(t, ann)).tasks.find((x) => x.commission?.formId === form.id)!;
    expect(task.commission!.unread).toBeGreaterThan(0);
    const res = await call(t.app, 'PATCH', `/api/board/task/${task.id}/read`, ann.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().updated).toBeGreaterThan(0);
    expect((await getBoard(t, ann)).tasks.find((x) => x.id === task.id)!.commission!.unread).toBe(0);
  });
});
