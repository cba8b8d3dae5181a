import Fastify from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type FastifyPluginAsyncZod,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { afterAll, expect, it } from 'vitest';
import type { TestApp } from './harness.ts';
import { call } from './kit.ts';

/**
 * The authorization tables of the feature suites (one per module): every route × every kind of
 * caller, with what the caller must be answered, what they may change and what they may be shown.
 *
 * Contexts: a case that may change something (its caller is one of the row's `mutates` and is to be
 * answered a success) gets a context of its own, made for it and cleaned up after it. Every other
 * case of the table shares one context per setup, made when first needed and cleaned up after the
 * table: such a case may not change what `snapshot` reads, which the case itself checks, so the
 * next case meets the context as it was made. A case that fails gives its shared context up (the
 * next case with that setup gets a new one), so one broken route fails its own cases only. A case
 * on the context the case before it checked, with nothing run in between, starts from the snapshot
 * that case took after its call instead of taking the same one again.
 */
export interface MatrixRow<Who extends string, Ctx, Setup = undefined> {
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: (c: Ctx) => string;
  body?: (c: Ctx) => unknown;
  /** Headers of the request, for a body that is not JSON (a multipart upload: `body` is its bytes). */
  headers?: (c: Ctx) => Record<string, string>;
  expect: Record<Who, number>;
  /** How the case's context is made (passed to `context`). */
  setup?: Setup;
  /** Callers whose successful call may change what `snapshot` reads (default: the suite's). */
  mutates?: Who[];
  /** Callers whose successful answer may contain the context's markers (default: the suite's). */
  seenBy?: Who[];
  /** This row's private marker, instead of the suite's `markers`. */
  marker?: (c: Ctx) => string;
  /** More to check in every answer (its headers, say), after its status. */
  check?: (res: Answer, who: Who, c: Ctx) => void;
}

type Answer = Awaited<ReturnType<typeof call>>;

export interface Matrix<Who extends string, Ctx, Setup> {
  t: () => TestApp;
  who: readonly Who[];
  rows: MatrixRow<Who, Ctx, Setup>[];
  /** Makes a context for `setup` (shared or a case's own: see above). */
  context: (setup: Setup | undefined) => Promise<Ctx>;
  /** Which setups share a context (default: setups with the same JSON). */
  setupKey?: (setup: Setup | undefined) => unknown;
  /**
   * false: every case gets a context of its own, for a table whose context holds what a refused or
   * harmless call may still use up (a session that a caller's logout ends).
   */
  share?: boolean;
  cookieOf: (who: Who, c: Ctx) => string | undefined;
  /** What the callers can see; compared before and after each call nobody may change it with. */
  snapshot: (c: Ctx) => Promise<unknown>;
  /** Texts only `seenBy` callers may be answered (a title, a private column's name). */
  markers?: (c: Ctx) => string[];
  defaults?: { mutates?: Who[]; seenBy?: Who[] };
  /** A caller in `mutates` must change the snapshot (not only may). */
  mutatesMust?: boolean;
  /** When a context is done with: after its case (a case's own), after the table (a shared one). */
  cleanup?: (c: Ctx) => Promise<void>;
}

