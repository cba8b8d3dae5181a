import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/harness.ts';

interface Param {
  name: string;
  in: string;
  schema: { type?: string; format?: string; pattern?: string };
}
type Doc = { paths: Record<string, Record<string, { parameters?: Param[] }>> };

let t: TestApp;
let doc: Doc;
beforeAll(async () => {
  t = await createTestApp();
  doc = (await t.app.inject({ url: '/api/openapi.json' })).json<Doc>();
});
afterAll(() => t.close());

/** Every path parameter of the API as [method, path, param]. */
function pathParams(): [string, string, Param][] {
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).flatMap(([method, op]) =>
      (op.parameters ?? [])
        .filter((p) => p.in === 'path')
        .map((p): [string, string, Param] => [method, path, p]),
    ),
  );
}

describe('ids in paths', () => {
  it('every id in a path is a uuid or a whole number, never a bare string', () => {
    const ids = pathParams().filter(([, , p]) => p.name === 'id' || p.name === 'uuid');
    expect(ids.length).toBeGreaterThan(10);
    for (const [method, path, p] of ids) {
      // Whole numbers arrive as text in one canonical spelling (shared rowIdSchema).
      const whole = p.schema.type === 'integer' || p.schema.pattern === '^[1-9][0-9]*$';
      const kind = p.schema.format === 'uuid' ? 'uuid' : whole ? 'integer' : 'other';
      expect(kind, `${method} ${path}`).not.toBe('other');
    }
  });

  it('a malformed uuid answers 400 with the same message on every route', async () => {
    const uuidRoutes = pathParams().filter(([, , p]) => p.schema.format === 'uuid');
    expect(uuidRoutes.map(([m, path]) => `${m} ${path}`)).toEqual(
      expect.arrayContaining([
        'get /api/user/id/{id}',
        'get /api/media/{id}/{variant}',
        'get /api/comissioncard/get/{uuid}',
        'delete /api/comissioncard/delete/{uuid}',
      ]),
    );
    for (const [method, path, param] of uuidRoutes) {
      // Only this parameter is malformed; any other one gets a well-formed value.
      const url = path
        .replace(`{${param.name}}`, 'not-a-uuid')
        .replace(/\{(\w+)\}/g, (_, name: string) => (name === 'variant' ? 'full' : '1'));
      const res = await t.app.inject({ method: method.toUpperCase() as 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error.fields, url).toEqual({ [param.name]: 'Must be a uuid' });
    }
  });
});
