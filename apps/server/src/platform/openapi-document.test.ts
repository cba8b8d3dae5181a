import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkApi } from '../../../../api-client/check.ts';
import { createTestApp, registerUser, type TestApp } from '../test/harness.ts';
import { listen } from '../test/hub-client.ts';
import { OPERATION_IDS } from './operation-ids.ts';

// /api/openapi.json is what generated clients are built from (openapi-typescript, orval,
// openapi-generator): every operation needs a stable, unique name and the document a server.

type Doc = {
  servers?: { url: string }[];
  paths: Record<string, Record<string, { operationId?: string }>>;
};

let t: TestApp;
let doc: Doc;
beforeAll(async () => {
  t = await createTestApp();
  doc = (await t.app.inject({ url: '/api/openapi.json' })).json<Doc>();
});
afterAll(() => t.close());

const operations = () =>
  Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({
      key: `${method.toUpperCase()} ${path}`,
      id: op.operationId,
    })),
  );

describe('/api/openapi.json', () => {
  it('names every operation with the operationId chosen in operation-ids.ts, and that table has no stale entries', () => {
    const ops = operations();
    expect(ops.length).toBeGreaterThan(100);
    expect(ops.filter((o) => o.id === undefined).map((o) => o.key)).toEqual([]);
    expect(Object.fromEntries(ops.map((o) => [o.key, o.id]))).toEqual(OPERATION_IDS);
  });

  it('operationIds are unique camelCase names', () => {
    const ids = operations().map((o) => o.id!);
    expect(ids.filter((id) => !/^[a-z][a-zA-Z0-9]*$/.test(id))).toEqual([]);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });

  it('declares the server its paths are relative to (this origin: paths start with /api)', () => {
    expect(doc.servers).toEqual([expect.objectContaining({ url: '/' })]);
    expect(Object.keys(doc.paths).every((p) => p.startsWith('/api/'))).toBe(true);
  });
});

describe('a client typed from the document (api-client/check.ts)', () => {
  it('signs in, reads the feed, posts, likes, reads the post back, deletes it and signs out', async () => {
    const user = await registerUser(t.app, t.dataDir);
    const report = await checkApi(await listen(t.app), { login: user.login, password: user.password });
    expect(report.me.loginName).toBe(user.login.toLowerCase());
    expect(report.firstPageIds).not.toContain(report.created.id);
    expect(report.created).toMatchObject({ maturity: 'sfw', owner: { login: user.login.toLowerCase() } });
    expect(report.liked).toEqual({ totalLikes: 1, likedByMe: true });
    expect(report.readBack).toMatchObject({ id: report.created.id, likedByMe: true, totalLikes: 1 });
    expect(report.inFeedAfter).toBe(true);
    expect(typeof report.unread.count).toBe('number');
    expect(report.deleted.message).toBeTruthy();
    expect(report.signedOutSession).toBeNull();
  });
});
