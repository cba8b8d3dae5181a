import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { textNulMessage } from '@brushline/shared/text';
import { createTestApp, registerUser, type TestApp } from '../test/harness.ts';

interface JsonSchema {
  type?: string;
  enum?: string[];
  pattern?: string;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
}
interface Operation {
  parameters?: { in: 'path' | 'query'; name: string; schema: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}
interface Route {
  method: string;
  path: string;
  op: Operation;
}

let t: TestApp;
let cookie: string;
let routes: Route[];
beforeAll(async () => {
  t = await createTestApp();
  cookie = (await registerUser(t.app, t.dataDir)).cookie;
  // Every documented route, so a route added later is checked without editing this file.
  const doc = (await t.app.inject({ url: '/api/openapi.json' })).json<{
    paths: Record<string, Record<string, Operation>>;
  }>();
  routes = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
  );
});
afterAll(() => t.close());

const NUL = '\u0000';
const ID_PATTERN = '^[1-9][0-9]*$';
/** A value each parameter's schema accepts, so only the parameter under test is wrong. */
const sample = (schema: JsonSchema) => schema.enum?.[0] ?? '1';

function url(route: Route, path: Record<string, string>, query: Record<string, string> = {}) {
  let out = route.path;
  for (const p of route.op.parameters?.filter((x) => x.in === 'path') ?? []) {
    out = out.replace(`{${p.name}}`, encodeURIComponent(path[p.name] ?? sample(p.schema)));
  }
  const qs = new URLSearchParams(query).toString();
  return qs ? `${out}?${qs}` : out;
}

/** One body per field that takes text, nested ones included (e.g. sections.0.title), with NUL in it. */
function nulBodies(schema: JsonSchema | undefined): unknown[] {
  const bodies: unknown[] = [{ unknownField: NUL }];
  for (const [key, prop] of Object.entries(schema?.properties ?? {})) {
    if (prop.type === 'string') bodies.push({ [key]: NUL });
    if (prop.type === 'array' && prop.items?.type === 'string') bodies.push({ [key]: [NUL] });
    if (prop.type === 'array' && prop.items?.properties)
      for (const inner of nulBodies(prop.items).slice(1)) bodies.push({ [key]: [inner] });
  }
  return bodies;
}

async function send(route: Route, target: string, payload?: unknown) {
  return t.app.inject({
    method: route.method as 'GET',
    url: target,
    headers: { cookie },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

function expectNulRefused(res: { statusCode: number; body: string; json: () => unknown }, what: string) {
  expect(res.statusCode, `${what}: ${res.body}`).toBe(400);
  expect(res.json(), what).toMatchObject({ error: { code: 'validation_error', message: textNulMessage } });
}

describe('NUL in any text answers 400 with the shared message, on every route', () => {
  it('covers the routes of the API document', () => {
    expect(routes.length).toBeGreaterThan(40);
  });

  it('in every path parameter', async () => {
    for (const route of routes) {
      for (const p of route.op.parameters?.filter((x) => x.in === 'path') ?? []) {
        const target = url(route, { [p.name]: `a${NUL}` });
        expectNulRefused(await send(route, target), `${route.method} ${target}`);
      }
    }
  });

  it('in every query parameter', async () => {
    for (const route of routes) {
      for (const p of route.op.parameters?.filter((x) => x.in === 'query') ?? []) {
        const target = url(route, {}, { [p.name]: NUL });
        expectNulRefused(await send(route, target), `${route.method} ${target}`);
      }
    }
  });

  it('in every text field of every JSON body', async () => {
    for (const route of routes) {
      const json = route.op.requestBody?.content['application/json'];
      if (!json) continue;
      for (const body of nulBodies(json.schema)) {
        expectNulRefused(
          await send(route, url(route, {}), body),
          `${route.method} ${route.path} ${JSON.stringify(body)}`,
        );
      }
    }
  });
});

describe('numeric ids have one spelling', () => {
  it.each(['0x10', ' 1', '1e3', '01', '-1', '1.0', '+1', '0'])(
    '%j answers 400 wherever an id goes',
    async (raw) => {
      let checked = 0;
      for (const route of routes) {
        for (const p of route.op.parameters?.filter((x) => x.schema.pattern === ID_PATTERN) ?? []) {
          const target = p.in === 'path' ? url(route, { [p.name]: raw }) : url(route, {}, { [p.name]: raw });
          const res = await send(route, target);
          expect(res.statusCode, `${route.method} ${target}: ${res.body}`).toBe(400);
          expect(res.json().error.code).toBe('validation_error');
          checked += 1;
        }
      }
      // Posts, likes, notifications, socials, forms and tasks all take numeric ids.
      expect(checked).toBeGreaterThan(15);
    },
  );
});
