import { afterAll, beforeAll, describe } from 'vitest';
import type { Board } from '@brushline/shared/board/schemas';
import { createTestApp, registerUser, type TestApp } from '../../test/harness.ts';
import { everyRouteHasARow, routeMatrix, routesOf, type MatrixRow } from '../../test/route-matrix.ts';
import { call, registerArtist, type TestUser } from '../../test/kit.ts';
import { columnOf, getBoard, orderAt, saveBody } from './board-fixtures.ts';
import { boardRoutes } from './board.routes.ts';

/**
 * Every board route × {owner, other signed-in user, anonymous}. The owner's board holds a
 * commission, a personal task and an own column; after every call by someone else the owner's
 * board must be exactly as before, and no answer to them may show the owner's private marker.
 */
type Who = 'owner' | 'other' | 'anon';
interface Ctx {
  board: Board;
  personal: number;
  commission: number;
  own: string;
}
type Row = MatrixRow<Who, Ctx>;

const MARKER = 'Secret stage 7f3a';
let t: TestApp;
let owner: TestUser;
let other: TestUser;
let buyer: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  owner = await registerArtist(t);
  other = await registerArtist(t);
  buyer = await registerUser(t.app, t.dataDir);
  await orderAt(t, owner, buyer, 'processing');
});
afterAll(() => t.close());

async function context(): Promise<Ctx> {
  let board = await getBoard(t, owner);
  if (!board.columns.some((c) => c.title === MARKER)) {
    board = (
      await call(t.app, 'POST', '/api/board/column', owner.cookie, { title: MARKER, isPublic: false })
    ).json<Board>();
  }
  if (!board.tasks.some((x) => x.title === 'Personal 7f3a')) {
    board = (
      await call(t.app, 'POST', '/api/board/task', owner.cookie, {
        columnGuid: columnOf(board, 'accepted').id,
        title: 'Personal 7f3a',
      })
    ).json<Board>();
  }
  return {
    board,
    personal: board.tasks.find((x) => x.commission === null)!.id,
    commission: board.tasks.find((x) => x.commission !== null)!.id,
    own: board.columns.find((c) => c.title === MARKER)!.id,
  };
}

const rows: Row[] = [
  {
    name: 'GET /board',
    method: 'GET',
    url: () => '/api/board',
    expect: { owner: 200, other: 200, anon: 401 },
  },
  {
    name: 'PATCH /board/update',
    method: 'PATCH',
    url: () => '/api/board/update',
    body: (c) => saveBody(c.board),
    expect: { owner: 200, other: 404, anon: 401 },
  },
  {
    name: 'POST /board/column',
    method: 'POST',
    url: () => '/api/board/column',
    body: () => ({ title: 'Another' }),
    expect: { owner: 200, other: 200, anon: 401 },
  },
  {
    name: 'PATCH /board/column/move',
    method: 'PATCH',
    url: () => '/api/board/column/move',
    body: (c) => ({ guid: c.own, newOrder: 0, version: c.board.version }),
    expect: { owner: 200, other: 404, anon: 401 },
  },
  {
    name: 'PATCH /board/column/{guid}',
    method: 'PATCH',
    url: (c) => `/api/board/column/${c.own}`,
    body: () => ({ title: MARKER, isPublic: false, wipLimit: 3 }),
    expect: { owner: 200, other: 404, anon: 401 },
  },
  {
    name: 'POST /board/task',
    method: 'POST',
    url: () => '/api/board/task',
    body: (c) => ({ columnGuid: c.own, title: 'Sneaky' }),
    expect: { owner: 200, other: 404, anon: 401 },
  },
  {
    name: 'PATCH /board/task/{id}',
    method: 'PATCH',
    url: (c) => `/api/board/task/${c.personal}`,
    body: () => ({ title: 'Personal 7f3a', description: 'edited' }),
    expect: { owner: 200, other: 404, anon: 401 },
  },
  {
    name: 'PATCH /board/task/{id}/read',
    method: 'PATCH',
    url: (c) => `/api/board/task/${c.commission}/read`,
    expect: { owner: 200, other: 404, anon: 401 },
  },
  {
    name: 'PATCH /board/settings',
    method: 'PATCH',
    url: () => '/api/board/settings',
    body: () => ({ slots: 4 }),
    expect: { owner: 200, other: 200, anon: 401 },
  },
  {
    name: 'GET /queue/{login}',
    method: 'GET',
    url: () => `/api/queue/${owner.login}`,
    expect: { owner: 200, other: 200, anon: 200 },
  },
  {
    name: 'GET /queue/{login}/slots',
    method: 'GET',
    url: () => `/api/queue/${owner.login}/slots`,
    expect: { owner: 200, other: 200, anon: 200 },
  },
  {
    name: 'DELETE /board/task/{id}',
    method: 'DELETE',
    url: (c) => `/api/board/task/${c.personal}`,
    expect: { owner: 200, other: 404, anon: 401 },
  },
  {
    name: 'DELETE /board/column/{guid}',
    method: 'DELETE',
    url: (c) => `/api/board/column/${c.own}`,
    expect: { owner: 200, other: 404, anon: 401 },
  },
];

describe('board routes × callers', () => {
  everyRouteHasARow(() => routesOf(boardRoutes(t.app.deps)), rows);

  routeMatrix({
    t: () => t,
    who: ['anon', 'other', 'owner'],
    rows,
    context: () => context(),
    cookieOf: (who) => (who === 'owner' ? owner.cookie : who === 'other' ? other.cookie : undefined),
    snapshot: () => getBoard(t, owner),
    markers: () => [MARKER, 'Personal 7f3a'],
    defaults: { mutates: ['owner'], seenBy: ['owner'] },
  });
});
