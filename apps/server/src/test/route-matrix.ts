import { expect, it } from 'vitest';
import type { TestApp } from './harness.ts';
import { call } from '../modules/orders/commission-fixtures.ts';

/**
 * The authorization tables of the feature suites (orders, requests, tags, board): every route ×
 * every kind of caller, each case in a fresh context, with what the caller must be answered, what
 * they may change and what they may be shown.
 */
export interface MatrixRow<Who extends string, Ctx, Setup = undefined> {
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: (c: Ctx) => string;
  body?: (c: Ctx) => unknown;
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
  context: (setup: Setup | undefined) => Promise<Ctx>;
  cookieOf: (who: Who, c: Ctx) => string | undefined;
  /** What the callers can see; compared before and after each call nobody may change it with. */
  snapshot: (c: Ctx) => Promise<unknown>;
  /** Texts only `seenBy` callers may be answered (a title, a private column's name). */
  markers?: (c: Ctx) => string[];
  defaults?: { mutates?: Who[]; seenBy?: Who[] };
  /** A caller in `mutates` must change the snapshot (not only may). */
  mutatesMust?: boolean;
  /** After each case, whatever the answer (caps a long table would reach). */
  cleanup?: (c: Ctx) => Promise<void>;
}

/** Registers one test per row and caller (call inside a `describe`). */
export function routeMatrix<Who extends string, Ctx, Setup = undefined>(m: Matrix<Who, Ctx, Setup>): void {
  const cases = m.rows.flatMap((row) => m.who.map((who) => [row.name, who, row] as const));
  it.each(cases)('%s as %s', async (_name, who, row) => {
    const c = await m.context(row.setup);
    try {
      const before = await m.snapshot(c);
      const res = await call(m.t().app, row.method, row.url(c), m.cookieOf(who, c), row.body?.(c));
      const shown = String(res.headers['content-type']).startsWith('image/') ? '(image bytes)' : res.body;
      expect(res.statusCode, shown).toBe(row.expect[who]);
      row.check?.(res, who, c);
      if (res.statusCode >= 400)
        expect(res.json<{ error: { message: unknown } }>().error.message).toEqual(expect.any(String));
      const mutator = (row.mutates ?? m.defaults?.mutates ?? []).includes(who);
      if (res.statusCode >= 300 || !mutator) expect(await m.snapshot(c)).toEqual(before);
      else if (m.mutatesMust) expect(await m.snapshot(c)).not.toEqual(before);
      if (res.statusCode < 300 && !(row.seenBy ?? m.defaults?.seenBy ?? []).includes(who)) {
        const markers = row.marker ? [row.marker(c)] : (m.markers?.(c) ?? []);
        for (const marker of markers) expect(res.body).not.toContain(marker);
      }
    } finally {
      await m.cleanup?.(c);
    }
  });
}