/** Registers one test per row and caller (call inside a `describe`). */
export function routeMatrix<Who extends string, Ctx, Setup = undefined>(m: Matrix<Who, Ctx, Setup>): void {
  const keyOf = m.setupKey ?? ((setup: Setup | undefined) => JSON.stringify(setup ?? null));
  const shared = new Map<unknown, Promise<Ctx>>();
  const made: Promise<Ctx>[] = [];
  /**
   * The snapshot the last case took after its call, and of which context: the next case on that
   * context starts from it, unless something else ran in between (a case with its own context, a
   * context made), which forgets it.
   */
  let seen: { c: Ctx; snapshot: unknown } | undefined;
  const sharedContext = (setup: Setup | undefined) => {
    const key = keyOf(setup);
    if (!shared.has(key)) {
      seen = undefined;
      const c = m.context(setup);
      // A setup that could not be made is tried again by its next case.
      c.catch(() => shared.delete(key));
      shared.set(key, c);
      made.push(c);
    }
    return shared.get(key)!;
  };
  afterAll(async () => {
    for (const c of made) {
      const ctx = await c.catch(() => undefined);
      if (ctx !== undefined) await m.cleanup?.(ctx);
    }
  });

  const cases = m.rows.flatMap((row) => m.who.map((who) => [row.name, who, row] as const));
  it.each(cases)('%s as %s', async (_name, who, row) => {
    // May this case change the snapshot (the caller is to succeed at a change they may make)?
    const allowed = (row.mutates ?? m.defaults?.mutates ?? []).includes(who) && row.expect[who] < 300;
    const own = allowed || m.share === false;
    if (own) seen = undefined;
    const c = await (own ? m.context(row.setup) : sharedContext(row.setup));
    try {
      // A change is looked for unless the case may change the snapshot without having to.
      const compares = !allowed || m.mutatesMust;
      const before = !compares ? undefined : seen?.c === c ? seen.snapshot : await m.snapshot(c);
      seen = undefined;
      const cookie = m.cookieOf(who, c);
      const res = row.headers
        ? await m.t().app.inject({
            method: row.method,
            url: row.url(c),
            headers: { ...row.headers(c), ...(cookie ? { cookie } : {}) },
            payload: row.body?.(c) as Buffer,
          })
        : await call(m.t().app, row.method, row.url(c), cookie, row.body?.(c));
      const shown = String(res.headers['content-type']).startsWith('image/') ? '(image bytes)' : res.body;
      expect(res.statusCode, shown).toBe(row.expect[who]);
      row.check?.(res, who, c);
      if (res.statusCode >= 400)
        expect(res.json<{ error: { message: unknown } }>().error.message).toEqual(expect.any(String));
      if (!allowed) {
        const after = await m.snapshot(c);
        expect(after).toEqual(before);
        if (!own) seen = { c, snapshot: after };
      } else if (m.mutatesMust) expect(await m.snapshot(c)).not.toEqual(before);
      if (res.statusCode < 300 && !(row.seenBy ?? m.defaults?.seenBy ?? []).includes(who)) {
        const markers = row.marker ? [row.marker(c)] : (m.markers?.(c) ?? []);
        for (const marker of markers) expect(res.body).not.toContain(marker);
      }
    } catch (error) {
      seen = undefined;
      if (!own) shared.delete(keyOf(row.setup));
      throw error;
    } finally {
      if (own) await m.cleanup?.(c);
    }
  });
}

/**
 * The routes a module's plugin declares, as `METHOD /path/{param}` without the /api prefix (the
 * spelling of a row's name), read from a bare Fastify the plugin alone is registered on.
 */
export async function routesOf(...plugins: FastifyPluginAsyncZod[]): Promise<string[]> {
  const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const found: string[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') found.push(`${method} ${route.url.replace(/:(\w+)/g, '{$1}')}`);
    }
  });
  for (const plugin of plugins) await app.register(plugin);
  await app.ready();
  await app.close();
  return found;
}

/**
 * Registers a test that every route of `routes` has a row, and every row names a route: a row's
 * name starts with its route (`GET /post/{id}`, then optionally a space and what the case is). A
 * route added to the module without a row in its table fails here. `others`: routes of other
 * modules the table may also have rows for (an order's delivered file through the media route),
 * without having to cover them.
 */
export function everyRouteHasARow(
  routes: () => Promise<string[]>,
  rows: readonly { name: string }[],
  others: () => Promise<string[]> = async () => [],
): void {
  it('has a row for every route of the module, and no row for a route it does not have', async () => {
    const declared = await routes();
    const known = [...declared, ...(await others())];
    const routeOf = (name: string) => known.find((r) => name === r || name.startsWith(`${r} `));
    expect(declared.filter((r) => !rows.some((row) => routeOf(row.name) === r))).toEqual([]);
    expect(rows.filter((row) => !routeOf(row.name)).map((row) => row.name)).toEqual([]);
  });
}
