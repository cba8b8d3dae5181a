import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Every routes plugin of every module is checked by an authorization table (a
 * *authorization.test.ts: every route × every kind of caller, test/route-matrix.ts) through
 * everyRouteHasARow over routesOf(plugin), so a route added anywhere needs a row. A module's table
 * is beside its code, except email's preference and unsubscribe routes: they live under
 * /api/notifications and are in the notifications table.
 */
const modulesDir = fileURLToPath(new URL('./modules/', import.meta.url));
const modules = readdirSync(modulesDir, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const filesOf = (name: string) => readdirSync(join(modulesDir, name));
const read = (name: string, file: string) => readFileSync(join(modulesDir, name, file), 'utf8');
const tables = modules.flatMap((name) =>
  filesOf(name)
    .filter((f) => f.endsWith('authorization.test.ts'))
    .map((f) => ({ module: name, text: read(name, f) })),
);

describe('authorization tables', () => {
  it.each(modules)('every routes plugin of %s is checked by one', (name) => {
    const plugins = filesOf(name)
      .filter((f) => f.endsWith('.routes.ts'))
      .flatMap((f) => [...read(name, f).matchAll(/export const (\w+Routes)\b/g)].map((m) => m[1]!));
    expect(plugins.length, `${name} declares no routes plugin`).toBeGreaterThan(0);
    const checkedBy = (plugin: string) =>
      tables.filter(
        (t) => t.text.includes('everyRouteHasARow(') && new RegExp(`\\b${plugin}\\(`).test(t.text),
      );
    expect(plugins.filter((p) => checkedBy(p).length === 0)).toEqual([]);
    if (name !== 'email')
      expect(plugins.filter((p) => !checkedBy(p).some((t) => t.module === name))).toEqual([]);
  });
});
